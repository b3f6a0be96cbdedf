import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';
import { dataEnvelope } from './envelope.ts';
import { calendarDateSchema, countSchema, idSchema } from './fields.ts';
import { supplierOrderStateSchema } from './purchasing.ts';
import type { StaffRole } from './staff.ts';

/**
 * What the order screen shows of purchasing (issue 29, point 6; decision 0051): per client line, the supplier
 * order lines it is tied to — the one holding it (the pieces still expected), the one that refused it (a part split
 * off as «Отказ поставщика»), the one a receipt filled it from (a part received) — with the supplier's number and
 * the quantities. Read by the web beside `order-show`, which the orders module answers without purchasing (modules
 * in one direction, decision 0042).
 */

/** How a client line is tied to a supplier order line. */
export const ITEM_LINK_KINDS = ['holds', 'released', 'refused', 'received'] as const;
export type ItemLinkKind = (typeof ITEM_LINK_KINDS)[number];
export const ITEM_LINK_KIND_NAMES: Readonly<Record<ItemLinkKind, string>> = {
  holds: 'заказана',
  released: 'была в заказе',
  refused: 'отказ',
  received: 'получена',
};

export const supplierOrderItemLinkSchema = z.object({
  order_item_id: z.int().positive(),
  kind: z.enum(ITEM_LINK_KINDS),
  supplier_order_id: idSchema,
  supplier_order_number: z.string(),
  supplier_id: idSchema,
  supplier_name: z.string(),
  /** The supplier's own number of the order, once known. */
  supplier_number: z.string().nullable(),
  state: supplierOrderStateSchema,
  state_name: z.string(),
  /** The supplier order line's quantities (the whole line, which may serve more pieces than this client line). */
  quantity: countSchema,
  confirmed_quantity: countSchema,
  refused_quantity: countSchema,
  refused_reason: z.string().nullable(),
  received_quantity: countSchema,
  /** For `received`: the receipt that brought this client line's pieces. */
  receipt: z.object({ id: idSchema, document_number: z.string(), document_date: calendarDateSchema }).nullable(),
});
export type SupplierOrderItemLink = z.infer<typeof supplierOrderItemLinkSchema>;

const PURCHASING: readonly StaffRole[] = ['owner', 'manager'];

export const purchasingLinkEndpoints = defineEndpoints({
  'supplier-order-item-links': {
    method: 'POST',
    path: 'supplier-order-item-links',
    session: false,
    roles: PURCHASING,
    summary:
      "A client order's lines as purchasing sees them: per line its supplier orders (holding, refused, received), the supplier's number and the quantities",
    tags: ['admin'],
    body: z.object({ order_id: idSchema }),
    response: dataEnvelope(z.object({ links: z.array(supplierOrderItemLinkSchema) })),
  },
});
