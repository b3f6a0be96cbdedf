import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/*
 * A fetched price list waits in a temporary file while it is imported, removed when the fetch ends, however it
 * ends. A process that dies midway (killed, out of memory) cannot remove its own: the file's name carries the
 * process id, and the next tick of any instance on the machine removes the files of processes no longer alive.
 */

const DOWNLOAD_NAME = /^detal-price-(\d+)-\d+-[0-9a-f]+\.download$/;

/** A new temporary file's path for a supplier's download, named after this process. */
export const downloadPath = (folder: string, supplierId: number): string =>
  path.join(folder, `detal-price-${process.pid}-${supplierId}-${randomBytes(6).toString('hex')}.download`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the downloads left in `folder` by processes that are gone; answers how many. */
export async function removeOrphanDownloads(folder: string): Promise<number> {
  const names = await readdir(folder).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const owner = DOWNLOAD_NAME.exec(name)?.[1];
    if (owner === undefined || isAlive(Number(owner))) continue;
    await rm(path.join(folder, name), { force: true });
    removed += 1;
  }
  return removed;
}
