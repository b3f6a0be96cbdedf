import { nowFor } from '../../http/clock.ts';
import { unavailable } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { importQueueOf } from './import-jobs.ts';
import { listImports, listSupplierRows } from './queries.ts';
import {
  cancelImport,
  confirmImport,
  importReport,
  receiveUpload,
  saveSupplier,
  showImport,
  showSupplier,
} from './service.ts';

/** Suppliers, their import profiles, uploads and import history (owner, manager); the route layer checked the role. */
export function createSupplierHandlers({ config, database, jobs }: AppDeps): AdminHandlers {
  const imports = jobs && importQueueOf(jobs);
  const { db } = database;
  const writeOf = (staff: Parameters<typeof signedInStaff>[0], request: Parameters<typeof nowFor>[0]) => ({
    staffId: signedInStaff(staff).staffId,
    now: nowFor(request),
  });
  return {
    'supplier-admin-list': ({ body, query }) => listSupplierRows(db, body, query.page),

    'supplier-show': async ({ body }) => ({ supplier: await showSupplier(db, body.id) }),

    'supplier-save': async ({ body, staff, request }) => ({
      supplier: await saveSupplier(db, body, writeOf(staff, request)),
    }),

    'import-upload': async ({ query, request, staff }) => {
      if (!imports) throw unavailable();
      const length = request.headers['content-length'];
      const upload = await receiveUpload(
        { db, uploadsDir: config.uploadsDir, limit: config.importUploadLimit, queue: imports },
        {
          kind: query.kind,
          supplierId: query.supplier_id,
          fileName: query.file_name,
          body: request.body,
          contentLength: length === undefined ? undefined : Number(length),
        },
        writeOf(staff, request),
      );
      return { import: upload };
    },

    'import-show': async ({ body }) => ({ import: await showImport(db, body.id) }),

    'import-cancel': async ({ body, staff, request }) => ({
      import: await cancelImport(database, body.id, writeOf(staff, request)),
    }),

    'import-confirm': async ({ body, staff, request }) => {
      if (!imports) throw unavailable();
      return { import: await confirmImport(db, imports, body.id, writeOf(staff, request)) };
    },

    'import-list': ({ body, query }) => listImports(db, body, query.page),

    'import-report': async ({ body, reply }) => {
      reply.header('content-disposition', `attachment; filename="import-${body.id}-rejected.csv"`);
      return importReport(db, body.id);
    },
  };
}
