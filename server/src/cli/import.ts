import { parseCommandArgs } from './command-args.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import type { CsvEncoding } from '../modules/catalog/import/csv-source.ts';
import { importCrossReferences } from '../modules/catalog/import/cross-reference-import.ts';
import type { ImportProgress } from '../modules/catalog/import/import-events.ts';
import { MassRemoval, importPriceList } from '../modules/catalog/import/price-list-import.ts';
import { RejectReport } from '../modules/catalog/import/reject-report.ts';
import { recordCliImport, savedImportOptions } from '../modules/suppliers/cli-imports.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';

const usage = `Загружает прайс-листы и кросс-номера в базу магазина (DATABASE_URL, без неё встроенная в папке DATA_DIR).

Запуск:
  npm run import -- prices --supplier ПОСТАВЩИК --file ФАЙЛ [параметры]
      Заменяет предложения поставщика файлом (CSV или XLSX) целиком: поиск видит старый прайс, пока новый не
      загружен полностью, а прерванная или неудачная загрузка оставляет старый как был. Действует профиль
      загрузки поставщика из панели управления (колонки, кодировка, разделитель, срок по умолчанию…);
      параметры команды важнее него. Каждая загрузка попадает в историю загрузок поставщика.
  npm run import -- crosses --file ФАЙЛ [параметры]
      Добавляет кросс-номера из строк: бренд1, артикул1, бренд2, артикул2[, тип: oem | replacement | analog].

Параметры:
  --delimiter C   разделитель CSV: ";", "," или "tab" (по умолчанию определяется по первой строке)
  --encoding E    кодировка CSV: utf8 или cp1251 (по умолчанию utf8, если файл не в другой кодировке)
  --columns LIST  prices: ячейки строки по порядку из article, brand, description, price, quantity,
                  delivery, weight (пустое имя пропускает ячейку); без него первая строка — заголовок
  --default-delivery N
                  prices: срок поставки в днях для строк без срока (новому поставщику иначе 0,
                  известный сохраняет свой)
  --allow-mass-removal
                  prices: загрузить прайс, который убирает больше половины предложений поставщика (без флага
                  такой прайс отклоняется, ничего не меняется, сотрудникам уходит письмо)
  --report PATH   куда записать отклонённые строки с номером и причиной (по умолчанию ФАЙЛ.rejected.csv;
                  пишется, только если строки отклонены)
  --help          эта справка

На встроенной базе (без DATABASE_URL) команда не запустится, пока работает магазин: остановите его на время
загрузки или загрузите прайс в панели управления (/admin/suppliers).`;

const number = (value: number) => value.toLocaleString('en-US');
const newBrands = (count: number) => `${number(count)} new brand${count === 1 ? '' : 's'}`;

function parseDelimiter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === 'tab' || value === '\\t' || value === '\t') return '\t';
  if (value === ';' || value === ',') return value;
  throw new Error(`--delimiter: нужен ";", "," или "tab", а не «${value}»`);
}

function parseEncoding(value: string | undefined): CsvEncoding | undefined {
  if (value === undefined) return undefined;
  const name = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (name === 'utf8') return 'utf8';
  if (name === 'cp1251' || name === 'windows1251' || name === 'win1251') return 'cp1251';
  throw new Error(`--encoding: нужна utf8 или cp1251, а не «${value}»`);
}

/** A progress bar on a terminal; elsewhere (a log, a pipe) nothing until the summary. */
function progressPrinter(): { update(progress: ImportProgress): void; done(): void } {
  const stream = process.stderr;
  if (!stream.isTTY) return { update: () => {}, done: () => {} };
  const startedAt = performance.now();
  const width = 30;
  return {
    update(progress) {
      const seconds = (performance.now() - startedAt) / 1000;
      const rate = seconds > 0 ? Math.round(progress.rowsRead / seconds) : 0;
      const share = progress.totalBytes > 0 ? Math.min(1, progress.bytesRead / progress.totalBytes) : 0;
      const filled = Math.round(share * width);
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}%`;
      const stage =
        progress.phase === 'reading'
          ? 'reading'
          : progress.phase === 'replacing'
            ? 'writing to the shop'
            : 'committing';
      stream.write(`\r${bar} ${number(progress.rowsRead)} rows, ${number(rate)} rows/s, ${stage}   `);
    },
    done() {
      stream.write('\n');
    },
  };
}

async function main(): Promise<void> {
  const { values, positionals } = parseCommandArgs({
    allowPositionals: true,
    options: {
      supplier: { type: 'string' },
      file: { type: 'string' },
      delimiter: { type: 'string' },
      encoding: { type: 'string' },
      columns: { type: 'string' },
      'default-delivery': { type: 'string' },
      report: { type: 'string' },
      'allow-mass-removal': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  const [command, ...extra] = positionals;
  if (values.help || command === undefined) {
    console.log(usage);
    return;
  }
  if (extra.length > 0) throw new Error(`Лишние аргументы: ${extra.join(' ')}`);
  if (command !== 'prices' && command !== 'crosses') {
    throw new Error(`Неизвестная команда «${command}»: prices или crosses (npm run import -- --help)`);
  }
  if (!values.file) throw new Error('Не указан --file');
  if (command === 'prices' && !values.supplier) throw new Error('Для prices нужен --supplier ПОСТАВЩИК');
  if (command === 'crosses' && (values.columns !== undefined || values['default-delivery'] !== undefined)) {
    throw new Error('--columns и --default-delivery — только для prices');
  }
  const defaultDelivery = values['default-delivery'];
  if (defaultDelivery !== undefined && !/^\d{1,4}$/.test(defaultDelivery)) {
    throw new Error(`--default-delivery: нужно целое число дней, а не «${defaultDelivery}»`);
  }

  const file = values.file;
  const report = new RejectReport(values.report ?? `${file}.rejected.csv`);
  const progress = progressPrinter();
  const aborter = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nInterrupted: rolling back, the shop keeps its current data.\n');
    aborter.abort(new Error('Interrupted'));
    // A second Ctrl-C ends at once; the database rolls the open transaction back by itself.
    process.once('SIGINT', () => process.exit(130));
  });
  const events = {
    file,
    delimiter: parseDelimiter(values.delimiter),
    encoding: parseEncoding(values.encoding),
    onReject: (row: Parameters<RejectReport['add']>[0]) => report.add(row),
    onProgress: progress.update,
    signal: aborter.signal,
  };

  const config = loadConfig();
  // An import tells of its list through domain events: the staff's alert, the suggestions (decision 0042).
  subscribeModuleEffects();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'prices') {
      const supplier = values.supplier ?? '';
      const saved = await savedImportOptions(database, supplier);
      const given = {
        ...(values.columns !== undefined ? { columns: values.columns, headers: undefined } : {}),
        ...(events.delimiter !== undefined ? { delimiter: events.delimiter } : {}),
        ...(events.encoding !== undefined ? { encoding: events.encoding } : {}),
        ...(defaultDelivery !== undefined ? { defaultDeliveryDays: Number(defaultDelivery) } : {}),
      };
      const options = { ...saved, ...given };
      const summary = await recordCliImport(
        database,
        { kind: 'price_list', supplierName: supplier, file, settings: { ...options, file } },
        async () => {
          const result = await importPriceList(database, {
            ...events,
            ...options,
            supplierName: supplier,
            guardRemoval: !values['allow-mass-removal'],
          });
          return { ...result, reportPath: report.count > 0 ? report.path : null };
        },
      );
      progress.done();
      console.log(
        [
          `Supplier "${summary.supplier}"${summary.supplierCreated ? ' (new)' : ''}: ${number(summary.read)} rows read, ` +
            `${number(summary.loaded)} loaded (${number(summary.inserted)} new, ${number(summary.updated)} changed, ` +
            `${number(summary.unchanged)} unchanged), ${number(summary.deleted)} removed, ${number(summary.rejected)} rejected` +
            (summary.brandsCreated > 0 ? `, ${newBrands(summary.brandsCreated)}` : '') +
            '.',
          `${summary.seconds.toFixed(1)} s (reading ${summary.readingSeconds.toFixed(1)} s), ${number(summary.rowsPerSecond)} rows/s.`,
        ].join('\n'),
      );
    } else {
      const summary = await recordCliImport(
        database,
        { kind: 'cross_references', file, settings: { file } },
        async () => {
          const result = await importCrossReferences(database, events);
          return {
            ...result,
            loaded: result.read - result.rejected,
            reportPath: report.count > 0 ? report.path : null,
          };
        },
      );
      progress.done();
      console.log(
        [
          `Cross-references: ${number(summary.read)} rows read, ${number(summary.added)} added, ` +
            `${number(summary.retyped)} retyped, ${number(summary.known)} already known, ${number(summary.rejected)} rejected` +
            (summary.brandsCreated > 0 ? `, ${newBrands(summary.brandsCreated)}` : '') +
            '.',
          `${summary.seconds.toFixed(1)} s (reading ${summary.readingSeconds.toFixed(1)} s), ${number(summary.rowsPerSecond)} rows/s.`,
        ].join('\n'),
      );
    }
    if (report.count > 0) console.log(`Rejected rows (line and reason): ${report.path}`);
  } catch (error) {
    progress.done();
    if (error instanceof MassRemoval) {
      throw new Error(`${error.message}. Чтобы загрузить его всё равно: --allow-mass-removal`, { cause: error });
    }
    throw error;
  } finally {
    report.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
