import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsReceipt, SupplierOrder, SupplierOrderItemLink, SupplierOrderSummary } from '@detal/contract';
import type { callAdmin } from '../../../test/helpers/staff.ts';
import { managerScene, type ManagerScene } from '../../../test/fixtures/manager-scene.ts';

/**
 * What the order screen shows of purchasing (issue 29, point 6; decision 0051), over HTTP: a client's order of a
 * line of three and a line of one, ordered from their suppliers, the second refused, two of the three received:
 * each client line (the split-off ones too) names its supplier order, the supplier's number, how it is tied and the
 * quantities; a content editor gets 403.
 */

describe('supplier-order-item-links: a client order as purchasing sees it', () => {
  let scene: ManagerScene;
  let editor: string;

  beforeAll(async () => {
    scene = await managerScene();
    editor = await scene.cookieFor('content_editor');
  });

  afterAll(async () => {
    await scene?.close();
  });

  const ok = <T>(path: Parameters<typeof callAdmin>[1], body: object, cookie?: string) =>
    scene.ok<T>(path, body, cookie);

  it('names, per client line, the supplier order holding it, the one that refused it, the receipt that filled it', async () => {
    const { orderId, lines } = await scene.placeClientOrder([
      { price: '1000.00', inBasket: 3 },
      { price: '500.00', inBasket: 1 },
    ]);
    const [three, one] = lines.map((row) => row.id);
    expect(await ok<{ links: SupplierOrderItemLink[] }>('supplier-order-item-links', { order_id: orderId })).toEqual({
      links: [],
    });

    const { orders } = await ok<{ orders: SupplierOrderSummary[] }>('supplier-order-create', {
      order_item_ids: [three, one],
    });
    const sent: SupplierOrder[] = [];
    for (const [index, draft] of orders.entries()) {
      sent.push(
        (
          await ok<{ order: SupplierOrder }>('supplier-order-mark-sent', {
            id: draft.id,
            supplier_number: `SUP-${index + 1}`,
          })
        ).order,
      );
    }
    // The scene's offers may share a supplier: each client line is found in whichever order holds it.
    const ofLine = (id: number) => {
      const order = sent.find((candidate) => candidate.lines.some((line) => line.order_item_id === id))!;
      return { order, line: order.lines.find((line) => line.order_item_id === id)! };
    };
    const { order: first, line: threeLine } = ofLine(three!);
    const { order: second, line: oneLine } = ofLine(one!);
    await ok('supplier-order-answer', {
      id: first.id,
      lines: [{ line_id: threeLine.id, confirmed_quantity: 3, refused_quantity: 0 }],
    });
    await ok('supplier-order-answer', {
      id: second.id,
      lines: [{ line_id: oneLine.id, confirmed_quantity: 0, refused_quantity: 1, refused_reason: 'Снят' }],
    });
    const { receipt } = await ok<{ receipt: GoodsReceipt }>('goods-receipt-create', {
      supplier_id: first.supplier_id,
      document_number: 'УПД 1',
      document_date: '2026-11-27',
      lines: [
        {
          article: threeLine.article,
          brand: threeLine.brand_name,
          quantity: 2,
          price: 990,
          country: 'Германия',
          customs_declaration: '10702070/010125/0001234',
        },
      ],
    });
    const posted = (await ok<{ receipt: GoodsReceipt }>('goods-receipt-post', { id: receipt.id })).receipt;
    const received = posted.lines[0]!.order_item_id!;
    expect(received).not.toBe(three);

    const { links } = await ok<{ links: SupplierOrderItemLink[] }>('supplier-order-item-links', { order_id: orderId });
    const summary = links.map((link) => ({
      item: link.order_item_id,
      kind: link.kind,
      order: link.supplier_order_number,
      supplier_number: link.supplier_number,
      quantities: [link.quantity, link.confirmed_quantity, link.refused_quantity, link.received_quantity],
      receipt: link.receipt?.document_number ?? null,
      reason: link.refused_reason,
    }));
    const number = (order: SupplierOrder) => order.number;
    const supplierNumber = (order: SupplierOrder) => order.supplier_number;
    expect(summary).toEqual([
      // The line of three still holds the one piece expected; the two received are a line of their own.
      {
        item: three,
        kind: 'holds',
        order: number(first),
        supplier_number: supplierNumber(first),
        quantities: [3, 3, 0, 2],
        receipt: null,
        reason: null,
      },
      // The wholly refused line: said once, as the refusal (not also as «была в заказе»).
      {
        item: one,
        kind: 'refused',
        order: number(second),
        supplier_number: supplierNumber(second),
        quantities: [1, 0, 1, 0],
        receipt: null,
        reason: 'Снят',
      },
      {
        item: received,
        kind: 'received',
        order: number(first),
        supplier_number: supplierNumber(first),
        quantities: [3, 3, 0, 2],
        receipt: 'УПД 1',
        reason: null,
      },
    ]);
    expect(links[0]).toMatchObject({ state: 'partly_received', state_name: 'Получен частично' });

    const denied = await scene.send('supplier-order-item-links', { order_id: orderId }, editor);
    expect(denied.statusCode).toBe(403);
  });
});
