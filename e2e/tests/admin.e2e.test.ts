import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { headerOf, staffPasswordLinkIn } from '../../server/test/helpers/mail-message.ts';
import { launchChromium } from '../src/chromium.ts';
import { FIRST_OWNER } from '../src/first-owner.ts';
import { recordFailedApiCalls, waitShown } from '../src/page-evidence.ts';

/**
 * The back office in Chromium: the first owner (created from the setup link the app printed at start, see
 * global-setup.ts) signs in, invites a manager by e-mail, the manager sets a
 * password from the e-mailed link and signs in and sees only a manager's sections, the owner blocks the manager
 * (whose next click lands on the sign-in page) and reads it all in the audit log, filtered through the URL. The
 * forms' errors are checked where they show: beside the fields, in Russian.
 */

const baseUrl = inject('baseUrl');
const outboxDir = inject('outboxDir');
const setupLink = inject('setupLink');

const OWNER_PASSWORD = FIRST_OWNER.password;
const MANAGER = { email: `manager-${Date.now()}@example.ru`, name: 'Мария Иванова' };
const MANAGER_PASSWORD = 'пароль менеджера 2';

let browser: Browser;
let ownerContext: BrowserContext;
let managerContext: BrowserContext;
let owner: Page;
let manager: Page;
let managerId = 0;
let ownerId = 0;

beforeAll(async () => {
  browser = await launchChromium();
  ownerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  owner = await ownerContext.newPage();
  manager = await managerContext.newPage();
  recordFailedApiCalls(owner);
  recordFailedApiCalls(manager);
});

afterAll(async () => {
  await browser?.close();
});

/** The form's submit button, once the page has hydrated (it is disabled until then). */
async function submit(page: Page, name: string, scope: Page | Locator = page) {
  const button = scope.getByRole('button', { name, exact: true, disabled: false });
  await button.waitFor();
  await button.click();
}

/** A field by its whole label (Mantine adds « *» to a required field's label). */
const labelled = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** The error shown beside a field once it contains `expected`: Mantine ties it to the input by aria-describedby. */
async function expectFieldError(scope: Page | Locator, label: string, expected: string | RegExp): Promise<void> {
  const input = labelled(scope, label);
  const page = 'page' in scope ? scope.page() : scope;
  await expect
    .poll(async () => {
      const ids = ((await input.getAttribute('aria-describedby')) ?? '')
        .split(/\s+/)
        .filter((id) => id.endsWith('-error'));
      return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
    })
    .toMatch(expected);
}

/** The newest e-mail to `to` in the app's outbox (DATA_DIR/outbox), waiting for it to be written. */
async function mailTo(to: string): Promise<string> {
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

async function setPassword(page: Page, password: string, confirmation = password) {
  await labelled(page, 'Новый пароль').fill(password);
  await labelled(page, 'Повторите пароль').fill(confirmation);
  await submit(page, 'Сохранить пароль');
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await labelled(page, 'Пароль').fill(password);
  await submit(page, 'Войти');
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Разделы' }).getByRole('link');
const staffRow = (page: Page, email: string) =>
  page.getByTestId('staff-table').getByRole('row').filter({ hasText: email });
const auditRows = (page: Page) => page.getByTestId('audit-table').locator('tbody tr');

describe('the back office in Chromium: owner, invited manager, block, audit log', () => {
  it('the first owner was created from the setup link the shop printed at start; the link worked once', async () => {
    // global-setup.ts opened it in Chromium, was refused an empty form, created FIRST_OWNER and landed signed in.
    expect(setupLink.startsWith(`${baseUrl}/admin/setup?token=`)).toBe(true);
    await owner.goto(setupLink);
    await owner.getByRole('heading', { level: 1, name: 'Ссылка больше не действует' }).waitFor();
    expect(await owner.getByRole('textbox').count()).toBe(0);
    await owner.getByRole('link', { name: 'Вход для сотрудников' }).click();
    await owner.waitForURL(`${baseUrl}/admin/login`);
  });

  it('signs the owner in at /admin/login; empty fields and a wrong password are told in Russian', async () => {
    await owner.goto(`${baseUrl}/admin/login`);
    await submit(owner, 'Войти');
    await expectFieldError(owner, 'E-mail', 'Введите e-mail');
    await expectFieldError(owner, 'Пароль', 'Введите пароль');

    await signIn(owner, 'не-почта', OWNER_PASSWORD);
    await expectFieldError(owner, 'E-mail', /e-mail/i);

    await signIn(owner, FIRST_OWNER.email, 'не тот пароль');
    await waitShown(owner, owner.locator('form').getByRole('alert').filter({ hasText: 'Неверный e-mail или пароль' }));
    expect(owner.url()).toBe(`${baseUrl}/admin/login`);

    await signIn(owner, FIRST_OWNER.email, OWNER_PASSWORD);
    await owner.waitForURL(`${baseUrl}/admin/orders`);
    await waitShown(owner, owner.getByTestId('admin-staff').filter({ hasText: `${FIRST_OWNER.name} · Владелец` }));
    expect(await sections(owner).allInnerTexts()).toEqual([
      'Заказы',
      'Закупки',
      'Отгрузки',
      'Возвраты',
      'Платежи',
      'Клиенты',
      'Поставщики',
      'Сотрудники',
      'Журнал',
      'Цены',
      'Контент',
      'Настройки',
    ]);

    const cookie = (await ownerContext.cookies(baseUrl)).find((entry) => entry.name === 'staff_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect((await ownerContext.cookies(baseUrl)).some((entry) => entry.name === 'token')).toBe(false);
  });

  it('invites a manager: field errors beside the form, then the invitation is listed and e-mailed', async () => {
    await sections(owner).filter({ hasText: 'Сотрудники' }).click();
    await owner.waitForURL(`${baseUrl}/admin/staff`);
    const invite = owner.getByRole('form', { name: 'Пригласить сотрудника' });
    await invite.waitFor();
    ownerId = Number(await staffRow(owner, FIRST_OWNER.email).locator('td').first().innerText());

    await invite.getByRole('textbox', { name: 'E-mail' }).fill('не-почта');
    await submit(owner, 'Пригласить', invite);
    await expectFieldError(invite, 'E-mail', /e-mail/i);
    await expectFieldError(invite, 'Имя', 'Введите имя сотрудника');

    await invite.getByRole('textbox', { name: 'E-mail' }).fill(FIRST_OWNER.email);
    await invite.getByRole('textbox', { name: 'Имя' }).fill('Двойник');
    await submit(owner, 'Пригласить', invite);
    await expectFieldError(invite, 'E-mail', 'Сотрудник с таким e-mail уже есть');

    await invite.getByRole('textbox', { name: 'E-mail' }).fill(MANAGER.email);
    await invite.getByRole('textbox', { name: 'Имя' }).fill(MANAGER.name);
    // «Менеджер» is the role chosen by default.
    expect(await invite.locator('input[name="role"]').inputValue()).toBe('manager');
    await submit(owner, 'Пригласить', invite);
    await waitShown(
      owner,
      invite.getByRole('status').filter({ hasText: `Приглашение отправлено на ${MANAGER.email}` }),
    );
    // The form is emptied for the next one, and the list shows the invitation.
    expect(await invite.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('');
    const row = staffRow(owner, MANAGER.email);
    await waitShown(owner, row.filter({ hasText: 'Приглашён' }));
    await expect.poll(() => row.innerText()).toContain('Менеджер');
    managerId = Number(await row.locator('td').first().innerText());
    expect(managerId).toBeGreaterThan(ownerId);
  });

  it("the manager sets a password from the e-mailed link, signs in and sees only a manager's sections", async () => {
    const mail = await mailTo(MANAGER.email);
    const link = staffPasswordLinkIn(mail);
    expect(link.startsWith(`${baseUrl}/admin/set-password?token=`)).toBe(true);

    await manager.goto(link);
    await setPassword(manager, MANAGER_PASSWORD);
    await manager.waitForURL(`${baseUrl}/admin/login?password=set`);
    await signIn(manager, MANAGER.email, MANAGER_PASSWORD);
    await manager.waitForURL(`${baseUrl}/admin/orders`);
    await waitShown(manager, manager.getByTestId('admin-staff').filter({ hasText: `${MANAGER.name} · Менеджер` }));
    expect(await sections(manager).allInnerTexts()).toEqual([
      'Заказы',
      'Закупки',
      'Отгрузки',
      'Возвраты',
      'Платежи',
      'Клиенты',
      'Поставщики',
    ]);

    // By its address the owner's pages say they are not the manager's, with no form or list to act on...
    await manager.goto(`${baseUrl}/admin/staff`);
    await waitShown(manager, manager.getByText('Этот раздел доступен только владельцу магазина'));
    expect(await manager.getByRole('form', { name: 'Пригласить сотрудника' }).count()).toBe(0);
    expect(await manager.getByTestId('staff-table').count()).toBe(0);
    await manager.goto(`${baseUrl}/admin/audit`);
    await waitShown(manager, manager.getByText('Журнал доступен только владельцу магазина'));
    expect(await manager.getByTestId('audit-table').count()).toBe(0);

    // ...and the server refuses the manager's own call from the back office's origin.
    const status = await manager.evaluate(async (email) => {
      const response = await fetch('/api/v1/admin/staff-invite', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, name: 'Чужой', role: 'owner' }),
      });
      return response.status;
    }, `intruder-${Date.now()}@example.ru`);
    expect(status).toBe(403);

    await owner.reload();
    await waitShown(owner, staffRow(owner, MANAGER.email).filter({ hasText: 'Активен' }));
  });

  it('the owner blocks the manager, whose next click lands on /admin/login and who cannot sign in again', async () => {
    await manager.goto(`${baseUrl}/admin/orders`);
    await waitShown(manager, manager.getByRole('heading', { level: 1, name: 'Заказы' }));

    const row = staffRow(owner, MANAGER.email);
    await submit(owner, 'Заблокировать', row);
    await waitShown(owner, row.filter({ hasText: 'Заблокирован' }));
    await row.getByRole('button', { name: 'Разблокировать' }).waitFor();
    // The owner's own row offers no block button.
    expect(await staffRow(owner, FIRST_OWNER.email).getByRole('button').count()).toBe(0);

    // A client-side navigation: its loader asks the server, which has ended the session.
    await sections(manager).filter({ hasText: 'Платежи' }).click();
    await manager.waitForURL(`${baseUrl}/admin/login`);
    await signIn(manager, MANAGER.email, MANAGER_PASSWORD);
    await waitShown(
      manager,
      manager.locator('form').getByRole('alert').filter({ hasText: 'Учётная запись заблокирована' }),
    );
    expect(manager.url()).toBe(`${baseUrl}/admin/login`);

    await submit(owner, 'Разблокировать', row);
    await waitShown(owner, row.filter({ hasText: 'Активен' }));
    await signIn(manager, MANAGER.email, MANAGER_PASSWORD);
    await manager.waitForURL(`${baseUrl}/admin/orders`);
  });

  it('the owner reads these steps in the audit log, filtered through the URL', async () => {
    await sections(owner).filter({ hasText: 'Журнал' }).click();
    await owner.waitForURL(`${baseUrl}/admin/audit`);
    const filters = owner.getByRole('form', { name: 'Фильтры журнала' });
    await filters.getByRole('combobox', { name: 'Сотрудник' }).selectOption(String(ownerId));
    await filters.getByRole('combobox', { name: 'Объект' }).selectOption('staff');
    await submit(owner, 'Показать', filters);
    await owner.waitForURL((url) => url.searchParams.get('staff_id') === String(ownerId));
    expect(new URL(owner.url()).searchParams.get('entity')).toBe('staff');

    const ownerSteps = async () =>
      (await auditRows(owner).allInnerTexts()).map((text) => text.replace(/\s+/g, ' ')).reverse();
    // On a loaded runner the rows shown before the filter (every staff member's) were read once the address had
    // changed: wait for the filtered rows, five or more and all of them the owner's.
    await expect
      .poll(async () => {
        const shown = await ownerSteps();
        return shown.length >= 7 && shown.every((text) => text.includes(FIRST_OWNER.email));
      })
      .toBe(true);
    const steps = await ownerSteps();
    // Oldest first: the owner created from the setup link, global-setup's sign-in and invitation of the orders
    // manager (as a script), then this journey's sign-in, invitation, block and unblock.
    const actions = steps.map(
      (text) => /(Создан по ссылке первого запуска|Вход|Приглашён|Заблокирован|Разблокирован)/.exec(text)?.[1],
    );
    expect(actions).toEqual([
      'Создан по ссылке первого запуска',
      'Вход',
      'Приглашён',
      'Вход',
      'Приглашён',
      'Заблокирован',
      'Разблокирован',
    ]);
    expect(steps.every((text) => text.includes(FIRST_OWNER.email))).toBe(true);
    expect(steps[0]).toContain('роль: Владелец');
    expect(steps[4]).toContain(`Сотрудник: ${MANAGER.name} (${MANAGER.email})`);
    expect(steps[4]).toContain(`e-mail: ${MANAGER.email}`);
    expect(steps[4]).toContain('роль: Менеджер');
    expect(steps[5]).toMatch(/заблокирован: нет.*заблокирован: да/);

    // The filter lives in the URL: a reload (or a shared link) shows the same rows, and the manager's own steps.
    await owner.goto(`${baseUrl}/admin/audit?staff_id=${managerId}`);
    await expect
      .poll(async () =>
        (await auditRows(owner).allInnerTexts()).map((text) => /(Задал пароль|Вход|Выход)/.exec(text)?.[1]).reverse(),
      )
      .toEqual(['Задал пароль', 'Вход', 'Вход']);
    expect(await owner.getByRole('combobox', { name: 'Сотрудник' }).inputValue()).toBe(String(managerId));

    // No staff member came from the command line: the shop's first owner was made in the browser.
    await owner.goto(`${baseUrl}/admin/audit?entity=staff`);
    await waitShown(owner, auditRows(owner).filter({ hasText: 'Создан по ссылке первого запуска' }));
    expect(await auditRows(owner).filter({ hasText: 'командная строка' }).count()).toBe(0);
  });
});
