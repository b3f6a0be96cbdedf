import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashForUnknownAccount, hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing (scrypt)', () => {
  it('stores a self-describing PHC string with the parameters, a 16-byte salt and a 64-byte key', async () => {
    const stored = await hashPassword('correct horse 42');
    const match = /^\$scrypt\$ln=15,r=8,p=1\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
    expect(match).not.toBeNull();
    expect(Buffer.from(match![1]!, 'base64')).toHaveLength(16);
    expect(Buffer.from(match![2]!, 'base64')).toHaveLength(64);
    expect(stored).not.toContain('correct horse');
  });

  it('is plain scrypt: the stored key is what node:crypto derives from the salt and parameters', async () => {
    const stored = await hashPassword('пароль-123');
    const [, , , saltText, keyText] = stored.split('$');
    const expected = scryptSync('пароль-123', Buffer.from(saltText!, 'base64'), 64, {
      ...SCRYPT_PARAMS,
      maxmem: 256 * 1024 * 1024,
    });
    expect(Buffer.from(keyText!, 'base64').equals(expected)).toBe(true);
  });

  it('salts every hash: the same password twice gives two different strings, both verifying', async () => {
    const [first, second] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(first).not.toBe(second);
    expect(await verifyPassword('same password', first)).toBe(true);
    expect(await verifyPassword('same password', second)).toBe(true);
  });

  it('rejects a wrong password, another case, and a garbled stored value', async () => {
    const stored = await hashPassword('Secret-pass');
    expect(await verifyPassword('secret-pass', stored)).toBe(false);
    expect(await verifyPassword('Secret-pas', stored)).toBe(false);
    expect(await verifyPassword('Secret-pass', stored.replace('$scrypt$', '$argon2$'))).toBe(false);
    expect(await verifyPassword('Secret-pass', '')).toBe(false);
  });

  it('treats composed and decomposed letters as the same password (NFC)', async () => {
    const composed = 'йогурт-12';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('verifies hashes made with other parameters and flags them for re-hashing', async () => {
    const salt = Buffer.alloc(16, 7);
    const key = scryptSync('old password', salt, 32, { cost: 2 ** 10, blockSize: 8, parallelization: 1 });
    const old = `$scrypt$ln=10,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    expect(await verifyPassword('old password', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(await hashPassword('new password'))).toBe(false);
  });

  it('keeps one dummy hash per process for unknown e-mails, with the current parameters', async () => {
    const dummy = await hashForUnknownAccount();
    expect(await hashForUnknownAccount()).toBe(dummy);
    expect(needsRehash(dummy)).toBe(false);
  });
});
