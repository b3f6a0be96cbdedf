import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (README, "Passwords"). N = 2^15, r = 8, p = 1: 32 MiB of memory
 * and about 90 ms of one core per hash on the reference 2-core machine. The memory is what makes guessing on
 * GPUs and ASICs expensive; the time keeps a login responsive and lets a small shop server take bursts of
 * sign-ins (scrypt runs on libuv's thread pool, not the event loop). Stored hashes carry their parameters, so
 * raising them later only needs new constants: older hashes still verify and are re-hashed at the next login.
 */
export const SCRYPT_PARAMS = { cost: 2 ** 15, blockSize: 8, parallelization: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
/** Node's default cap (32 MiB) is exactly 128 * N * r here and refuses the call; leave headroom for larger N. */
const MAX_MEMORY = 256 * 1024 * 1024;

interface ScryptParams {
  cost: number;
  blockSize: number;
  parallelization: number;
}

function deriveKey(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: MAX_MEMORY };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * The stored format, in the PHC string style: `$scrypt$ln=15,r=8,p=1$<salt>$<key>` with unpadded base64
 * (ln is log2 N). The password is NFC-normalized first, so that the same letters typed on another keyboard or
 * system (composed or decomposed й) give the same hash.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await deriveKey(password, salt, KEY_LENGTH, SCRYPT_PARAMS);
  return format(SCRYPT_PARAMS, salt, key);
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  const ln = Math.log2(params.cost);
  const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
  return `$scrypt$ln=${ln},r=${params.blockSize},p=${params.parallelization}$${b64(salt)}$${b64(key)}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

const PHC_PATTERN = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parse(stored: string): ParsedHash | null {
  const match = PHC_PATTERN.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  return {
    params: { cost: 2 ** Number(ln), blockSize: Number(r), parallelization: Number(p) },
    salt: Buffer.from(salt!, 'base64'),
    key: Buffer.from(key!, 'base64'),
  };
}

/** Whether `password` is the one `stored` was made from; the comparison takes the same time wherever they differ. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await deriveKey(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(candidate, parsed.key);
}

/** True when a stored hash was made with other parameters than today's: re-hash it once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    parsed === null ||
    parsed.params.cost !== SCRYPT_PARAMS.cost ||
    parsed.params.blockSize !== SCRYPT_PARAMS.blockSize ||
    parsed.params.parallelization !== SCRYPT_PARAMS.parallelization ||
    parsed.key.length !== KEY_LENGTH
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password with today's parameters, made once per process. Login checks the password
 * against it when the e-mail is unknown, so that an unknown e-mail costs the same scrypt work as a known one
 * and the answer's timing does not tell which e-mails have accounts.
 */
export function hashForUnknownAccount(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}
