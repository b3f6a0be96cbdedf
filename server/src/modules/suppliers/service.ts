import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import {
  IMPORT_NOT_AWAITING_MESSAGE,
  IMPORT_NOT_FOUND_MESSAGE,
  SUPPLIER_NOT_FOUND_MESSAGE,
  UPLOAD_EMPTY_MESSAGE,
  UPLOAD_NOT_TABLE_MESSAGE,
  uploadTooLargeMessage,
  type AdminSupplierDetail,
  type ImportKind,
  type SupplierImport,
  type supplierSaveRequestSchema,
} from '@detal/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/index.ts';
import { supplierImports, suppliers } from '../../db/schema/index.ts';
import { HttpError, conflict, notFound, validationFailed } from '../../http/errors.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { emit } from '../../events/bus.ts';
import { abortRunningImport, cancelOrphanedImport, type ImportQueue } from './import-jobs.ts';
import { profileProblem, readableProblem, sniffTable } from './profile.ts';
import { findImport, findImportRow, findSupplierDetail, insertImport, updateImport } from './queries.ts';

type SaveRequest = z.infer<typeof supplierSaveRequestSchema>;

export interface StaffWrite {
  staffId: number;
  now: Date;
}

const supplierValues = (detail: AdminSupplierDetail) => ({
  name: detail.name,
  display_name: detail.display_name,
  delivery_probability: detail.delivery_probability,
  learned_delivery_days: detail.learned_delivery_days,
  learned_delivery_probability: detail.learned_delivery_probability,
  default_delivery_days: detail.default_delivery_days,
  active: detail.active,
  max_age_days: detail.max_age_days,
  import_profile: detail.import_profile,
});

export async function showSupplier(db: Db, id: number): Promise<AdminSupplierDetail> {
  const found = await findSupplierDetail(db, id);
  if (!found) throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
  return found;
}

/**
 * Creates or changes a supplier, audited in the same transaction. Deactivating takes its offers out of search,
 * basket and checkout at the next request (every offer query joins the supplier and reads `active`); nothing is
 * deleted, so reactivating brings them back as they were.
 */
export async function saveSupplier(db: Db, request: SaveRequest, write: StaffWrite): Promise<AdminSupplierDetail> {
  const values = {
    name: request.name,
    displayName: request.display_name,
    deliveryProbability: request.delivery_probability,
    learnedDeliveryDays: request.learned_delivery_days,
    learnedDeliveryProbability: request.learned_delivery_probability,
    defaultDeliveryDays: request.default_delivery_days,
    active: request.active,
    maxAgeDays: request.max_age_days,
    importProfile: request.import_profile,
  };
  try {
    const id = await db.transaction(async (tx) => {
      let id = request.id;
      let before: AdminSupplierDetail | null = null;
      if (id === null) {
        const [row] = await tx.insert(suppliers).values(values).returning({ id: suppliers.id });
        id = row!.id;
      } else {
        before = await findSupplierDetail(tx, id);
        if (!before) throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
        await tx.update(suppliers).set(values).where(eq(suppliers.id, id));
      }
      const after = await findSupplierDetail(tx, id);
      await emit(tx, 'StaffWrite', {
        staffId: write.staffId,
        action: before ? 'supplier.update' : 'supplier.create',
        entity: 'supplier',
        entityId: id,
        before: before ? supplierValues(before) : null,
        after: after ? supplierValues(after) : null,
        at: write.now,
      });
      // Switching a supplier on or off shows or hides its offers: suggestions are read again (decision 0032).
      if (before !== null && before.active !== request.active) {
        await emit(tx, 'CatalogVisibilityChanged', { reason: 'supplier_active' });
      }
      return id;
    });
    return showSupplier(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ name: ['Поставщик с таким названием уже есть'] });
    throw error;
  }
}

export interface UploadInput {
  kind: ImportKind;
  supplierId: number | undefined;
  fileName: string;
  body: unknown;
  contentLength: number | undefined;
}

export interface UploadDeps {
  db: Db;
  uploadsDir: string;
  limit: number;
  queue: ImportQueue;
}

const tooLarge = (limit: number) => new HttpError(413, uploadTooLargeMessage(limit), 'payload_too_large');
const refused = (message: string) => validationFailed({ file: [message] }, message);

/** Counts the bytes going through, and fails past the limit. */
function byteLimit(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(tooLarge(limit));
      else callback(null, chunk);
    },
  });
}

/**
 * Takes an uploaded file: streamed to disk under the uploads folder (never held in memory), checked (not empty,
 * CSV or XLSX, within the limit, the profile's columns in its header), recorded as a queued import (audited)
 * and handed to the job queue. A refused file is deleted and changes nothing.
 */
export async function receiveUpload(deps: UploadDeps, input: UploadInput, write: StaffWrite): Promise<SupplierImport> {
  const { db, limit } = deps;
  if (!(input.body instanceof Readable)) {
    throw new HttpError(415, 'Файл отправляется как application/octet-stream', 'unsupported_media_type');
  }
  const body = input.body;
  let profile = null;
  if (input.kind === 'price_list') {
    if (input.supplierId === undefined) {
      body.resume();
      throw validationFailed({ supplier_id: ['Выберите поставщика'] });
    }
    const supplier = await findSupplierDetail(db, input.supplierId);
    if (!supplier) {
      body.resume();
      throw notFound(SUPPLIER_NOT_FOUND_MESSAGE);
    }
    profile = supplier.import_profile;
  }
  if (input.contentLength !== undefined && input.contentLength > limit) {
    body.resume();
    const refusal = tooLarge(limit);
    await recordRefusedUpload(
      db,
      { ...input, fileBytes: input.contentLength, settings: profile, error: refusal.message },
      write,
    );
    throw refusal;
  }
  await mkdir(deps.uploadsDir, { recursive: true });
  const extension = path
    .extname(input.fileName)
    .toLowerCase()
    .replace(/[^.a-z0-9]/g, '')
    .slice(0, 8);
  const file = path.join(deps.uploadsDir, `upload-${randomUUID()}${extension}`);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  try {
    await pipeline(body, byteLimit(limit), counter, createWriteStream(file));
    const kind = await sniffTable(file);
    if (kind === 'empty') throw refused(UPLOAD_EMPTY_MESSAGE);
    if (kind === 'other') throw refused(UPLOAD_NOT_TABLE_MESSAGE);
    const problem = profile ? await profileProblem(file, profile) : await readableProblem(file);
    if (problem) throw refused(problem);
  } catch (error) {
    await rm(file, { force: true });
    body.resume();
    // A file refused for what it is (empty, not a table, too large, not the profile's layout) is an attempt
    // staff look for in the history.
    if (error instanceof HttpError && (error.statusCode === 422 || error.statusCode === 413)) {
      await recordRefusedUpload(db, { ...input, fileBytes: size, settings: profile, error: error.message }, write);
    }
    throw error;
  }
  const row = await db.transaction(async (tx) => {
    const inserted = await insertImport(tx, {
      supplierId: input.kind === 'price_list' ? (input.supplierId ?? null) : null,
      kind: input.kind,
      source: 'upload',
      status: 'queued',
      fileName: input.fileName,
      filePath: file,
      fileBytes: size,
      settings: profile,
      staffId: write.staffId,
      queuedAt: write.now,
    });
    await emit(tx, 'StaffWrite', {
      staffId: write.staffId,
      action: 'import.upload',
      entity: 'supplier_import',
      entityId: inserted.id,
      after: { kind: input.kind, supplier_id: inserted.supplierId, file_name: input.fileName, file_bytes: size },
      at: write.now,
    });
    return inserted;
  });
  // The answer is the import as the upload left it (queued): read before the queue may start it, so that it never
  // depends on how fast a worker takes the job.
  const answer = (await findImport(db, row.id))!;
  await deps.queue.enqueue(row.id);
  return answer;
}

/** A refused upload as a failed import of the history, audited; nothing else changes. */
async function recordRefusedUpload(
  db: Db,
  upload: UploadInput & { fileBytes: number; settings: unknown; error: string },
  write: StaffWrite,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await insertImport(tx, {
      supplierId: upload.kind === 'price_list' ? (upload.supplierId ?? null) : null,
      kind: upload.kind,
      source: 'upload',
      status: 'failed',
      fileName: upload.fileName,
      fileBytes: upload.fileBytes,
      settings: upload.settings,
      staffId: write.staffId,
      queuedAt: write.now,
      finishedAt: write.now,
      error: upload.error,
    });
    await emit(tx, 'StaffWrite', {
      staffId: write.staffId,
      action: 'import.refused',
      entity: 'supplier_import',
      entityId: inserted.id,
      after: { kind: upload.kind, supplier_id: inserted.supplierId, file_name: upload.fileName, error: upload.error },
      at: write.now,
    });
  });
}

/**
 * Answers an upload that stopped because it would remove most of the supplier's offers: queued again, to replace
 * the list without the guard (audited). Only an import that awaits the answer; else 409.
 */
export async function confirmImport(
  db: Db,
  queue: ImportQueue,
  id: number,
  write: StaffWrite,
): Promise<SupplierImport> {
  await db.transaction(async (tx) => {
    const row = await findImportRow(tx, id);
    if (!row) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
    const confirmed = await updateImport(
      tx,
      id,
      { status: 'queued', removalConfirmed: true, queuedAt: write.now, startedAt: null, finishedAt: null },
      sql`${supplierImports.status} = 'awaiting_confirmation'`,
    );
    if (!confirmed) throw conflict(IMPORT_NOT_AWAITING_MESSAGE);
    await emit(tx, 'StaffWrite', {
      staffId: write.staffId,
      action: 'import.confirm_removal',
      entity: 'supplier_import',
      entityId: id,
      before: { status: row.status, removal: row.removal },
      after: { status: 'queued' },
      at: write.now,
    });
  });
  await queue.enqueue(id);
  return showImport(db, id);
}

export async function showImport(db: Db, id: number): Promise<SupplierImport> {
  const found = await findImport(db, id);
  if (!found) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
  return found;
}

/**
 * Cancels a queued, running or awaiting import: a queued one never starts, an awaiting one is dropped with its
 * file; a running one stops at its next progress write (at once in this process) and its transaction rolls back, so
 * nothing changes; a «running» one that nobody runs any more ends at once. An ended import is left as it is.
 */
export async function cancelImport(database: Database, id: number, write: StaffWrite): Promise<SupplierImport> {
  const { db } = database;
  const wasRunning = await db.transaction(async (tx) => {
    const row = await findImportRow(tx, id);
    if (!row) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
    if (row.status !== 'queued' && row.status !== 'running' && row.status !== 'awaiting_confirmation') return false;
    // Queued or awaiting an answer: ended at once; running: stopped at its next look.
    const queued = row.status !== 'running';
    await updateImport(
      tx,
      id,
      queued
        ? { status: 'cancelled', cancelRequestedAt: write.now, finishedAt: write.now }
        : { cancelRequestedAt: write.now },
      sql`${supplierImports.status} = ${row.status}`,
    );
    await emit(tx, 'StaffWrite', {
      staffId: write.staffId,
      action: 'import.cancel',
      entity: 'supplier_import',
      entityId: id,
      before: { status: row.status },
      after: { status: queued ? 'cancelled' : 'cancelling' },
      at: write.now,
    });
    if (queued && row.filePath) {
      await rm(row.filePath, { force: true });
      await updateImport(tx, id, { filePath: null });
    }
    return !queued;
  });
  if (wasRunning) {
    abortRunningImport(id);
    await cancelOrphanedImport(database, id, write.now);
  }
  return showImport(db, id);
}

/** The refused rows' report, streamed from disk. */
export async function importReport(db: Db, id: number): Promise<Readable> {
  const row = await findImportRow(db, id);
  if (!row) throw notFound(IMPORT_NOT_FOUND_MESSAGE);
  if (!row.reportPath || row.rowsRefused === 0) throw notFound('У этой загрузки нет отклонённых строк');
  return createReadStream(row.reportPath);
}
