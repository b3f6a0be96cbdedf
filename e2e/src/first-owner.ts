import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AppPlace } from './app-server.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const FIRST_OWNER = { email: 'owner@e2e.example.ru', name: 'Ольга Владелец' } as const;

/**
 * Creates the shop's first owner the way a shop does (`npm run admin -- staff-create --role owner --link`), on the
 * app's data before the app starts (the embedded database has one user at a time), and answers the one-time
 * set-password link the command printed.
 */
export async function createFirstOwner(place: AppPlace): Promise<string> {
  return createStaffLink(place, { ...FIRST_OWNER, role: 'owner' });
}

/** Any staff member created by the CLI with `--link` before the app starts; answers the set-password link. */
export async function createStaffLink(
  { baseUrl, dataDir }: AppPlace,
  member: { email: string; name: string; role: 'owner' | 'manager' | 'content_editor' },
): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/cli/admin.ts',
      'staff-create',
      '--email',
      member.email,
      '--name',
      member.name,
      '--role',
      member.role,
      '--link',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: baseUrl, LOG_LEVEL: 'warn' },
    },
  );
  const link = /(http\S+\/admin\/set-password\?token=\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`staff-create printed no set-password link:\n${stdout}`);
  return link;
}
