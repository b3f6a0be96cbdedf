import { billFileName } from '@detal/contract';
import { notFound } from '../../http/errors.ts';
import { clientIdOf } from '../../http/auth.ts';
import type { AppDeps, ShopHandlers } from '../../http/handlers.ts';
import { billPayment, billPdf, billSummary, listClientBills } from './service.ts';

export const BILL_NOT_FOUND_MESSAGE = 'Счёт не найден';

/** Bills (contract-decisions.md section 7): another client's bill is answered exactly like a missing one. */
export function createBillHandlers({ config, database: { db } }: AppDeps): ShopHandlers {
  const timeZone = config.shopTimeZone;
  return {
    'client-bill-all-post': ({ auth, body, query }) =>
      listClientBills(db, timeZone, clientIdOf(auth), body, query.page),

    'client-bill-download-post': async ({ auth, body, reply, request }) => {
      const pdf = await billPdf(db, timeZone, body.billId, clientIdOf(auth), request.log);
      if (!pdf) throw notFound(BILL_NOT_FOUND_MESSAGE);
      reply.header('content-disposition', `attachment; filename="${billFileName(body.billId)}"`);
      // A bill names the client and their order: no shared cache may keep it.
      reply.header('cache-control', 'private, no-store');
      return pdf;
    },

    'client-bill-summary-post': ({ auth }) => billSummary(db, clientIdOf(auth)),

    'client-bill-payment-post': async ({ auth, body }) => {
      const payment = await billPayment(db, timeZone, clientIdOf(auth), body.billId ?? null);
      if (!payment) throw notFound(BILL_NOT_FOUND_MESSAGE);
      return payment;
    },
  };
}
