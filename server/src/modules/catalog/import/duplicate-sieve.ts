const BITS_LOG2 = 27; // 2^27 bits: 16 MB, whatever the size of the file
const BIT_MASK = (1 << BITS_LOG2) - 1;
const HASHES = 5;

/** FNV-1a over the UTF-16 code units of a key's two parts and a separator, from a given offset basis. */
function fnv1a(first: string, second: string, basis: number): number {
  let hash = basis;
  for (let index = 0; index < first.length; index += 1) {
    hash ^= first.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash = Math.imul(hash ^ 0xffff, 0x01000193); // no UTF-16 unit is 0xffff in a text key: parts cannot run together
  for (let index = 0; index < second.length; index += 1) {
    hash ^= second.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * A Bloom filter over the keys of the rows staged so far, in fixed memory. It answers "a key may have come
 * twice" whenever one did, and with a million distinct keys wrongly about once in ten million files; only then
 * does the import run its exact search for duplicate rows, a pass over the whole staging table that most
 * price lists, which list each part once, do not need.
 */
export class DuplicateSieve {
  private readonly bits = new Uint32Array(2 ** (BITS_LOG2 - 5));
  private seenAgain = false;

  /** Records a key of two parts (brand key, article); returns true when it may have been recorded before. */
  add(brandKey: string, article: string): boolean {
    const first = fnv1a(brandKey, article, 0x811c9dc5);
    // Double hashing: the second hash is odd, so the positions it steps through are all different.
    const step = fnv1a(brandKey, article, 0x050c5d1f) | 1;
    let present = true;
    for (let round = 0; round < HASHES; round += 1) {
      const bit = (first + Math.imul(round, step)) & BIT_MASK;
      const word = bit >>> 5;
      const mask = 1 << (bit & 31);
      const current = this.bits[word] as number;
      if ((current & mask) === 0) {
        present = false;
        this.bits[word] = current | mask;
      }
    }
    if (present) this.seenAgain = true;
    return present;
  }

  /** False only when no key has been recorded twice. */
  get mayHaveDuplicates(): boolean {
    return this.seenAgain;
  }
}
