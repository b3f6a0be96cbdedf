import type { OrderStatus } from '@detal/contract';

/**
 * Every domain event of the server, by name: what a module tells of inside the transaction of its change, for the
 * subscribers the app composes (modules/subscribers.ts) to write the notification outbox and the audit log in that
 * same transaction, or to act once it has committed. An event says what happened, in the emitter's words; what
 * follows from it is the subscribers' business. The list of emitters and subscribers: README's architecture map,
 * decision 0042.
 */

/** Values of a row as the audit log keeps them: the fields that changed or matter, never a password or a hash. */
export type AuditValues = Record<string, unknown>;

/** A write by the staff (or the shop owner's command line, or the system) that the audit log keeps. */
export interface StaffWrite {
  /** Who: the staff member, or null for the shop owner's command line. */
  staffId: number | null;
  /** What was done, `entity.verb`: 'staff.invite', 'order_item.status'. */
  action: string;
  /** The kind of row it was done to: 'staff', 'order', 'bill'. */
  entity: string;
  entityId: number | string | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
  at: Date;
}

/** A client placed an order (checkout). */
export interface OrderPlaced {
  orderId: number;
}

/**
 * Lines of one order moved, each from one status to another (never to the same one), in one change: one event per
 * order and change, so that a change of a thousand lines (a goods receipt) is one e-mail entry per order, not a
 * thousand round trips.
 */
export interface OrderLineStatusChanged {
  orderId: number;
  lines: { lineId: number; from: OrderStatus; to: OrderStatus }[];
  at: Date;
}

/** Several staff writes of one act (a bulk status change, a receipt's lines): one audit row each, written at once. */
export interface StaffWrites {
  records: StaffWrite[];
}

/** A bill got a new revision (a billed line left it while it was not wholly paid). */
export interface BillRevised {
  billId: number;
  revision: number;
  at: Date;
}

/** A payment was recorded against a bill. */
export interface PaymentRecorded {
  billId: number;
  /** Roubles, two decimals ('1234.50'), as the money columns. */
  amount: string;
  /** (issue 31) The payments row, its day, statement document and reference: the ledger's credit. */
  paymentId?: number;
  paidOn?: string;
  statementKey?: string | null;
  reference?: string;
  staffId?: number | null;
  at?: Date;
  timeZone?: string;
}

/**
 * (issue 31) A bank statement's incoming line names no bill the import could pay: the ledger takes it as an
 * advance on the payer its INN names, or lists it for staff.
 */
export interface StatementMoneyWithoutBill {
  inn: string;
  /** Roubles, two decimals. */
  amount: string;
  paidOn: string;
  reference: string;
  statementKey: string;
  staffId: number | null;
  at: Date;
  timeZone: string;
  /**
   * The ledger's answer, in the emitter's transaction: called when the line is (or already was) an advance on a
   * ledger, so that the import can say so instead of listing the line as unmatched.
   */
  onAdvance?: (advance: { accountId: number; clientId: number; name: string }) => void;
}

export type SupplierAlertKind = 'staff_source_failing' | 'staff_list_stale' | 'staff_list_mass_removal';

/** What the staff is told about a supplier's price list: all the e-mail shows, as it was at the time. */
export interface SupplierAlertFacts {
  supplier_id: number;
  supplier_name: string;
  url: string;
  /** staff_source_failing: failures in a row and the last one's reason. */
  failures?: number;
  last_error?: string | null;
  /** staff_list_stale: the allowed age, the last successful import (ISO, null: never), the policy. */
  max_age_days?: number | null;
  last_import_at?: string | null;
  stale_policy?: 'hide' | 'warn';
  /** staff_list_mass_removal: what the refused list would have done, and how it came ('schedule' or 'cli'). */
  removal?: { offers: number; removed: number; loaded: number };
  via?: 'schedule' | 'cli';
}

/** Something about a supplier's price list needs the staff: fetches failing, a list gone stale, a mass removal. */
export interface SupplierAlert {
  kind: SupplierAlertKind;
  facts: SupplierAlertFacts;
  at?: Date;
}

/** A supplier's price list replaced its offers (the import's transaction; its subscribers act once it commits). */
export interface PriceListReplaced {
  supplierId: number;
  supplierName: string;
}

/**
 * What the shop shows of its catalogue changed without a price list: a brand renamed, merged or removed, a supplier
 * switched on or off, a stale list hidden or shown again.
 */
export interface CatalogVisibilityChanged {
  reason: 'brand' | 'cross_reference' | 'supplier_active' | 'stale_policy' | 'source_removed' | 'staleness';
}

/** A supplier order was handed to its supplier's e-mail channel: the message with its file is to go out, once. */
export interface SupplierOrderEmailed {
  supplierOrderId: number;
  supplierId: number;
  /** The supplier's order address at the time. */
  to: string;
  at: Date;
}

/**
 * Order lines were handed to their client («Выдан»), in one move: the shipments module posts the shipment
 * document(s) of them (one per client and payer) in the same transaction (decision 0053).
 */
export interface LinesIssued {
  lineIds: number[];
  /** Who handed them over; null from the command line or the system. */
  staffId: number | null;
  at: Date;
  /** The shop's time zone: the document is dated in it. */
  timeZone: string;
}

/** What a client sees of a line's source: the supplier's display name, the delivery days, the price of one piece. */
export interface LineSourceFacts {
  supplierName: string | null;
  deliveryDays: number | null;
  /** Roubles, two decimals. */
  price: string;
}

/**
 * A line its supplier refused was bought from another offer by itself, within the replacement tolerance the client
 * accepted at checkout (issue 29): the client is told what changed.
 */
export interface LineReplaced {
  orderId: number;
  lineId: number;
  from: LineSourceFacts;
  to: LineSourceFacts;
  at: Date;
}

/**
 * The client ledger's reminder job (issue 31) found debits of one ledger due soon (`before_due`) or overdue
 * (`overdue`) not told of yet: the client's e-mail. The facts are as they were when decided.
 */
export interface LedgerReminderDue {
  clientId: number;
  accountId: number;
  kind: 'before_due' | 'overdue';
  /** The payer's short name, or the client's. */
  accountName: string;
  /** The debits this e-mail is about, oldest due first; amounts in roubles ('1234.50'). */
  debits: Array<{ entryId: number; dueOn: string; open: string }>;
  /** The ledger's whole debt and overdue debt then (roubles). */
  debt: string;
  overdue: string;
  at: Date;
}

/**
 * A ledger left the stop-list (its overdue debt paid, or staff lifted it): the orders the stop held are looked at
 * again (decision 0062).
 */
export interface LedgerStopLifted {
  accountId: number;
  at: Date;
}

/**
 * (issue 32) A step of a client's cancel request or return (asked, decided, received, credited): the client is
 * told by e-mail through the outbox. `text` is the sentence the e-mail says, composed where the step is taken.
 */
export interface ReturnStepTaken {
  orderId: number;
  subject: string;
  text: string;
  at: Date;
}

export interface DomainEvents {
  LedgerReminderDue: LedgerReminderDue;
  LedgerStopLifted: LedgerStopLifted;
  ReturnStepTaken: ReturnStepTaken;
  LineReplaced: LineReplaced;
  LinesIssued: LinesIssued;
  StaffWrite: StaffWrite;
  StaffWrites: StaffWrites;
  OrderPlaced: OrderPlaced;
  OrderLineStatusChanged: OrderLineStatusChanged;
  BillRevised: BillRevised;
  PaymentRecorded: PaymentRecorded;
  StatementMoneyWithoutBill: StatementMoneyWithoutBill;
  SupplierAlert: SupplierAlert;
  SupplierOrderEmailed: SupplierOrderEmailed;
  PriceListReplaced: PriceListReplaced;
  CatalogVisibilityChanged: CatalogVisibilityChanged;
}

export type DomainEventName = keyof DomainEvents;
