import { CORRECTION_NOT_FOUND_MESSAGE, SHIPMENT_NOT_FOUND_MESSAGE } from '@detal/contract';
import type { FastifyReply } from 'fastify';
import { clientIdOf } from '../../http/auth.ts';
import { nowFor } from '../../http/clock.ts';
import { notFound } from '../../http/errors.ts';
import type { AdminHandlers, AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { signedInStaff } from '../../http/staff-auth.ts';
import { findClientsAtCounter } from '../clients/admin.ts';
import {
  correctShipment,
  correctionFile,
  issueAtCounter,
  listShipmentsPage,
  readyLines,
  shipmentFile,
  type ShipmentFile,
} from './service.ts';

/** A shipment's УПД as a download; it names the client: no shared cache keeps it. Another client's is a 404. */
function send(reply: FastifyReply, file: ShipmentFile | null, missing = SHIPMENT_NOT_FOUND_MESSAGE) {
  if (!file) throw notFound(missing);
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  reply.header('cache-control', 'private, no-store');
  reply.type(file.contentType);
  return file.bytes;
}

/** The client's documents (issue 30, point 5). */
export function createShipmentHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'client-shipment-all-post': ({ auth, body, query }) =>
      listShipmentsPage(db, { ...body, client_id: null, order_id: null }, query.page, timeZone, clientIdOf(auth)),

    'client-shipment-download-post': async ({ auth, body, reply }) =>
      send(reply, await shipmentFile(db, body.shipmentId, clientIdOf(auth), body.format)),

    'client-shipment-correction-download-post': async ({ auth, body, reply }) =>
      send(reply, await correctionFile(db, body.correctionId, clientIdOf(auth)), CORRECTION_NOT_FOUND_MESSAGE),
  };
}

/** The back office's shipments: the counter, the list, the files, corrections (owner and manager). */
export function createShipmentAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'shipment-list': ({ body, query }) => listShipmentsPage(db, body, query.page, timeZone),

    'shipment-ready-lines': ({ body }) => readyLines(db, body.client_id),

    'shipment-client-search': async ({ body }) => ({ clients: await findClientsAtCounter(db, body.q) }),

    'shipment-issue': async ({ staff, body, request }) => {
      const actor = { staffId: signedInStaff(staff).staffId, note: body.note ?? null, at: nowFor(request), timeZone };
      return { shipments: await issueAtCounter(db, body, actor) };
    },

    'shipment-download': async ({ body, reply }) =>
      send(reply, await shipmentFile(db, body.shipment_id, null, body.format)),

    'shipment-correction-download': async ({ body, reply }) =>
      send(reply, await correctionFile(db, body.correction_id, null), CORRECTION_NOT_FOUND_MESSAGE),

    'shipment-correct': ({ staff, body, request }) =>
      correctShipment(db, body, { staffId: signedInStaff(staff).staffId, at: nowFor(request), timeZone }),
  };
}
