import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/index.ts';
import { emit } from '../../events/bus.ts';
import { MassRemoval, type PriceListImportOptions } from '../catalog/import/price-list-import.ts';
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
 * runs, then done or failed, with its counts. The supplier is named after the import (it may create it). A list
 * refused because it would remove most of the supplier's offers also e-mails the staff, in the same transaction.
 */
export async function recordCliImport<Outcome extends CliImportOutcome>(
  database: Database,
  what: {
    kind: 'price_list' | 'cross_references';
    supplierName?: string;
    file: string;
    settings: unknown;
    source?: 'cli' | 'schedule';
    /** A scheduled fetch's address, for the staff's e-mail. */
    url?: string;
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
    await db.transaction(async (tx) => {
      await updateImport(tx, row.id, {
        status: 'failed',
        finishedAt: new Date(),
        error: russianImportError(error),
        ...(error instanceof MassRemoval ? { removal: error.counts } : {}),
      });
      // Nobody is asked here (a schedule, a script): the staff are told by e-mail, and may upload the list.
      if (error instanceof MassRemoval && known) {
        await emit(tx, 'SupplierAlert', {
          kind: 'staff_list_mass_removal',
          facts: {
            supplier_id: known.id,
            supplier_name: what.supplierName?.trim() ?? '',
            url: what.url ?? '',
            removal: error.counts,
            via: what.source ?? 'cli',
          },
        });
      }
    });
    throw error;
  }
}
