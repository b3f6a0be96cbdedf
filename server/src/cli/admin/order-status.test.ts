import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsageError, loadAdminCommands, runAdmin, type AdminCommand } from '../admin.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';
import { createTestDatabase, createTestDatabaseTarget } from '../../../test/helpers/db.ts';
import { placeOrder } from '../../modules/orders/checkout/place-order.ts';
import { findOrder } from '../../modules/orders/queries.ts';
import { createCheckoutScene, step2Input, step2Request, writeDeliveryMethods } from '../../../test/fixtures/orders.ts';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** Places an order of two lines for a new client; answers its id, the client and the line ids. */
async function placeTestOrder(database: Database) {
  await writeDeliveryMethods(database.db);
  const scene = await createCheckoutScene(database.db, [
    { price: '100.00', stock: 5, inBasket: 1 },
    { price: '200.00', stock: 5, inBasket: 2 },
  ]);
  const { orderId } = await placeOrder(database.db, scene.clientId, step2Request(step2Input(scene)), null, {
    timeZone: 'Europe/Moscow',
  });
  const order = (await findOrder(database.db, scene.clientId, orderId))!;
  return { orderId, clientId: scene.clientId, lineIds: order.items.map((item) => item.id) };
}

describe('npm run admin -- order-status', () => {
  let database: Database;
  let commands: Map<string, AdminCommand>;
  let placed: Awaited<ReturnType<typeof placeTestOrder>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    commands = await loadAdminCommands();
    placed = await placeTestOrder(database);
  });

  afterAll(async () => {
    await database?.close();
  });

  /** Runs the CLI in process; `opened`: how many times the run opened the database. */
  async function admin(...argv: string[]) {
    let opened = 0;
    const run = await runAdminInProcess(database, commands, argv, () => {
      opened += 1;
    });
    return { ...run, opened };
  }

  const statuses = async () => {
    const order = (await findOrder(database.db, placed.clientId, placed.orderId))!;
    return { order: order.status, lines: order.items.map((item) => item.status) };
  };

  it('finds its commands in the admin folder, by file name; a run loads only its own', async () => {
    expect(commands.get('order-status')?.summary).toMatch(/статус/);
    expect([...(await loadAdminCommands(undefined, 'order-status')).keys()]).toEqual(['order-status']);
    expect((await loadAdminCommands(undefined, 'no-such-command')).size).toBe(0);
  });

  it('sets the status of one line without touching the others, and of every open line of an order', async () => {
    const { orderId, lineIds } = placed;
    const line = await admin(
      'order-status',
      '--order',
      String(orderId),
      '--line',
      String(lineIds[1]),
      '--status',
      'ready',
    );
    expect(line).toMatchObject({ code: 0, out: `Заказ № ${orderId}, позиция ${lineIds[1]}: Новый -> Готов к выдаче` });
    // The order's status is its lines' (decision 0040): one line moved on, the order is in work.
    expect(await statuses()).toEqual({ order: 'in_work', lines: ['new', 'ready'] });
    const shown = await findOrder(database.db, placed.clientId, orderId);
    expect(shown?.items[1]).toMatchObject({ status: 'ready', status_name: 'Готов к выдаче' });

    const order = await admin('order-status', '--order', String(orderId), '--status', 'issued');
    expect(order).toMatchObject({ code: 0, out: `Заказ № ${orderId}: В работе -> Выдан`, err: '' });
    expect(await statuses()).toEqual({ order: 'issued', lines: ['issued', 'issued'] });
  });

  it('refuses an unknown order or line (exit 1) and wrong arguments (exit 2), changing nothing', async () => {
    const before = await statuses();
    expect(await admin('order-status', '--order', '999999', '--status', 'issued')).toMatchObject({
      code: 1,
      err: 'Заказ № 999999 не найден. Ничего не изменено.',
    });
    expect(
      await admin('order-status', '--order', String(placed.orderId), '--line', '999999', '--status', 'issued'),
    ).toMatchObject({
      code: 1,
      err: `В заказе № ${placed.orderId} нет позиции 999999. Ничего не изменено.`,
    });
    const wrong: string[][] = [
      ['order-status', '--order', String(placed.orderId), '--status', 'shipped'],
      ['order-status', '--status', 'issued'],
      ['order-status', '--order', 'abc', '--status', 'issued'],
      ['order-status', '--order', String(placed.orderId), '--status', 'issued', '--color', 'red'],
    ];
    for (const argv of wrong) {
      const result = await admin(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toContain('Запуск: npm run admin -- order-status');
    }
    expect(await statuses()).toEqual(before);
  });

  it('speaks Russian: the list, every command\u2019s help, and wrong options', async () => {
    const { out } = await admin('--help');
    expect(out).toMatch(/^Команды владельца магазина/);
    expect(out).toContain('Запуск: npm run admin -- <команда> [параметры]');
    for (const [name, command] of commands) {
      expect({ name, summary: command.summary }).toEqual({ name, summary: expect.stringMatching(/^[а-яё]/) });
      expect(command.usage).toContain(`Запуск: npm run admin -- ${name}`);
      expect(command.usage).not.toMatch(/\b(Usage|Example|Creates|Prints|Sets)\b/);
    }
    const flags: Array<[string[], string]> = [
      [['order-status', '--order', '1', '--status', 'issued', '--color', 'red'], 'Неизвестный параметр --color'],
      [['order-status', '--order'], 'У параметра --order нет значения'],
      [['order-status', '--status', 'issued'], 'Не указан --order'],
      [
        ['order-status', '--order', 'abc', '--status', 'issued'],
        '--order: нужно целое положительное число, а не «abc»',
      ],
      [['statement-import', 'a.txt', 'b.txt'], 'Лишний аргумент «b.txt»'],
    ];
    for (const [argv, message] of flags) {
      const result = await admin(...argv);
      expect({ argv, code: result.code, first: result.err.split('\n')[0] }).toEqual({ argv, code: 2, first: message });
    }
  });

  it('lists the commands without opening the database; an unknown command is exit 2', async () => {
    expect(await admin('--help')).toMatchObject({ code: 0, opened: 0, out: expect.stringContaining('order-status') });
    expect(await admin('order-status', '--help')).toMatchObject({ code: 0, opened: 0 });
    expect(await admin('no-such-command')).toMatchObject({
      code: 2,
      opened: 0,
      err: expect.stringContaining('Неизвестная команда «no-such-command»'),
    });
    expect(await admin()).toMatchObject({ code: 2, opened: 0 });
  });

  it('reports a usage error thrown by a command with that command\u2019s usage', async () => {
    const failing: AdminCommand = {
      summary: 'fails',
      usage: 'Usage: failing',
      options: {},
      run: async () => {
        throw new AdminUsageError('nothing to do');
      },
    };
    const code = await runAdmin(
      ['failing'],
      new Map([['failing', failing]]),
      async () => ({ config: loadConfig({}), database: { ...database, close: async () => undefined } }),
      { out: () => undefined, err: (text) => expect(text).toBe('nothing to do\n\nUsage: failing') },
    );
    expect(code).toBe(2);
  });
});

describe('the admin script as the shop owner runs it', { timeout: 120_000 }, () => {
  it('npm run admin changes a status in the database the environment names', async () => {
    const target = await createTestDatabaseTarget();
    try {
      const database = await openDatabase(target.options);
      const { orderId, clientId } = await placeTestOrder(database).finally(() => database.close());
      const env = {
        ...process.env,
        DATABASE_URL: target.options.databaseUrl ?? '',
        DATA_DIR: target.options.dataDir ?? '',
      };
      const { stdout } = await promisify(execFile)(
        'npm',
        ['run', '--silent', 'admin', '--', 'order-status', '--order', String(orderId), '--status', 'issued'],
        { cwd: repositoryRoot, env },
      );
      expect(stdout.trim()).toBe(`Заказ № ${orderId}: Новый -> Выдан`);
      const reopened = await openDatabase(target.options);
      try {
        expect((await findOrder(reopened.db, clientId, orderId))?.status).toBe('issued');
      } finally {
        await reopened.close();
      }
    } finally {
      await target.remove();
    }
  });
});
