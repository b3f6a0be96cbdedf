import { domainEvents, type DomainEventBus } from '../events/bus.ts';
import {
  enqueueBillRevised,
  enqueueLineStatusChanged,
  enqueueOrderPlaced,
  enqueuePaymentRecorded,
  enqueueStaffNewOrder,
  enqueueStaffSupplierAlert,
  enqueueSupplierOrderEmail,
} from './notifications/outbox.ts';
import { forgetSuggestions } from './search/suggestion-cache.ts';
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
  bus.inTransaction('BillRevised', (tx, { at, ...bill }) => enqueueBillRevised(tx, bill, { now: at }));
  bus.inTransaction('PaymentRecorded', (tx, payment) => enqueuePaymentRecorded(tx, payment));
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
}
