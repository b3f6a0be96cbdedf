import type { Readable } from 'node:stream';
import { CONFIRMATION_FILE_LIMIT } from '@detal/contract';
import { nowFor } from '../../../http/clock.ts';
import { HttpError, validationFailed } from '../../../http/errors.ts';
import type { AdminHandlers, AppDeps } from '../../../http/handlers.ts';
import { signedInStaff } from '../../../http/staff-auth.ts';
import { testApiConnection } from './api-health.ts';
import { CHANNELS_RUN_JOB } from './api-jobs.ts';
import { saveChannelSettings, showChannelSettings, type ChannelTransport } from './channel-settings.ts';
import { importConfirmationFile } from './confirmation-import.ts';
import { findDispatch, sendSupplierOrder, toDispatch } from './dispatch.ts';
import { attachmentDisposition, supplierOrderFile } from './order-export.ts';
import { secretBoxFor } from './secrets.ts';

/**
 * The suppliers' ordering channels in the back office (owner, manager; the route layer checked the role):
 * settings, the API's test, and (orders.ts) the order's file, its sending and the confirmation file.
 */

/** The bytes of an upload, refused (413) past `limit`. */
export async function uploadedBytes(body: unknown, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as Readable) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      throw new HttpError(413, `Файл больше ${Math.floor(limit / (1024 * 1024))} МБ`, 'payload_too_large');
    }
    chunks.push(chunk as Buffer);
  }
  if (size === 0) throw validationFailed({ file: ['Файл пустой'] }, 'Файл пустой');
  return Buffer.concat(chunks);
}

export const CONFIRMATION_LIMIT = CONFIRMATION_FILE_LIMIT;

export function createPurchasingChannelHandlers({ config, database, jobs }: AppDeps): AdminHandlers {
  const { db } = database;
  const box = () => secretBoxFor({ secretsKey: config.secretsKey, dataDir: config.dataDir });
  const transport = (log: ChannelTransport['log']): ChannelTransport => ({
    outbound: { allowedHosts: config.supplierSourcesAllowedHosts },
    log,
  });
  return {
    'supplier-order-channel-show': async ({ body }) => ({ settings: await showChannelSettings(db, body.supplier_id) }),

    'supplier-order-channel-save': async ({ body, staff, request }) => ({
      settings: await saveChannelSettings(db, await box(), body, {
        staffId: signedInStaff(staff).staffId,
        now: nowFor(request),
      }),
    }),

    'supplier-order-channel-test': async ({ body, request }) => ({
      result: await testApiConnection(db, await box(), body.supplier_id, transport(request.log), nowFor(request)),
    }),

    'supplier-order-export': async ({ body, reply }) => {
      const file = await supplierOrderFile(db, body.supplier_order_id);
      reply.header('content-disposition', attachmentDisposition(file));
      reply.type(file.contentType);
      return file.bytes;
    },

    'supplier-order-dispatch-show': async ({ body }) => {
      const dispatch = await findDispatch(db, body.supplier_order_id);
      return { dispatch: dispatch ? toDispatch(dispatch) : null };
    },

    'supplier-order-channel-send': async ({ body, staff, request }) => {
      const sent = await sendSupplierOrder(database, body.supplier_order_id, {
        staffId: signedInStaff(staff).staffId,
        at: nowFor(request),
        timeZone: config.shopTimeZone,
      });
      // The supplier's API run, now rather than at the next tick (its lease keeps runs apart).
      if (sent.runSupplier !== null && jobs) await jobs.enqueue(CHANNELS_RUN_JOB, {});
      return { dispatch: sent.dispatch };
    },

    'supplier-order-confirmation-import': async ({ query, request, staff }) => {
      const bytes = await uploadedBytes(request.body, CONFIRMATION_LIMIT);
      return {
        result: await importConfirmationFile(
          database,
          query.supplier_order_id,
          { name: query.file_name, bytes },
          { staffId: signedInStaff(staff).staffId, at: nowFor(request), timeZone: config.shopTimeZone },
        ),
      };
    },
  };
}
