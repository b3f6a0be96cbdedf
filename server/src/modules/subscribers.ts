import { domainEvents, type DomainEventBus } from '../events/bus.ts';
import {
  enqueueBillRevised,
  enqueueLedgerReminder,
  enqueueLineReplaced,
  enqueueLineStatusChanged,
  enqueueOrderPlaced,
  enqueuePaymentRecorded,
  enqueueReturnStep,
  enqueueStaffNewOrder,
  enqueueStaffSupplierAlert,
  enqueueSupplierOrderEmail,
} from './notifications/outbox.ts';
import { forgetSuggestions } from './search/suggestion-cache.ts';
import { recordBillPaymentTx, recordShipmentDebitsTx, recordStatementAdvanceTx } from './ledger/service.ts';
import { toKopecks } from '@detal/contract';
import { releaseHoldOfPaidBillTx, releaseStopHoldsTx } from './ledger/holds.ts';
import { postShipments } from './shipments/service.ts';
import { recordAudit, recordAudits } from './staff/audit.ts';

/**
 * Who reacts to which domain event (events/domain-events.ts), composed once per process by every composition
 * point: the app (app.ts), the jobs (jobs/index.ts), the command lines (cli/). In the emitter's transaction: the
 * audit log and the notification outbox, so that a row of either commits exactly with its change (decisions 0023,
 * 0042). After the commit: this process's suggestion caches. Subscribers of one event run in the order below.
 */
const composed = new WeakSet<DomainEventBus>();

export function subscribeModuleEffects(bus: DomainEventBus = domainEvents): void {
  if (composed.has(bus)) return;
  composed.add(bus);

  bus.inTransaction('StaffWrite', recordAudit);
  bus.inTransaction('StaffWrites', (tx, { records }) => recordAudits(tx, records));

  // The client's e-mail with the bill first, then the staff's: the outbox keeps them in this order.
  bus.inTransaction('OrderPlaced', (tx, { orderId }) => enqueueOrderPlaced(tx, orderId));
  bus.inTransaction('OrderPlaced', (tx, { orderId }) => enqueueStaffNewOrder(tx, orderId));
  bus.inTransaction('OrderLineStatusChanged', (tx, { at, orderId, lines }) =>
    enqueueLineStatusChanged(tx, orderId, lines, { now: at }),
  );
  // The client ledger's reminders (issue 31): to the client's e-mail, in the job's transaction.
  bus.inTransaction('LedgerReminderDue', enqueueLedgerReminder);
  bus.inTransaction('LineReplaced', (tx, { at, ...replaced }) => enqueueLineReplaced(tx, replaced, { now: at }));
  // Lines handed over: their shipment document (УПД), in the same transaction (decision 0053).
  bus.inTransaction('LinesIssued', postShipments);
  bus.inTransaction('BillRevised', (tx, { at, ...bill }) => enqueueBillRevised(tx, bill, { now: at }));
  bus.inTransaction('PaymentRecorded', (tx, payment) => enqueuePaymentRecorded(tx, payment));
  // The client ledger (issue 31): a bill's payment is a credit naming it; money naming no bill an advance (or
  // listed for staff); each posted shipment a debit due after the client's deferral. The shipments module posts
  // in its own LinesIssued subscriber, composed before this one.
  bus.inTransaction('PaymentRecorded', async (tx, payment) => {
    if (payment.paymentId === undefined || payment.paidOn === undefined) return;
    await recordBillPaymentTx(
      tx,
      {
        paymentId: payment.paymentId,
        billId: payment.billId,
        amount: payment.amount,
        paidOn: payment.paidOn,
        statementKey: payment.statementKey ?? null,
        reference: payment.reference ?? '',
        staffId: payment.staffId ?? null,
      },
      { now: payment.at ?? new Date(), timeZone: payment.timeZone ?? 'Europe/Moscow' },
    );
  });
  bus.inTransaction('PaymentRecorded', (tx, payment) =>
    releaseHoldOfPaidBillTx(tx, payment.billId, payment.at ?? new Date()),
  );
  // The stop lifted: the orders it alone held go to work (decision 0062).
  bus.inTransaction('LedgerStopLifted', (tx, { accountId, at }) => releaseStopHoldsTx(tx, accountId, at));
  bus.inTransaction('StatementMoneyWithoutBill', async (tx, line) => {
    const advance = await recordStatementAdvanceTx(
      tx,
      {
        inn: line.inn,
        amountKopecks: toKopecks(line.amount),
        paidOn: line.paidOn,
        reference: line.reference,
        statementKey: line.statementKey,
        staffId: line.staffId,
      },
      { now: line.at, timeZone: line.timeZone },
    );
    if (advance) line.onAdvance?.(advance);
  });
  // Cancels and returns (issue 32): the client's e-mail at each step.
  bus.inTransaction('ReturnStepTaken', (tx, { at, ...step }) => enqueueReturnStep(tx, step, { now: at }));
  bus.inTransaction('SupplierAlert', (tx, { kind, facts, at }) =>
    enqueueStaffSupplierAlert(tx, kind, facts, at ? { now: at } : undefined),
  );
  bus.inTransaction('SupplierOrderEmailed', (tx, { supplierOrderId, to, at }) =>
    enqueueSupplierOrderEmail(tx, { supplierOrderId, to }, { now: at }),
  );

  // Offers shown or hidden, brands renamed: this instance's suggestions are read again (decision 0032); other
  // instances' expire within their cache's lifetime.
  bus.afterCommit('PriceListReplaced', forgetSuggestions);
  bus.afterCommit('CatalogVisibilityChanged', forgetSuggestions);

  // Keep last: the shipments module's LinesIssued subscriber (which posts the shipments) must run before the
  // ledger reads them (issue 31, decision 0054).
  bus.inTransaction('LinesIssued', (tx, { lineIds, at, timeZone }) =>
    recordShipmentDebitsTx(tx, lineIds, { now: at, timeZone }),
  );
}
