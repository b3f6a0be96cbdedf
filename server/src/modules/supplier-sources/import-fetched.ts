import type { SourceImportOptions } from '@detal/contract';
import type { Database } from '../../db/index.ts';
import { HeaderNotFoundInFile } from '../catalog/import/layout-reader.ts';
import { MassRemoval, importPriceList } from '../catalog/import/price-list-import.ts';
import { MalformedFile } from '../catalog/import/reader-limits.ts';
import { recordCliImport, savedImportOptions } from '../suppliers/cli-imports.ts';
import { IMPORT_FAILED_MESSAGE, russianImportError } from '../suppliers/profile.ts';

/**
 * The one place where a fetched file becomes the supplier's offers: the existing atomic import
 * (`importPriceList`, decision 0008) with the supplier's saved import profile (modules/suppliers), or, for a
 * supplier without one, the options stored with the source; written into the supplier's one import history with
 * source 'schedule', beside its uploads and command-line imports (decisions 0024, 0025). A file the import refuses
 * (HTML, an error page, another layout, no valid row) leaves the supplier's offers as they were and comes back as
 * an ImportRefused with the staff's words.
 */

export interface FetchedListImport {
  supplierName: string;
  file: string;
  options: SourceImportOptions;
  /** The source's address, for the staff's e-mail. */
  url: string;
}

export interface FetchedListImported {
  loaded: number;
  refused: number;
}

/**
 * The import refused the file; nothing changed. `final`: the file itself is the answer (it would remove most of
 * the offers), so fetching it again changes nothing until the supplier publishes another.
 */
export class ImportRefused extends Error {
  /** `final`: the file itself is the answer; `cause`: the import's own error, for the log. */
  constructor(
    message: string,
    readonly final = false,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ImportRefused';
  }
}

const UNCHANGED = 'Прежний прайс оставлен без изменений.';

const COLUMN_NAMES: Record<string, string> = {
  article: 'артикул',
  brand: 'бренд',
  price: 'цена',
};

/** The import's English reasons (written for the command line) in the staff's words. */
export function refusalMessage(error: unknown): string {
  if (error instanceof MalformedFile) return `${error.message}. ${UNCHANGED}`;
  if (error instanceof HeaderNotFoundInFile) {
    return `Файл не похож на прайс-лист: не найдены столбцы артикул, бренд, цена. ${UNCHANGED}`;
  }
  if (error instanceof MassRemoval) {
    return `${error.message}. Загрузите его вручную на странице поставщика или разрешите такие прайсы в настройках источника.`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const lacks = /lacks the columns? (.+)$/.exec(message);
  if (lacks) {
    const names = (lacks[1] ?? '')
      .split(', ')
      .map((name) => COLUMN_NAMES[name] ?? name)
      .join(', ');
    return `Файл не похож на прайс-лист: не найдены столбцы ${names}. ${UNCHANGED}`;
  }
  if (message.startsWith('The file is empty')) return `Файл пуст. ${UNCHANGED}`;
  if (message.startsWith('The file has no valid row')) {
    return `В файле нет ни одной правильной строки (артикул, бренд, цена). ${UNCHANGED}`;
  }
  if (message.startsWith('Unknown column') || message.includes('is given twice')) {
    return `Неверный список столбцов в настройках импорта: ${message}. ${UNCHANGED}`;
  }
  // Anything else in the words staff get for an upload: never a database error's SQL and values.
  const staffWords = russianImportError(error);
  return staffWords === IMPORT_FAILED_MESSAGE ? staffWords : `${staffWords} ${UNCHANGED}`;
}

export async function importFetchedList(
  database: Database,
  { supplierName, file, options, url }: FetchedListImport,
): Promise<FetchedListImported> {
  const saved = await savedImportOptions(database, supplierName);
  const settings =
    Object.keys(saved).length > 0
      ? saved
      : {
          delimiter: options.delimiter === 'tab' ? '\t' : options.delimiter,
          encoding: options.encoding,
          columns: options.columns || undefined,
          defaultDeliveryDays: options.default_delivery,
        };
  try {
    const summary = await recordCliImport(
      database,
      { kind: 'price_list', supplierName, file, settings, source: 'schedule', url },
      async () => ({
        ...(await importPriceList(database, {
          ...settings,
          supplierName,
          file,
          guardRemoval: options.allow_mass_removal !== true,
        })),
        reportPath: null,
      }),
    );
    return { loaded: summary.loaded, refused: summary.rejected };
  } catch (error) {
    throw new ImportRefused(refusalMessage(error), error instanceof MassRemoval, error);
  }
}
