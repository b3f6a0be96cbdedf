import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Mustache from 'mustache';
import {
  billFileName,
  formatDate,
  formatDateTime,
  formatLineTotal,
  formatRoubles,
  kopecksToDecimal,
  toKopecks,
  ORDER_STATUS_NAMES,
  orderLabel,
  STALE_POLICY_NAMES,
  type Order,
  type OrderStatus,
} from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import type { MailAttachment, MailMessage } from '../../mail/mailer.ts';
import { findBillOwner } from '../bills/queries.ts';
import { billPdf } from '../bills/service.ts';
import { findOrderContact, findOrderOfAnyClient, type OrderContact } from '../orders/queries.ts';
import { findBillDocument } from '../bills/revisions.ts';
import type {
  BillRevisedPayload,
  LedgerReminderPayload,
  LineReplacedPayload,
  LinesStatusPayload,
  NotificationKind,
  StatusChangeEntry,
  PaymentPayload,
  ReturnStepPayload,
  SupplierAlertPayload,
  SupplierOrderPayload,
} from './outbox.ts';
import { supplierOrderFile } from '../purchasing/channels/order-export.ts';

/**
 * Turns an outbox row into the e-mail: the data as stored now (the order, its lines, the bill) poured into the
 * kind's templates (templates/NAME.txt and NAME.html, Mustache; README there). Plain text and HTML carry the
 * same words; HTML values are escaped by Mustache.
 */

const FALLBACK_SHOP_NAME = 'Деталь';

const TEMPLATE_OF: Record<NotificationKind, string> = {
  order_placed: 'order-placed',
  lines_status_changed: 'lines-status-changed',
  payment_recorded: 'payment-recorded',
  bill_revised: 'bill-revised',
  staff_new_order: 'staff-new-order',
  staff_source_failing: 'staff-source-failing',
  staff_list_stale: 'staff-list-stale',
  staff_list_mass_removal: 'staff-list-mass-removal',
  supplier_order: 'supplier-order',
  line_replaced: 'line-replaced',
  ledger_due_soon: 'ledger-due-soon',
  ledger_overdue: 'ledger-overdue',
  return_step: 'return-step',
};

/**
 * The templates folder: beside this file in the sources (server/src/modules/notifications/), and reached from
 * the bundle (server/dist/main.js) through the sources, which a deployment keeps (as it keeps server/drizzle).
 */
function templatesFolder(): string {
  const candidates = ['./templates/', '../src/modules/notifications/templates/'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((folder) => existsSync(`${folder}layout.html`));
  if (!found) throw new Error(`Notification templates not found; looked in ${candidates.join(', ')}`);
  return found;
}

interface Templates {
  layout: string;
  byKind: Map<NotificationKind, { text: string; html: string }>;
}

let templates: Templates | undefined;

/** Read once per process: an edited template takes effect at the next start. */
function loadTemplates(): Templates {
  if (templates) return templates;
  const folder = templatesFolder();
  const read = (file: string) => readFileSync(`${folder}${file}`, 'utf8');
  const byKind = new Map<NotificationKind, { text: string; html: string }>();
  for (const [kind, name] of Object.entries(TEMPLATE_OF) as Array<[NotificationKind, string]>) {
    byKind.set(kind, { text: read(`${name}.txt`), html: read(`${name}.html`) });
  }
  templates = { layout: read('layout.html'), byKind };
  return templates;
}

const asIs = (value: unknown) => String(value);

/** The subject and both bodies of a kind's templates over `view`. */
export function renderTemplates(kind: NotificationKind, view: Record<string, unknown>) {
  const { layout, byKind } = loadTemplates();
  const own = byKind.get(kind)!;
  const text = Mustache.render(own.text, view, {}, { escape: asIs }).replace(/^\s+/, '');
  const newline = text.indexOf('\n');
  const subject = (newline < 0 ? text : text.slice(0, newline)).trim();
  const body = newline < 0 ? '' : text.slice(newline + 1).replace(/^\s*\n/, '');
  const content = Mustache.render(own.html, view);
  const html = Mustache.render(layout, { ...view, subject, content });
  return { subject, text: body.replace(/\n{3,}/g, '\n\n'), html };
}

/** An outbox row, as much of it as rendering needs. */
export interface NotificationRow {
  id: number;
  kind: string;
  orderId: number | null;
  billId: number | null;
  payload: unknown;
}

export interface RenderSettings {
  timeZone: string;
  /** The shop's public address, for links. */
  publicUrl: string;
}

/** What a row renders to: the e-mail (without its recipient), or why there is nothing to send. */
export type Rendered = { mail: Omit<MailMessage, 'to'> } | { nothing: string };

const linesView = (order: Order) =>
  order.items.map((line) => ({
    article: line.article,
    brand: line.brand_name,
    description: line.description,
    quantity: line.quantity,
    price: formatRoubles(line.price),
    sum: formatLineTotal(line.price, line.quantity),
  }));

function orderView(order: Order, settings: RenderSettings) {
  return {
    order_label: orderLabel(order.id),
    order_date: formatDate(order.created_at, settings.timeZone),
    lines: linesView(order),
    delivery_method: order.delivery_method.name,
    delivery_price: formatRoubles(order.delivery_method.price),
    delivery_address: order.delivery_address,
    desired_date: order.desired_date,
    comment: order.comment,
    total: formatRoubles(order.total_price),
    order_url: `${settings.publicUrl}/orders/${order.id}`,
    bills_url: `${settings.publicUrl}/bills`,
  };
}

const clientView = (contact: OrderContact) => ({
  name: [contact.lastName, contact.firstName, contact.middleName].filter(Boolean).join(' '),
  company: contact.companyName,
  email: contact.email,
  phone: contact.phoneNumber,
});

/** The RFC 5322 Message-ID of a notification: the same for every attempt, so a repeat is the same message. */
export function notificationMessageId(id: number, publicUrl: string): string {
  return `<notification-${id}@${new URL(publicUrl).hostname || 'localhost'}>`;
}

/** A revision of a bill as an attachment: issued revisions never change, so a retry attaches the same PDF. */
async function billAttachment(
  db: DbExecutor,
  settings: RenderSettings,
  billId: number,
  revision: number,
): Promise<MailAttachment> {
  const printed = await billPdf(db, settings.timeZone, billId, null, revision);
  if (!printed) throw new Error(`Bill ${billId} revision ${revision} not found`);
  return { filename: billFileName(billId, revision), content: printed.pdf, contentType: 'application/pdf' };
}

/** The e-mail of an outbox row, from the data as stored now. */
export async function renderNotification(
  db: DbExecutor,
  row: NotificationRow,
  settings: RenderSettings,
): Promise<Rendered> {
  const kind = row.kind as NotificationKind;
  const shopName = (await readShopSetting(db, 'shop'))?.name || FALLBACK_SHOP_NAME;
  const common = { shop_name: shopName, shop_url: settings.publicUrl, account_url: `${settings.publicUrl}/account` };
  if (kind === 'staff_source_failing' || kind === 'staff_list_stale' || kind === 'staff_list_mass_removal') {
    return { mail: supplierAlertMail(kind, row, common, settings) };
  }
  if (kind === 'supplier_order') return supplierOrderMail(db, row, common, settings);
  if (kind === 'ledger_due_soon' || kind === 'ledger_overdue')
    return { mail: ledgerReminderMail(kind, row, common, settings) };
  const order = row.orderId === null ? null : await findOrderOfAnyClient(db, row.orderId);
  if (!order) return { nothing: `order ${row.orderId} not found` };
  const view: Record<string, unknown> = { ...common, ...orderView(order, settings) };
  const attachments: MailAttachment[] = [];

  if (kind === 'order_placed') {
    if (order.bill_id !== null) {
      // A bill that cannot be printed (the shop's requisites unset) fails the attempt: it is retried, and
      // last_error says why, rather than the e-mail going without the bill it promises.
      // The bill as issued with the order (revision 0); a later revision goes in its own e-mail.
      attachments.push(await billAttachment(db, settings, order.bill_id, 0));
      view.bill_number = order.bill_id;
    }
  } else if (kind === 'bill_revised') {
    const { revision } = row.payload as BillRevisedPayload;
    const document =
      row.billId === null ? null : await findBillDocument(db, settings.timeZone, row.billId, null, revision);
    if (!document) return { nothing: `bill ${row.billId} revision ${revision} not found` };
    attachments.push(await billAttachment(db, settings, document.id, revision));
    view.bill_number = document.id;
    view.bill_title = document.title;
    view.replaces = document.replaces;
    view.bill_total = formatRoubles(kopecksToDecimal(document.totalKopecks));
    view.nothing_to_pay = document.totalKopecks === 0;
  } else if (kind === 'lines_status_changed') {
    const { changes } = row.payload as LinesStatusPayload;
    const present = new Map(order.items.map((line) => [line.id, line.status]));
    const net = netStatusChanges(changes, present);
    if (net.length === 0) return { nothing: 'every line is back in the status it had' };
    const lineName = new Map(
      order.items.map((line) => [line.id, `${line.brand_name} ${line.article} ${line.description}`.trim()]),
    );
    view.changes = net.map((change) => ({
      what: change.lineId === null ? 'Заказ целиком' : (lineName.get(change.lineId) ?? `Позиция ${change.lineId}`),
      from: ORDER_STATUS_NAMES[change.from],
      to: ORDER_STATUS_NAMES[change.to],
      time: formatDateTime(change.at, settings.timeZone),
    }));
  } else if (kind === 'line_replaced') {
    const { lineId, from, to } = row.payload as LineReplacedPayload;
    const line = order.items.find((item) => item.id === lineId);
    if (!line) return { nothing: `line ${lineId} not found` };
    const days = (value: number | null) => (value === null ? 'не указан' : `${value} дн.`);
    view.line = `${line.brand_name} ${line.article} ${line.description}`.trim();
    view.quantity = line.quantity;
    view.from_supplier = from.supplierName ?? '—';
    view.to_supplier = to.supplierName ?? '—';
    view.from_days = days(from.deliveryDays);
    view.to_days = days(to.deliveryDays);
    view.from_price = formatRoubles(from.price);
    view.to_price = formatRoubles(to.price);
    view.price_changed = from.price !== to.price;
  } else if (kind === 'return_step') {
    const { subject, text } = row.payload as ReturnStepPayload;
    view.subject = subject;
    view.text = text;
    view.returns_url = `${settings.publicUrl}/returns`;
  } else if (kind === 'payment_recorded') {
    const bill = row.billId === null ? null : await findBillOwner(db, row.billId);
    if (!bill) return { nothing: `bill ${row.billId} not found` };
    const { amount } = row.payload as PaymentPayload;
    view.bill_number = row.billId;
    view.amount = formatRoubles(amount);
    view.bill_total = formatRoubles(bill.priceSum);
    view.paid = bill.paid;
  } else if (kind === 'staff_new_order') {
    const contact = await findOrderContact(db, order.id);
    if (!contact) return { nothing: `order ${row.orderId} not found` };
    view.client = clientView(contact);
    view.admin_url = `${settings.publicUrl}/admin/orders/${order.id}`;
  } else {
    return { nothing: `unknown kind ${row.kind}` };
  }

  return {
    mail: {
      ...renderTemplates(kind, view),
      ...(attachments.length > 0 ? { attachments } : {}),
      messageId: notificationMessageId(row.id, settings.publicUrl),
    },
  };
}

/**
 * One entry a line: the status it had before the first gathered change and the status it has now (the e-mail
 * goes a minute later, and a client wants where the line stands, not every step on the way), at the time of its
 * last change. A line back where it started is left out. Order-wide entries (`lineId` null) keep their last status.
 */
export function netStatusChanges(
  changes: readonly StatusChangeEntry[],
  presentStatus: ReadonlyMap<number, OrderStatus>,
): StatusChangeEntry[] {
  const byLine = new Map<number | null, StatusChangeEntry>();
  for (const change of changes) {
    const first = byLine.get(change.lineId);
    byLine.set(change.lineId, { ...change, from: first?.from ?? change.from });
  }
  return [...byLine.values()]
    .map((entry) => ({
      ...entry,
      to: (entry.lineId === null ? undefined : presentStatus.get(entry.lineId)) ?? entry.to,
    }))
    .filter((entry) => entry.from !== entry.to);
}

/** The staff's e-mails about a supplier's price-list source: from the row's payload alone. */
function supplierAlertMail(
  kind: 'staff_source_failing' | 'staff_list_stale' | 'staff_list_mass_removal',
  row: NotificationRow,
  common: Record<string, unknown>,
  settings: RenderSettings,
): Omit<MailMessage, 'to'> {
  const payload = row.payload as SupplierAlertPayload;
  const view = {
    ...common,
    supplier_name: payload.supplier_name,
    url: payload.url,
    failures: payload.failures ?? 0,
    last_error: payload.last_error ?? null,
    max_age_days: payload.max_age_days ?? null,
    last_import: payload.last_import_at ? formatDateTime(payload.last_import_at, settings.timeZone) : null,
    hidden: payload.stale_policy === 'hide',
    policy: payload.stale_policy ? STALE_POLICY_NAMES[payload.stale_policy] : null,
    source_url: `${settings.publicUrl}/admin/suppliers/${payload.supplier_id}/source`,
    supplier_url: `${settings.publicUrl}/admin/suppliers/${payload.supplier_id}`,
    offers: payload.removal?.offers.toLocaleString('ru-RU') ?? null,
    removed: payload.removal?.removed.toLocaleString('ru-RU') ?? null,
    loaded: payload.removal?.loaded.toLocaleString('ru-RU') ?? null,
    via: payload.via === 'cli' ? 'Командой npm run import' : 'По расписанию',
  };
  return { ...renderTemplates(kind, view), messageId: notificationMessageId(row.id, settings.publicUrl) };
}

/**
 * A supplier order to the supplier, with its file in the supplier's format (decision 0050): made from the order as
 * stored when sending (a sent order's lines and quantities ordered do not change).
 */
async function supplierOrderMail(
  db: DbExecutor,
  row: NotificationRow,
  common: Record<string, unknown>,
  settings: RenderSettings,
): Promise<Rendered> {
  const { supplier_order_id: id } = row.payload as SupplierOrderPayload;
  let file;
  try {
    file = await supplierOrderFile(db, id);
  } catch {
    return { nothing: `supplier order ${id} not found` };
  }
  const view = {
    ...common,
    order_number: file.order.number,
    supplier_name: file.order.supplierName,
    file_name: file.fileName,
  };
  return {
    mail: {
      ...renderTemplates('supplier_order', view),
      attachments: [{ filename: file.fileName, content: file.bytes, contentType: file.contentType }],
      messageId: notificationMessageId(row.id, settings.publicUrl),
    },
  };
}

/** The client ledger's reminder (issue 31): from the row's payload alone, the facts as the job decided them. */
function ledgerReminderMail(
  kind: 'ledger_due_soon' | 'ledger_overdue',
  row: NotificationRow,
  common: Record<string, unknown>,
  settings: RenderSettings,
): Omit<MailMessage, 'to'> {
  const payload = row.payload as LedgerReminderPayload;
  const view = {
    ...common,
    account_name: payload.accountName,
    debits: payload.debits.map((debit) => ({
      due_on: formatDate(debit.dueOn, settings.timeZone),
      open: formatRoubles(debit.open),
    })),
    total: formatRoubles(kopecksToDecimal(payload.debits.reduce((sum, debit) => sum + toKopecks(debit.open), 0))),
    debt: formatRoubles(payload.debt),
    overdue: formatRoubles(payload.overdue),
    bills_url: `${settings.publicUrl}/bills`,
  };
  return { ...renderTemplates(kind, view), messageId: notificationMessageId(row.id, settings.publicUrl) };
}
