import type { FastifyRequest } from 'fastify';
import { clientIdOf } from '../../http/auth.ts';
import { nowFor } from '../../http/clock.ts';
import type { AdminHandlers, AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { signedInStaff, type StaffContext } from '../../http/staff-auth.ts';
import { clientCancelLine, decideCancelRequest, listCancelRequestsPage } from './cancels.ts';
import { readReturnPhoto, receiveReturnPhoto } from './photos.ts';
import { listPolicies, savePolicy } from './policies.ts';
import {
  closeReturn,
  createReturn,
  creditReturn,
  decideReturns,
  getReturn,
  listReturnsPage,
  receiveReturn,
  refundReturn,
} from './service.ts';
import { listReturnRatesPage, readThreshold, saveThreshold, withdrawPair } from './rates.ts';
import { collectSupplierReturns, listSupplierReturnsPage, moveSupplierReturn } from './supplier-returns.ts';

/** The client's cancels and returns (issue 32). */
export function createReturnHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'client-cancel-line-post': ({ auth, body, request }) =>
      clientCancelLine(db, clientIdOf(auth), body, { at: nowFor(request), timeZone }),

    'client-cancel-request-all-post': ({ auth, body, query }) =>
      listCancelRequestsPage(db, body.state, query.page, clientIdOf(auth)),

    'client-return-photo-upload-post': async ({ auth, request }) => {
      const clientId = clientIdOf(auth);
      const length = request.headers['content-length'];
      const photo = await receiveReturnPhoto(
        { db, uploadsDir: config.uploadsDir },
        {
          clientId,
          body: request.body,
          contentLength: length === undefined ? undefined : Number(length),
          at: nowFor(request),
        },
      );
      return { photo };
    },

    'client-return-create-post': ({ auth, body, request }) =>
      createReturn(db, clientIdOf(auth), body, { at: nowFor(request), timeZone }),

    'client-return-all-post': ({ auth, body, query }) =>
      listReturnsPage(db, { state: body.state ?? null }, query.page, timeZone, clientIdOf(auth)),

    'client-return-photo-post': async ({ auth, body, reply }) => {
      const photo = await readReturnPhoto({ db, uploadsDir: config.uploadsDir }, body.photo_id, clientIdOf(auth));
      reply.type(photo.contentType);
      return photo.bytes;
    },
  };
}

/** The back office's returns queue, cancel requests, supplier returns and return rates (owner and manager). */
export function createReturnAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  const timeZone = config.shopTimeZone;
  const actorOf = (staff: StaffContext | null, request: FastifyRequest) => ({
    staffId: signedInStaff(staff).staffId,
    at: nowFor(request),
    timeZone,
  });
  return {
    'return-list': ({ body, query }) => listReturnsPage(db, body, query.page, timeZone),
    'return-get': ({ body }) => getReturn(db, body.return_id),
    'return-photo': async ({ query, reply }) => {
      const photo = await readReturnPhoto({ db, uploadsDir: config.uploadsDir }, query.photo_id);
      reply.type(photo.contentType);
      return photo.bytes;
    },
    'return-decide': async ({ body, staff, request }) => ({
      returns: await decideReturns(db, body, actorOf(staff, request)),
    }),
    'return-receive': ({ body, staff, request }) => receiveReturn(db, body, actorOf(staff, request)),
    'return-credit': ({ body, staff, request }) => creditReturn(db, body.return_id, actorOf(staff, request)),
    'return-refund': ({ body, staff, request }) => refundReturn(db, body, actorOf(staff, request)),
    'return-close': ({ body, staff, request }) => closeReturn(db, body.return_id, actorOf(staff, request)),
    'return-cancel-request-list': ({ body, query }) => listCancelRequestsPage(db, body.state, query.page, null),
    'return-cancel-request-decide': ({ body, staff, request }) =>
      decideCancelRequest(db, body, actorOf(staff, request)),
    'return-policy-list': () => listPolicies(db),
    'return-policy-save': ({ body, staff, request }) => savePolicy(db, body, actorOf(staff, request)),
    'supplier-return-list': ({ body, query }) => listSupplierReturnsPage(db, body, query.page),
    'supplier-return-collect': async ({ body, staff, request }) => ({
      supplier_returns: await collectSupplierReturns(db, body.supplier_id ?? null, actorOf(staff, request)),
    }),
    'supplier-return-move': ({ body, staff, request }) => moveSupplierReturn(db, body, actorOf(staff, request)),
    'return-rate-list': ({ body, query }) => listReturnRatesPage(db, body, query.page),
    'return-rate-pair-withdraw': ({ body, staff, request }) => withdrawPair(db, body, actorOf(staff, request)),
    'return-rate-threshold': () => readThreshold(db),
    'return-rate-threshold-save': ({ body, staff, request }) => saveThreshold(db, body, actorOf(staff, request)),
  };
}
