import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { headerOf, staffPasswordLinkIn } from '../../server/test/helpers/mail-message.ts';
import type { AppPlace, RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const FIRST_OWNER = {
  email: 'owner@e2e.example.ru',
  name: 'Ольга Владелец',
  password: 'пароль владельца 1',
} as const;

/**
 * Creates the shop's first owner as a new shop does (issue 26): the one-time link the app printed on stdout at
 * start, opened in Chromium, the form sent empty first (its errors must show beside the fields, in Russian),
 * then filled in; the owner lands signed in on the settings. Answers the link, used up now.
 */
export async function createFirstOwner(app: RunningApp): Promise<string> {
  const link = app.setupLink();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Первый запуск магазина' }).waitFor();
    const submit = page.getByRole('button', { name: 'Создать владельца и войти', disabled: false });
    await submit.click();
    await page.getByText('Введите e-mail').waitFor();
    await page.getByText('Введите ваше имя').waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(FIRST_OWNER.email);
    await page.getByRole('textbox', { name: 'Имя' }).fill(FIRST_OWNER.name);
    await page.getByLabel(/^Пароль( \*)?$/).fill(FIRST_OWNER.password);
    await page.getByLabel(/^Повторите пароль( \*)?$/).fill(FIRST_OWNER.password);
    await submit.click();
    await page.waitForURL(`${app.baseUrl}/admin/settings`);
    await page
      .getByTestId('admin-staff')
      .filter({ hasText: `${FIRST_OWNER.name} · Владелец` })
      .waitFor();
  } finally {
    await browser.close();
  }
  return link;
}

/** The newest e-mail to `to` in the app's outbox (DATA_DIR/outbox), waiting for it to be written. */
async function outboxMailTo(outboxDir: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = await readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files.sort().reverse()) {
      const raw = await readFile(path.join(outboxDir, file), 'utf8');
      if (headerOf(raw, 'to') === to) return raw;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No e-mail to ${to} in ${outboxDir}`);
}

/**
 * The first owner (createFirstOwner) invites a staff member through the back office's API, as a script: answers
 * the set-password link of the invitation e-mail, from the app's outbox.
 */
export async function inviteByOwner(
  app: RunningApp,
  member: { email: string; name: string; role: 'owner' | 'manager' | 'content_editor' },
): Promise<string> {
  const post = (endpoint: string, body: object, cookie = '') =>
    fetch(`${app.baseUrl}/api/v1/admin/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
  const signedIn = await post('staff-sign-in', { email: FIRST_OWNER.email, password: FIRST_OWNER.password });
  const session = /staff_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0];
  if (!signedIn.ok || !session) throw new Error(`The first owner could not sign in: ${signedIn.status}`);
  const invited = await post('staff-invite', member, session);
  if (!invited.ok) throw new Error(`staff-invite answered ${invited.status}: ${await invited.text()}`);
  return staffPasswordLinkIn(await outboxMailTo(path.join(app.dataDir, 'outbox'), member.email));
}

/** The orders manager of the orders journey (admin-orders.e2e.test.ts), invited by the first owner. */
export const ORDERS_MANAGER = { email: 'orders-manager@e2e.example.ru', name: 'Пётр Менеджер' } as const;

/**
 * `npm run admin -- staff-create --link` for one member, on the app's folder before the app starts (a command
 * is refused while the shop holds its embedded database); answers the set-password link it printed. For the
 * journeys that start an app of their own with its staff made beforehand, as a shop restoring its owner does.
 */
export async function createStaffByCli(
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

/** The owner made by the command line before the app starts: for the journeys that run an app of their own. */
export const createOwnerByCli = (place: AppPlace): Promise<string> =>
  createStaffByCli(place, { email: FIRST_OWNER.email, name: FIRST_OWNER.name, role: 'owner' });
