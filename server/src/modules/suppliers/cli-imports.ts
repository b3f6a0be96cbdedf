import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/index.ts';
import type { PriceListImportOptions } from '../catalog/import/price-list-import.ts';
import { PROCESS_OWNER } from './import-jobs.ts';
import { importOptionsOf } from './profile.ts';
import { findSupplierByName, insertImport, profileOf, updateImport } from './queries.ts';
import { russianImportError } from './profile.ts';

/** The saved profile of a supplier as import options (none for a supplier not known yet). */
export async function savedImportOptions(
  database: Database,
  supplierName: string,
): Promise<Omit<PriceListImportOptions, 'supplierName' | 'file'>> {
  const supplier = await findSupplierByName(database.db, supplierName.trim());
  return supplier?.importProfile ? importOptionsOf(profileOf(supplier.importProfile)) : {};
}

export interface CliImportOutcome {
  read: number;
  loaded: number;
  rejected: number;
  reportPath: string | null;
}

/**
 * Runs an import made outside the upload queue and writes it into the imports' history: the command line
 * (source 'cli', the default) or a scheduled fetch (source 'schedule', modules/supplier-sources). Running while it
 * runs, then done or failed, with its counts. The supplier is named after the import (it may create it).
 */
export async function recordCliImport<Outcome extends CliImportOutcome>(
  database: Database,
  what: {
    kind: 'price_list' | 'cross_references';
    supplierName?: string;
    file: string;
    settings: unknown;
    source?: 'cli' | 'schedule';
  },
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  const { db } = database;
  const known = what.supplierName ? await findSupplierByName(db, what.supplierName.trim()) : null;
  const size = await stat(what.file).then(
    (info) => info.size,
    () => 0,
  );
  const row = await insertImport(db, {
    supplierId: known?.id ?? null,
    kind: what.kind,
    source: what.source ?? 'cli',
    status: 'running',
    fileName: path.basename(what.file),
    fileBytes: size,
    settings: what.settings,
    startedAt: new Date(),
    owner: PROCESS_OWNER,
  });
  try {
    const outcome = await run();
    const supplier = what.supplierName ? await findSupplierByName(db, what.supplierName.trim()) : null;
    await updateImport(db, row.id, {
      supplierId: supplier?.id ?? null,
      status: 'done',
      finishedAt: new Date(),
      rowsRead: outcome.read,
      rowsLoaded: outcome.loaded,
      rowsRefused: outcome.rejected,
      bytesRead: size,
      reportPath: outcome.reportPath,
    });
    return outcome;
  } catch (error) {
    await updateImport(db, row.id, {
      status: 'failed',
      finishedAt: new Date(),
      error: russianImportError(error),
    });
    throw error;
  }
}
