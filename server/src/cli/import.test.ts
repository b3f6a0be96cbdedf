import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/index.ts';
import { createTempFolder, type TempFolder } from '../../test/fixtures/import-files.ts';
import { createTestDatabaseTarget, type TestDatabaseTarget } from '../../test/helpers/db.ts';

const run = promisify(execFile);
const cli = fileURLToPath(new URL('./import.ts', import.meta.url));

let target: TestDatabaseTarget;
let folder: TempFolder;

beforeAll(async () => {
  target = await createTestDatabaseTarget();
  folder = await createTempFolder();
});

afterAll(async () => {
  await target?.remove();
  await folder?.remove();
});

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run import -- …` as a shop owner would, on the test database, without a terminal. */
async function importCommand(...args: string[]): Promise<Outcome> {
  const env = {
    ...process.env,
    DATABASE_URL: target.options.databaseUrl ?? '',
    DATA_DIR: target.options.dataDir ?? '',
    SEED_OFFERS: '0',
  };
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', cli, ...args], { env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, stdout: failure.stdout, stderr: failure.stderr };
  }
}

// Each test starts the command as its own process (tsx compiling the server): slow on a loaded runner.
describe('npm run import', { timeout: 120_000 }, () => {
  it('imports a price list, prints the summary and writes the refused rows to the report', async () => {
    const file = await folder.write('price.csv', 'Артикул;Бренд;Цена\nOC 90;Knecht;1 234,50\nW 712/75;Mann;дорого\n');
    const outcome = await importCommand('prices', '--supplier', 'Склад', '--file', file);
    expect(outcome.stderr).toBe('');
    expect(outcome.code).toBe(0);
    const [summary, speed, report] = outcome.stdout.trim().split('\n');
    expect(summary).toBe(
      'Supplier "Склад" (new): 2 rows read, 1 loaded (1 new, 0 changed, 0 unchanged), 0 removed, 1 rejected, 1 new brand.',
    );
    expect(speed).toMatch(/^\d+\.\d s \(reading \d+\.\d s\), [\d,]+ rows\/s\.$/);
    expect(report).toBe(`Rejected rows (line and reason): ${file}.rejected.csv`);
    expect(await readFile(`${file}.rejected.csv`, 'utf8')).toBe(
      '\uFEFFстрока;причина;ячейки\n3;"цена не число: «дорого»";"W 712/75;Mann;дорого"\n',
    );

    const database = await openDatabase(target.options);
    try {
      const offers = await database.db.execute<{ article: string; price: string }>(
        'select article, price::text from offers',
      );
      expect(offers.rows).toEqual([{ article: 'OC 90', price: '1234.50' }]);
    } finally {
      await database.close();
    }
  });

  it('imports cross-references, with the report where --report says', async () => {
    const file = await folder.write('crosses.csv', 'Knecht;OC 90;Mahle;OC 90;аналог\nKnecht;;Mahle;X;\n');
    const reportPath = folder.path('crosses-report.csv');
    const outcome = await importCommand('crosses', '--file', file, '--report', reportPath);
    expect(outcome.code).toBe(0);
    expect(outcome.stdout).toContain(
      'Cross-references: 2 rows read, 1 added, 0 retyped, 0 already known, 1 rejected, 1 new brand.',
    );
    expect(await readFile(reportPath, 'utf8')).toContain('2;"нет артикула 1";"Knecht;;Mahle;X;"');
  });

  it('refuses wrong options with a message and exit code 1, changing nothing', async () => {
    const file = await folder.write('other.csv', 'article;brand;price\nX1;Knecht;1\n');
    const wrongDelimiter = await importCommand('prices', '--supplier', 'Склад', '--file', file, '--delimiter', '|');
    expect(wrongDelimiter).toMatchObject({ code: 1, stdout: '' });
    expect(wrongDelimiter.stderr).toContain('--delimiter: нужен ";", "," или "tab", а не «|»');
    const noSupplier = await importCommand('prices', '--file', file);
    expect(noSupplier.code).toBe(1);
    expect(noSupplier.stderr).toContain('Для prices нужен --supplier ПОСТАВЩИК');
    const missingFile = await importCommand('prices', '--supplier', 'Склад', '--file', folder.path('absent.csv'));
    expect(missingFile.code).toBe(1);
    expect(missingFile.stderr).toContain('no such file or directory');
  });

  it('--supplier alone reads the file with the saved profile (flags override it); each import is in the history', async () => {
    const database = await openDatabase(target.options);
    try {
      await database.db.execute(
        `insert into suppliers (name, import_profile) values ('Профильный',
          '{"columns": "brand,article,price", "header_row": false, "delimiter": "tab", "default_delivery_days": 4}')`,
      );
    } finally {
      await database.close();
    }
    const file = await folder.write('profiled.tsv', 'Knecht\tOC 90\t10,5\nMahle\tOX 1\t7\n');
    const outcome = await importCommand('prices', '--supplier', 'Профильный', '--file', file);
    expect(outcome.stderr).toBe('');
    expect(outcome.stdout).toContain('2 rows read, 2 loaded');
    // An explicit flag wins over the profile: with ';' the tab-separated rows have one cell, all refused.
    const overridden = await importCommand('prices', '--supplier', 'Профильный', '--file', file, '--delimiter', ';');
    expect(overridden.code).toBe(1);

    const check = await openDatabase(target.options);
    try {
      const offers = await check.db.execute<{ article: string; price: string; delivery_days: number }>(
        `select o.article, o.price::text, o.delivery_days from offers o join suppliers s on s.id = o.supplier_id
          where s.name = 'Профильный' order by o.article`,
      );
      expect(offers.rows).toEqual([
        { article: 'OC 90', price: '10.50', delivery_days: 4 },
        { article: 'OX 1', price: '7.00', delivery_days: 4 },
      ]);
      const history = await check.db.execute<{ source: string; status: string; rows_loaded: number | null }>(
        `select i.source, i.status, i.rows_loaded from supplier_imports i join suppliers s on s.id = i.supplier_id
          where s.name = 'Профильный' order by i.id`,
      );
      expect(history.rows).toEqual([
        { source: 'cli', status: 'done', rows_loaded: 2 },
        { source: 'cli', status: 'failed', rows_loaded: null },
      ]);
    } finally {
      await check.close();
    }
  });
  it('refuses a list that would remove most of the offers, writes the history and e-mails the staff; --allow-mass-removal loads it', async () => {
    const full = ['Артикул;Бренд;Цена', ...Array.from({ length: 30 }, (_, index) => `M-${index};Knecht;${index + 1}`)];
    expect(
      (
        await importCommand(
          'prices',
          '--supplier',
          'Массовый',
          '--file',
          await folder.write('full-30.csv', full.join('\n')),
        )
      ).code,
    ).toBe(0);
    const one = await folder.write('one-30.csv', 'Артикул;Бренд;Цена\nM-0;Knecht;5\n');
    const refused = await importCommand('prices', '--supplier', 'Массовый', '--file', one);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'Новый прайс убрал бы 29 из 30 предложений поставщика (в нём 1 строка): больше половины. Прайс не загружен, ' +
        'предложения не изменены. Чтобы загрузить его всё равно: --allow-mass-removal',
    );
    const database = await openDatabase(target.options);
    try {
      const counted = await database.db.execute<{ count: number }>(
        `select count(*)::int as count from offers o join suppliers s on s.id = o.supplier_id where s.name = 'Массовый'`,
      );
      expect(counted.rows[0]?.count).toBe(30);
      const history = await database.db.execute<{ status: string; error: string | null }>(
        `select i.status, i.error from supplier_imports i join suppliers s on s.id = i.supplier_id
          where s.name = 'Массовый' order by i.id`,
      );
      expect(history.rows.map((row) => row.status)).toEqual(['done', 'failed']);
      expect(history.rows[1]?.error).toContain('Новый прайс убрал бы 29 из 30');
      const mail = await database.db.execute<{ kind: string; payload: { supplier_name: string; via: string } }>(
        `select kind, payload from notifications where kind = 'staff_list_mass_removal'`,
      );
      expect(mail.rows).toMatchObject([
        { payload: { supplier_name: 'Массовый', via: 'cli', removal: { removed: 29 } } },
      ]);
    } finally {
      await database.close();
    }
    const allowed = await importCommand('prices', '--supplier', 'Массовый', '--file', one, '--allow-mass-removal');
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toContain('1 loaded (0 new, 1 changed, 0 unchanged), 29 removed');
  });
});
