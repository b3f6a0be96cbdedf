import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdminCommands, type AdminCommand } from '../admin.ts';
import { openDatabase, type Database } from '../../db/index.ts';
import { news, pages } from '../../db/schema/index.ts';
import { createTestDatabase, createTestDatabaseTarget } from '../../../test/helpers/db.ts';
import { runAdminInProcess } from '../../../test/helpers/admin-cli.ts';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const HOSTILE =
  '<h2 onclick="steal()">Оплата</h2><script>steal()</script><p onmouseover="steal()">По счёту <a href="javascript:steal()">тут</a></p>' +
  '<img src="/images/card.png" alt="Карта" onerror="steal()">';
const CLEAN = '<h2>Оплата</h2><p>По счёту <a>тут</a></p><img src="/images/card.png" alt="Карта" />';

describe('npm run admin -- page-save / news-save', () => {
  let database: Database;
  let commands: Map<string, AdminCommand>;
  let folder: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    commands = await loadAdminCommands();
    folder = mkdtempSync(path.join(os.tmpdir(), 'detal-content-cli-'));
  });

  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const bodyFile = (name: string, html: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, html, 'utf8');
    return file;
  };

  const admin = (...argv: string[]) => runAdminInProcess(database, commands, argv);

  const pageRow = async (slug: string) => (await database.db.select().from(pages).where(eq(pages.slug, slug)))[0];
  const newsRow = async (slug: string) => (await database.db.select().from(news).where(eq(news.slug, slug)))[0];

  it('page-save creates a page with a sanitized body and its meta texts, then updates it by slug', async () => {
    const file = bodyFile('payment.html', HOSTILE);
    const created = await admin(
      'page-save',
      '--slug',
      'payment',
      '--title',
      'Оплата',
      '--file',
      file,
      '--meta-title',
      'Способы оплаты',
      '--meta-description',
      'По счёту и картой',
    );
    const row = await pageRow('payment');
    expect(created).toEqual({ code: 0, out: `Страница создана (№ ${row!.id}): /articles/payment`, err: '' });
    expect(row).toMatchObject({
      title: 'Оплата',
      contentHtml: CLEAN,
      metaTitle: 'Способы оплаты',
      metaDescription: 'По счёту и картой',
      published: true,
    });

    const updated = await admin(
      'page-save',
      '--slug',
      'payment',
      '--title',
      'Оплата заказа',
      '--file',
      bodyFile('p2.html', '<p>Новый текст</p>'),
      '--unpublished',
    );
    expect(updated).toEqual({
      code: 0,
      out: `Страница обновлена (№ ${row!.id}): /articles/payment (не опубликована: в магазине не видна)`,
      err: '',
    });
    expect(await pageRow('payment')).toMatchObject({
      id: row!.id,
      title: 'Оплата заказа',
      contentHtml: '<p>Новый текст</p>',
      metaTitle: 'Способы оплаты',
      published: false,
    });
  });

  it('news-save creates an item with a sanitized body, a preview from it, an image and a date, then updates it', async () => {
    const created = await admin(
      'news-save',
      '--slug',
      'oplata-kartoj',
      '--title',
      'Оплата картой',
      '--file',
      bodyFile('n.html', HOSTILE),
      '--image-url',
      'https://cdn.detal.example/card.png',
      '--published-at',
      '2024-05-01T09:00+03:00',
    );
    const row = await newsRow('oplata-kartoj');
    expect(created).toEqual({ code: 0, out: `Новость создана (№ ${row!.id}): /news/oplata-kartoj`, err: '' });
    expect(row).toMatchObject({
      title: 'Оплата картой',
      contentHtml: CLEAN,
      preview: 'Оплата По счёту тут',
      imageUrl: 'https://cdn.detal.example/card.png',
      publishedAt: new Date('2024-05-01T06:00:00Z'),
    });

    const updated = await admin(
      'news-save',
      '--slug',
      'oplata-kartoj',
      '--title',
      'Оплата картой в магазине',
      '--file',
      bodyFile('n2.html', '<p>Теперь и в магазине.</p>'),
      '--preview',
      'Карты принимаем везде',
    );
    expect(updated.code).toBe(0);
    expect(await newsRow('oplata-kartoj')).toMatchObject({
      id: row!.id,
      title: 'Оплата картой в магазине',
      preview: 'Карты принимаем везде',
      contentHtml: '<p>Теперь и в магазине.</p>',
      imageUrl: 'https://cdn.detal.example/card.png',
      publishedAt: new Date('2024-05-01T06:00:00Z'),
    });
  });

  it('refuses wrong arguments (exit 2) and input the store rejects (exit 1), storing nothing', async () => {
    const file = bodyFile('ok.html', '<p>Текст</p>');
    const usage = [
      ['page-save', '--title', 'T', '--file', file],
      ['page-save', '--slug', 's', '--file', file],
      ['page-save', '--slug', 's', '--title', 'T'],
      ['page-save', '--slug', 's', '--title', 'T', '--file', file, '--published'],
      ['news-save', '--slug', 's', '--title', 'T', '--file', file, '--published-at', '1 мая'],
      ['news-save', '--slug', 's', '--title', 'T', '--file', file, '--published-at', '2024-13-45'],
    ];
    for (const argv of usage) {
      const result = await admin(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 2 });
      expect(result.err).toContain(`Запуск: npm run admin -- ${argv[0]}`);
    }
    const failures: Array<[string[], RegExp]> = [
      [['page-save', '--slug', 'Не Латиница', '--title', 'T', '--file', file], /^Некорректный адрес/],
      [
        ['page-save', '--slug', 's', '--title', 'T', '--file', bodyFile('empty.html', '<script>x()</script>')],
        /^Текст пуст/,
      ],
      [
        ['page-save', '--slug', 's', '--title', 'T', '--file', path.join(folder, 'missing.html')],
        /^Не удалось прочитать .*missing\.html/,
      ],
      [
        ['news-save', '--slug', 's', '--title', 'T', '--file', file, '--image-url', 'javascript:alert(1)'],
        /^Некорректный адрес изображения/,
      ],
    ];
    for (const [argv, message] of failures) {
      const result = await admin(...argv);
      expect({ argv, code: result.code }).toEqual({ argv, code: 1 });
      expect(result.err).toMatch(message);
    }
    expect(await pageRow('s')).toBeUndefined();
    expect(await newsRow('s')).toBeUndefined();
  });

  it('both are listed among the commands', async () => {
    const { out } = await admin('--help');
    expect(out).toMatch(/page-save\s+создаёт или обновляет страницу/);
    expect(out).toMatch(/news-save\s+создаёт или обновляет новость/);
  });
});

describe('page-save as the shop owner runs it', { timeout: 120_000 }, () => {
  it('saves the page into the database the environment names', async () => {
    const target = await createTestDatabaseTarget();
    const folder = mkdtempSync(path.join(os.tmpdir(), 'detal-content-cli-'));
    try {
      const file = path.join(folder, 'body.html');
      writeFileSync(file, HOSTILE, 'utf8');
      const env = {
        ...process.env,
        DATABASE_URL: target.options.databaseUrl ?? '',
        DATA_DIR: target.options.dataDir ?? '',
      };
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          'server/src/cli/admin.ts',
          'page-save',
          '--slug',
          'oplata',
          '--title',
          'Оплата',
          '--file',
          file,
        ],
        { cwd: repositoryRoot, env },
      );
      expect(stdout.trim()).toMatch(/^Страница создана \(№ \d+\): \/articles\/oplata$/);
      const reopened = await openDatabase(target.options);
      try {
        const [row] = await reopened.db.select().from(pages).where(eq(pages.slug, 'oplata'));
        expect(row).toMatchObject({ title: 'Оплата', contentHtml: CLEAN, published: true });
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await target.remove();
    }
  });
});
