import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * The embedded database (PGlite) has one user at a time: two processes writing one folder corrupt it (issue 26,
 * point 1: a command run beside the shop created an account the shop never saw, and later a duplicate). Whoever
 * opens a DATA_DIR holds this lock until it closes the database: the shop for as long as it runs, a command for
 * its run. proper-lockfile makes the lock an atomic mkdir whose time the holder touches every UPDATE_MS; a lock
 * untouched for STALE_MS belongs to a process that died (a crash, kill -9) and is taken over, so a crashed shop
 * never blocks the folder for good, and a pid reused by another process fools nothing (decision 0038).
 */

/** The lock itself (a folder proper-lockfile makes and removes) and, beside it, who holds it, for the message. */
export const DATA_DIR_LOCK_NAME = 'detal.lock';
const HOLDER_FILE_NAME = 'detal.lock.json';

/**
 * A minute: long enough that a shop busy in one long statement of the embedded database (it runs in the
 * process's own thread) does not lose its lock, short enough that after a crash the folder is free soon.
 */
const STALE_MS = 60_000;
const UPDATE_MS = 10_000;

export interface DataDirHolder {
  /** The shop (`npm start`) or one of its commands (`npm run admin`, `import`, `seed`). */
  kind: 'shop' | 'command';
  /** What runs, for the message another process shows: `admin staff-create`, say. */
  name: string;
}

interface HolderRecord extends DataDirHolder {
  pid: number;
  since: string;
}

/** The folder is held by another process: nothing was opened, nothing changed. */
export class DataDirBusyError extends Error {
  override readonly name = 'DataDirBusyError';
}

export interface DataDirLock {
  release(): Promise<void>;
}

function readHolder(dataDir: string): HolderRecord | null {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, HOLDER_FILE_NAME), 'utf8')) as HolderRecord;
  } catch {
    return null;
  }
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('ru-RU', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' });

/** Why the folder is busy, and what to do, in the words of the one who asked. */
export function busyMessage(dataDir: string, asking: DataDirHolder['kind'], holder: HolderRecord | null): string {
  const busy = `Встроенная база данных в папке ${dataDir} занята`;
  const who =
    holder?.kind === 'shop'
      ? `с ней работает запущенный магазин (процесс ${holder.pid}, с ${timeOf(holder.since)})`
      : holder?.kind === 'command'
        ? `с ней работает команда «${holder.name}» (процесс ${holder.pid}, с ${timeOf(holder.since)})`
        : 'с ней работает запущенный магазин или другая команда';
  const what =
    asking === 'shop'
      ? 'Магазин не запущен: дождитесь окончания команды и запустите его снова.'
      : 'Остановите магазин (или дождитесь окончания команды) и повторите команду. На PostgreSQL (DATABASE_URL) ' +
        'команды работают и при запущенном магазине.';
  const crashed =
    'Если ни магазин, ни команда не запущены (процесс завершился аварийно), папка освободится сама через минуту.';
  return `${busy}: ${who}. Ничего не изменено. ${what} ${crashed}`;
}

/**
 * Takes the folder's lock, or throws DataDirBusyError with the holder named. `waitMs`: how long to wait for a
 * holder to let go (the shop waits out a crashed predecessor's lock; a command answers at once).
 */
export async function lockDataDir(
  dataDir: string,
  holder: DataDirHolder,
  { waitMs = 0, onLost }: { waitMs?: number; onLost?: (error: Error) => void } = {},
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: path.join(dataDir, DATA_DIR_LOCK_NAME),
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: waitMs > 0 ? { retries: Math.ceil(waitMs / 1000), minTimeout: 1000, maxTimeout: 1000, factor: 1 } : 0,
      // The default throws from a timer and ends the process; the shop goes on and says so instead.
      onCompromised: onLost ?? ((error) => console.error(`The lock of ${dataDir} was lost: ${error.message}`)),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirBusyError(busyMessage(dataDir, holder.kind, readHolder(dataDir)));
    }
    throw error;
  }
  const holderFile = path.join(dataDir, HOLDER_FILE_NAME);
  const record: HolderRecord = { ...holder, pid: process.pid, since: new Date().toISOString() };
  writeFileSync(holderFile, `${JSON.stringify(record)}\n`);
  return {
    async release() {
      rmSync(holderFile, { force: true });
      await release().catch(() => undefined);
    },
  };
}

/** Who runs: `admin staff-create` for `node … server/src/cli/admin.ts staff-create …`. */
export function currentCommandName(argv: readonly string[] = process.argv): string {
  const script = path.basename(argv[1] ?? 'node', path.extname(argv[1] ?? ''));
  const first = argv[2];
  return first && !first.startsWith('-') ? `${script} ${first}` : script;
}
