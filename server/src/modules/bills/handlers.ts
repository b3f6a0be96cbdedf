import { billFileName } from '@detal/contract';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { clientIdOf } from '../../http/auth.ts';
import type { AdminHandlers, AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { listBillsPage } from './admin.ts';
import { billPayment, billPdf, billSummary, listClientBills } from './service.ts';

export const BILL_NOT_FOUND_MESSAGE = 'Счёт не найден';

/** The PDF of a bill's revision as a download; a bill names the client and their order: no shared cache keeps it. */
function sendBill(reply: FastifyReply, billId: number, printed: { pdf: Buffer; revision: number } | null) {
  if (!printed) throw notFound(BILL_NOT_FOUND_MESSAGE);
  reply.header('content-disposition', `attachment; filename="${billFileName(billId, printed.revision)}"`);
  reply.header('cache-control', 'private, no-store');
  return printed.pdf;
}

/** Bills (contract-decisions.md section 7): another client's bill is answered exactly like a missing one. */
export function createBillHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'client-bill-all-post': ({ auth, body, query }) =>
      listClientBills(db, timeZone, clientIdOf(auth), body, query.page),

    'client-bill-download-post': async ({ auth, body, reply }) =>
      sendBill(reply, body.billId, await billPdf(db, timeZone, body.billId, clientIdOf(auth), body.revision ?? null)),

    'client-bill-summary-post': ({ auth }) => billSummary(db, clientIdOf(auth)),

    'client-bill-payment-post': async ({ auth, body }) => {
      const payment = await billPayment(db, timeZone, clientIdOf(auth), body.billId ?? null);
      if (!payment) throw notFound(BILL_NOT_FOUND_MESSAGE);
      return payment;
    },
  };
}

/**
 * The back office's bills (owner and manager; the route checked the role): the list of every client's bills, and
 * the copy of a bill, any client's, any revision.
 */
export function createBillAdminHandlers({ config, database: { db } }: AppDeps): AdminHandlers {
  return {
    'bill-list': ({ body, query }) => listBillsPage(db, body, query.page, config.shopTimeZone),

    'bill-download': async ({ body, reply }) =>
      sendBill(reply, body.bill_id, await billPdf(db, config.shopTimeZone, body.bill_id, null, body.revision ?? null)),
  };
}
