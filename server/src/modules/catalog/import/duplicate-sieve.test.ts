import { describe, expect, it } from 'vitest';
import { DuplicateSieve } from './duplicate-sieve.ts';

describe('DuplicateSieve', () => {
  it('sees no duplicate among 300,000 distinct keys of close spellings', () => {
    const sieve = new DuplicateSieve();
    for (let index = 0; index < 300_000; index += 1) sieve.add(`BRAND${index % 300}`, `OC${index}`);
    expect(sieve.mayHaveDuplicates).toBe(false);
  });

  it('tells keys apart by where their parts end', () => {
    const sieve = new DuplicateSieve();
    sieve.add('AB', 'C');
    expect(sieve.add('A', 'BC')).toBe(false);
  });

  it('always sees a key that comes again, however late', () => {
    const sieve = new DuplicateSieve();
    for (let index = 0; index < 100_000; index += 1) expect(sieve.add('K', String(index))).toBe(false);
    expect(sieve.add('K', '42')).toBe(true);
    expect(sieve.mayHaveDuplicates).toBe(true);
  });
});
