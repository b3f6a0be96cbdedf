import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { SECRETS_KEY_FILE, SecretBox, SecretNotOpened, loadSecretsKey, parseSecretsKey } from './secret-box.ts';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'detal-secret-box-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const CONTEXT = 'supplier-channel:12:password';

describe('the secret box (decision 0047)', () => {
  const box = new SecretBox(randomBytes(32));

  it('opens what it sealed, and the sealed text shows nothing of the value', () => {
    const value = 'supplier-password-Avtoalyans-2026';
    const sealed = box.seal(value, CONTEXT);
    expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    // Checked for pieces long enough that random ciphertext never holds them by chance (a 2-digit one did, in CI).
    for (const piece of ['supplier-password', 'Avtoalyans', Buffer.from(value).toString('base64url').slice(0, 12)]) {
      expect(sealed).not.toContain(piece);
    }
    expect(box.open(sealed, CONTEXT)).toBe(value);
    expect(box.open(box.seal('пароль-поставщика 42', CONTEXT), CONTEXT)).toBe('пароль-поставщика 42');
  });

  it('seals the same value differently every time (a fresh nonce)', () => {
    expect(box.seal('same', CONTEXT)).not.toBe(box.seal('same', CONTEXT));
  });

  it('does not open a value moved to another place', () => {
    const sealed = box.seal('secret', CONTEXT);
    expect(() => box.open(sealed, 'supplier-channel:13:password')).toThrow(SecretNotOpened);
  });

  it('does not open a changed value', () => {
    const sealed = box.seal('secret', CONTEXT);
    const parts = sealed.split('.');
    const ciphertext = Buffer.from(parts[3]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[3] = ciphertext.toString('base64url');
    expect(() => box.open(parts.join('.'), CONTEXT)).toThrow('повреждён');
    expect(() => box.open('not sealed at all', CONTEXT)).toThrow('неизвестный формат');
  });

  it('tells a value sealed under another key from a damaged one', () => {
    const sealed = new SecretBox(randomBytes(32)).seal('secret', CONTEXT);
    expect(() => box.open(sealed, CONTEXT)).toThrow('другим ключом');
  });
});

describe('SECRETS_KEY', () => {
  it('reads 32 bytes in base64, base64url or hex, and nothing else', () => {
    const key = randomBytes(32);
    expect(parseSecretsKey(key.toString('base64'))).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'))).toEqual(key);
    expect(parseSecretsKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretsKey(randomBytes(16).toString('base64'))).toBeNull();
    expect(parseSecretsKey('correct horse battery staple')).toBeNull();
  });

  it('is checked at start: a wrong value stops it', () => {
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow('SECRETS_KEY');
    const key = randomBytes(32).toString('base64');
    expect(loadConfig({ SECRETS_KEY: key }).secretsKey).toBe(key);
    expect(loadConfig({}).secretsKey).toBeUndefined();
  });

  it('when set, is the key', async () => {
    const key = randomBytes(32);
    expect(await loadSecretsKey({ secretsKey: key.toString('hex'), dataDir: folder })).toEqual(key);
  });

  it('when unset, is generated once into DATA_DIR, readable by the owner only, and kept', async () => {
    const dataDir = path.join(folder, 'data');
    const [first, second] = await Promise.all([
      loadSecretsKey({ secretsKey: undefined, dataDir }),
      loadSecretsKey({ secretsKey: undefined, dataDir }),
    ]);
    expect(first).toEqual(second);
    expect(await loadSecretsKey({ secretsKey: undefined, dataDir })).toEqual(first);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(parseSecretsKey(await readFile(file, 'utf8'))).toEqual(first);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('a damaged key file stops the load instead of a new key silently replacing it', async () => {
    const dataDir = path.join(folder, 'damaged');
    await loadSecretsKey({ secretsKey: undefined, dataDir });
    await writeFile(path.join(dataDir, SECRETS_KEY_FILE), 'garbage\n');
    await expect(loadSecretsKey({ secretsKey: undefined, dataDir })).rejects.toThrow(SECRETS_KEY_FILE);
  });
});
