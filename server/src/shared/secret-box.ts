import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Secrets the shop must send on somewhere later (a supplier API's password), kept encrypted at rest (decision
 * 0047): AES-256-GCM with a random 96-bit nonce per value, authenticated together with a context string that
 * names where the value belongs (`supplier-channel:12:password`), so a sealed value copied into another row or
 * field does not open. A sealed value is text: `v1.<key id>.<nonce>.<ciphertext>.<tag>` (base64url), the key id
 * being the first 8 hex digits of the key's SHA-256, so that a value sealed under another key is told apart from
 * a damaged one. Unlike passwords (shared/password.ts) these cannot be hashed: the shop needs them back.
 */

const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** What SECRETS_KEY must be (config.ts shows this when the setting is wrong). */
export const SECRETS_KEY_FORMAT = '32 случайных байта в base64 или hex (например, openssl rand -base64 32)';

/** A sealed value that does not open: damaged, sealed for another place, or under another key. */
export class SecretNotOpened extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretNotOpened';
  }
}

/** The 32 bytes of a key written as 64 hex digits or as base64/base64url; null when it is neither. */
export function parseSecretsKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export class SecretBox {
  private readonly key: Buffer;
  private readonly id: string;

  constructor(key: Buffer) {
    if (key.length !== KEY_BYTES) throw new RangeError(`A secret box key has ${KEY_BYTES} bytes, not ${key.length}`);
    this.key = Buffer.from(key);
    this.id = keyId(key);
  }

  /** The value encrypted for one place (`context`); the same value seals differently every time. */
  seal(value: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return [FORMAT, this.id, nonce, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The value back, or SecretNotOpened (with a reason for the operator, never the value). */
  open(sealed: string, context: string): string {
    const parts = sealed.split('.');
    if (parts.length !== 5 || parts[0] !== FORMAT) {
      throw new SecretNotOpened('Сохранённый секрет повреждён: неизвестный формат');
    }
    const [, id, nonceText, ciphertextText, tagText] = parts as [string, string, string, string, string];
    if (id !== this.id) {
      throw new SecretNotOpened(
        'Сохранённый секрет зашифрован другим ключом: проверьте SECRETS_KEY (или введите пароль заново)',
      );
    }
    const nonce = Buffer.from(nonceText, 'base64url');
    const tag = Buffer.from(tagText, 'base64url');
    if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretNotOpened('Сохранённый секрет повреждён');
    }
    const decipher = createDecipheriv('aes-256-gcm', this.key, nonce);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    try {
      return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      throw new SecretNotOpened('Сохранённый секрет повреждён или принадлежит другой записи');
    }
  }
}

/** The key file kept in DATA_DIR when SECRETS_KEY is unset. */
export const SECRETS_KEY_FILE = 'secrets.key';

/**
 * The key: SECRETS_KEY when set; otherwise one generated on first use and kept in DATA_DIR/secrets.key (mode
 * 0600), apart from the database, so that a copy of the database alone does not open the secrets. Several
 * instances on one PostgreSQL database must share SECRETS_KEY (each would otherwise make its own file).
 */
export async function loadSecretsKey(settings: { secretsKey: string | undefined; dataDir: string }): Promise<Buffer> {
  if (settings.secretsKey !== undefined) {
    const key = parseSecretsKey(settings.secretsKey);
    if (key === null) throw new Error(`SECRETS_KEY: ${SECRETS_KEY_FORMAT}`);
    return key;
  }
  const file = path.join(settings.dataDir, SECRETS_KEY_FILE);
  try {
    const key = parseSecretsKey(await readFile(file, 'utf8'));
    if (key === null) throw new Error(`${file}: ${SECRETS_KEY_FORMAT}`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(settings.dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    // 'wx': two starts racing for the first key keep the one written first.
    await writeFile(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return loadSecretsKey(settings);
  }
}
