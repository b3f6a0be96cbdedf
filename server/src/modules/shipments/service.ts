import { randomUUID } from 'node:crypto';
import {
  CORRECTION_LINE_MESSAGE,
  CORRECTION_QUANTITY_MESSAGE,
  LINES_NOT_FOUND_MESSAGE,
  ORDER_STATUS_NAMES,
  SHIPMENT_ALREADY_ISSUED_MESSAGE,
  SHIPMENT_CANCELED_MESSAGE,
  SHIPMENT_NOT_FOUND_MESSAGE,
  SHIPMENT_NOT_READY_MESSAGE,
  SHIPMENT_ONE_CLIENT_MESSAGE,
  SHIPMENT_OVER_READY_MESSAGE,
  correctionPdfFileName,
  fromKopecks,
  kopecksToDecimal,
  toKopecks,
  type OrderStatus,
  type Paginated,
  type Shipment,
  type ShipmentCorrectRequest,
  type ShipmentFormat,
  type ShipmentIssueRequest,
  type ShipmentListFilters,
  type ShipmentReadyLines,
} from '@detal/contract';
import type { Db, DbExecutor, Tx } from '../../db/index.ts';
import { readShopSetting } from '../../db/shop-settings.ts';
import type { LinesIssued } from '../../events/domain-events.ts';
import { emit } from '../../events/bus.ts';
import { conflict, notFound, validationFailed } from '../../http/errors.ts';
import { readPage } from '../../shared/pagination.ts';
import { formatVatRate, includedVatKopecks } from '../bills/vat.ts';
import { changeLineStatuses, type StatusActor } from '../orders/order-status.ts';
import { lockLinesWithOrders, splitLines } from '../orders/line-split.ts';
import {
  buyerFromOrder,
  buyerFromPayer,
  composeShipment,
  storedShipmentDocument,
  type ShipmentDocument,
  type UpdParty,
} from './document.ts';
import { findLineOrigins } from './origins.ts';
import type { CorrectionDocument } from './document.ts';
import {
  countShipments,
  findCounterLines,
  findIssuedLines,
  findPrepayments,
  findShipment,
  findStaffName,
  insertCorrection,
  findCorrection,
  insertShipment,
  listShipments,
  nextShipmentId,
  shipmentIdsOfLines,
  type IssuedLineRow,
  type ShipmentRow,
} from './queries.ts';
import { renderUpdPdf } from './upd-pdf.ts';
import { renderUkdPdf } from './ukd-pdf.ts';
import { renderUpdXml } from './upd-xml.ts';

/**
 * Shipments (issue 30, decision 0053). Every move of order lines to «Выдан» (the counter, the order screen's status
 * change, the owner's CLI) tells LinesIssued inside its transaction; `postShipments` answers it by posting one
 * shipment per client (and payer) with its document composed then and stored: the УПД's PDF and XML are made
 * from that at every download. A posted shipment never changes; a correction document (УКД) says what changed.
 */

/** The buyer of an issued line's order: its payer as ordered, or the client as a person (the order's contact). */
function buyerOf(line: IssuedLineRow): { payerId: number | null; party: UpdParty } {
  if (line.payer) return { payerId: line.payerId, party: buyerFromPayer(line.payer, line.phoneNumber) };
  return {
    payerId: null,
    party: buyerFromOrder({
      firstName: line.firstName,
      lastName: line.lastName,
      middleName: line.middleName,
      companyName: line.companyName,
      phoneNumber: line.phoneNumber,
      inn: line.clientInn,
      address: line.deliveryAddress,
    }),
  };
}

/** LinesIssued's subscriber: the shipment documents of the lines just issued, in the same transaction. */
export async function postShipments(tx: Tx, event: LinesIssued): Promise<void> {
  const lines = await findIssuedLines(tx, event.lineIds);
  if (lines.length === 0) return;
  const [requisites, vat, issuedBy, origins] = [
    await readShopSetting(tx, 'requisites'),
    await readShopSetting(tx, 'vat'),
    await findStaffName(tx, event.staffId),
    await findLineOrigins(
      tx,
      lines.map((line) => line.id),
    ),
  ];
  // One document per client and payer: a hand-over names one buyer.
  const groups = new Map<string, { buyer: ReturnType<typeof buyerOf>; lines: IssuedLineRow[] }>();
  for (const line of lines) {
    const buyer = buyerOf(line);
    const key = `${line.clientId}:${buyer.payerId ?? 'person'}`;
    const group = groups.get(key) ?? { buyer, lines: [] };
    group.lines.push(line);
    groups.set(key, group);
  }
  for (const { buyer, lines: groupLines } of groups.values()) {
    const id = await nextShipmentId(tx);
    const orderIds = [...new Set(groupLines.map((line) => line.orderId))];
    const prepayments = await findPrepayments(tx, orderIds);
    const document = composeShipment({
      id,
      postedAt: event.at,
      timeZone: event.timeZone,
      requisites,
      vatRate: vat?.rate ?? null,
      buyer: buyer.party,
      lines: groupLines.map((line) => ({
        orderItemId: line.id,
        orderId: line.orderId,
        article: line.article,
        brand: line.brandName,
        description: line.description,
        quantity: line.quantity,
        priceKopecks: toKopecks(line.price),
        country: origins.get(line.id)?.country ?? null,
        customsDeclaration: origins.get(line.id)?.customsDeclaration ?? null,
      })),
      orders: orderIds.map((orderId) => ({
        id: orderId,
        createdAt: groupLines.find((line) => line.orderId === orderId)!.orderedAt,
      })),
      payments: prepayments
        .filter((payment) => toKopecks(payment.amount) > 0)
        .map((payment) => ({
          number: payment.reference.trim() || `к счёту № ${payment.billId}`,
          paidOn: payment.paidOn,
          amountKopecks: toKopecks(payment.amount),
        })),
      issuedBy,
      guid: randomUUID(),
    });
    await insertShipment(
      tx,
      {
        id,
        clientId: groupLines[0]!.clientId,
        payerId: buyer.payerId,
        postedAt: event.at,
        staffId: event.staffId,
        total: kopecksToDecimal(document.totalKopecks),
        vat: document.vatKopecks === null ? null : kopecksToDecimal(document.vatKopecks),
        xmlFileId: document.xml.fileId,
        document,
      },
      document.lines.map((line) => ({
        orderItemId: line.orderItemId,
        orderId: line.orderId,
        position: line.position,
        quantity: line.quantity,
        price: kopecksToDecimal(line.priceKopecks),
      })),
    );
    await emit(tx, 'StaffWrite', {
      staffId: event.staffId,
      action: 'shipment.post',
      entity: 'shipment',
      entityId: id,
      before: null,
      after: {
        client_id: groupLines[0]!.clientId,
        lines: document.lines.map((line) => ({ order_item_id: line.orderItemId, quantity: line.quantity })),
        total: kopecksToDecimal(document.totalKopecks),
      },
      at: event.at,
    });
  }
}

/* The counter. */

export async function readyLines(db: Db, clientId: number): Promise<ShipmentReadyLines> {
  const found = await findCounterLines(db, clientId);
  if (!found) throw notFound('Клиент не найден');
  const { client, lines } = found;
  return {
    client: {
      id: client.id,
      name: client.companyName?.trim() || `${client.lastName} ${client.firstName}`.trim(),
      phone: client.phone,
    },
    lines: lines.map((line) => ({
      id: line.id,
      order_id: line.orderId,
      ordered_at: line.orderedAt.toISOString(),
      article: line.article,
      brand: line.brand,
      description: line.description,
      quantity: line.quantity,
      price: Number(line.price),
      status: line.status,
    })),
  };
}

/**
 * Issues lines (all of a line or part of its quantity) at the counter, all or nothing: each must be «Готов к
 * выдаче» and of one client, the quantity at most the line's. A part is split off the line first (orders'
 * splitLines), then every line moves to «Выдан» through the one status path (history, audit, the client's e-mail),
 * whose LinesIssued posts the shipment. Answers the shipments posted.
 */
export async function issueAtCounter(db: Db, request: ShipmentIssueRequest, actor: StatusActor): Promise<Shipment[]> {
  return db.transaction(async (tx) => {
    const wanted = new Map<number, number>();
    for (const { line_id, quantity } of request.lines) wanted.set(line_id, (wanted.get(line_id) ?? 0) + quantity);
    const ids = [...wanted.keys()].sort((a, b) => a - b);
    const locked = await lockLinesWithOrders(tx, ids);
    const missing = ids.filter((id) => !locked.some((line) => line.id === id));
    if (missing.length > 0) {
      throw validationFailed({ lines: [`${LINES_NOT_FOUND_MESSAGE}: ${missing.join(', ')}`] }, LINES_NOT_FOUND_MESSAGE);
    }
    const owners = await findIssuedLines(tx, ids);
    if (new Set(owners.map((line) => line.clientId)).size > 1) throw conflict(SHIPMENT_ONE_CLIENT_MESSAGE);
    const label = (line: (typeof locked)[number]) => `№ ${line.id} ${line.brandName} ${line.article}`;
    for (const line of locked) {
      const status = line.status as OrderStatus;
      if (status === 'canceled') throw conflict(`${SHIPMENT_CANCELED_MESSAGE}: ${label(line)}`);
      if (status === 'issued') throw conflict(`${SHIPMENT_ALREADY_ISSUED_MESSAGE}: ${label(line)}`);
      if (status !== 'ready') {
        throw conflict(`${SHIPMENT_NOT_READY_MESSAGE}: ${label(line)} (${ORDER_STATUS_NAMES[status]})`);
      }
      const quantity = wanted.get(line.id)!;
      if (quantity > line.quantity) {
        const message = `${SHIPMENT_OVER_READY_MESSAGE}: ${label(line)} — готово ${line.quantity} шт., запрошено ${quantity} шт.`;
        throw validationFailed({ lines: [message] }, message);
      }
    }
    // A part of a line is split off (orders' line-split, as purchasing splits a part received) and issued alone.
    const parts = locked.filter((line) => wanted.get(line.id)! < line.quantity);
    const splitIds = await splitLines(
      tx,
      parts.map((line) => ({ lineId: line.id, quantity: wanted.get(line.id)! })),
      actor,
    );
    const issuing = [
      ...locked.filter((line) => wanted.get(line.id)! === line.quantity).map((line) => line.id),
      ...splitIds,
    ];
    await changeLineStatuses(tx, issuing, 'issued', actor, 'lines');
    const shipmentIds = await shipmentIdsOfLines(tx, issuing);
    const shipments: Shipment[] = [];
    for (const id of shipmentIds) shipments.push(shipmentView((await findShipment(tx, id, null))!));
    return shipments;
  });
}

/* Lists and files. */

/** A shipment as the API shows it, from its stored document and its corrections. */
export function shipmentView(row: ShipmentRow): Shipment {
  const document = storedShipmentDocument(row.document);
  const lineIds = new Map(row.lineIds.map((line) => [line.orderItemId, line.id]));
  return {
    id: row.id,
    number: document.number,
    created_at: row.postedAt.toISOString(),
    date: document.date,
    status: document.status,
    client_id: row.clientId,
    buyer: document.buyer.name,
    buyer_inn: document.buyer.inn,
    total: fromKopecks(document.totalKopecks),
    vat: document.vatKopecks === null ? null : fromKopecks(document.vatKopecks),
    lines: document.lines.map((line) => ({
      id: lineIds.get(line.orderItemId) ?? line.orderItemId,
      order_item_id: line.orderItemId,
      order_id: line.orderId,
      article: line.article,
      brand: line.brand,
      description: line.description,
      quantity: line.quantity,
      price: fromKopecks(line.priceKopecks),
      sum: fromKopecks(line.sumKopecks),
      country: line.country?.name ?? '',
      customs_declaration: line.customsDeclaration,
    })),
    corrections: row.corrections.map((correction) => ({
      id: correction.id,
      created_at: correction.createdAt.toISOString(),
      date: (correction.document as CorrectionDocument).date,
      reason: correction.reason,
      total_before: Number(correction.totalBefore),
      total_after: Number(correction.totalAfter),
    })),
    xml_file_name: `${document.xml.fileId}.xml`,
  };
}

const PER_PAGE = 30;

export function listShipmentsPage(
  db: Db,
  filters: ShipmentListFilters,
  page: number,
  timeZone: string,
  clientId: number | null = null,
): Promise<Paginated<Shipment>> {
  const filter = {
    clientId: clientId ?? filters.client_id ?? null,
    orderId: filters.order_id ?? null,
    dateFrom: filters.date_from,
    dateTo: filters.date_to,
  };
  return readPage(
    page,
    PER_PAGE,
    () => countShipments(db, filter, timeZone),
    async (limit, offset) => (await listShipments(db, filter, timeZone, limit, offset)).map(shipmentView),
  );
}

export interface ShipmentFile {
  bytes: Buffer;
  fileName: string;
  contentType: string;
}

/** A shipment's УПД as a file, when it is `clientId`'s (any client's when null); null otherwise. */
export async function shipmentFile(
  db: DbExecutor,
  shipmentId: number,
  clientId: number | null,
  format: ShipmentFormat,
): Promise<ShipmentFile | null> {
  const row = await findShipment(db, shipmentId, clientId);
  if (!row) return null;
  const document = storedShipmentDocument(row.document);
  if (format === 'xml') {
    const { fileName, bytes } = renderUpdXml(document);
    return { bytes, fileName, contentType: 'application/xml; charset=windows-1251' };
  }
  return { bytes: await renderUpdPdf(document), fileName: `upd-${row.id}.pdf`, contentType: 'application/pdf' };
}

/* Corrections (УКД). */

/** A correction's printed УКД, when its shipment is `clientId`'s (any client's when null); null otherwise. */
export async function correctionFile(
  db: DbExecutor,
  correctionId: number,
  clientId: number | null,
): Promise<ShipmentFile | null> {
  const row = await findCorrection(db, correctionId, clientId);
  if (!row) return null;
  const bytes = await renderUkdPdf(
    storedShipmentDocument(row.shipmentDocument),
    row.id,
    row.document as CorrectionDocument,
  );
  return { bytes, fileName: correctionPdfFileName(row.id), contentType: 'application/pdf' };
}

/** Each line's quantity as the shipment and its corrections so far leave it. */
function currentQuantities(document: ShipmentDocument, row: ShipmentRow): Map<number, number> {
  const quantities = new Map(document.lines.map((line) => [line.orderItemId, line.quantity]));
  for (const correction of row.corrections) {
    for (const line of (correction.document as CorrectionDocument).lines) {
      quantities.set(line.orderItemId, line.quantityAfter);
    }
  }
  return quantities;
}

/**
 * A correction document lowering quantities of a posted shipment (the staff's mistake; returns will write the
 * same), all or nothing, the shipment locked so that two corrections queue. The shipment itself never changes.
 */
export async function correctShipment(
  db: Db,
  request: ShipmentCorrectRequest,
  actor: { staffId: number; at: Date; timeZone: string },
): Promise<Shipment> {
  return db.transaction(async (tx) => (await correctShipmentTx(tx, request, actor)).shipment);
}

/**
 * `correctShipment` inside the caller's transaction (a return's credit writes its УКД with its ledger entry):
 * answers the shipment as corrected, the correction's id and the sum it took off (kopecks, VAT included).
 */
export async function correctShipmentTx(
  tx: Tx,
  request: ShipmentCorrectRequest,
  actor: { staffId: number | null; at: Date; timeZone: string },
): Promise<{
  shipment: Shipment;
  correctionId: number;
  creditKopecks: number;
  payerId: number | null;
  clientId: number;
}> {
  {
    const row = await findShipment(tx, request.shipment_id, null, { lock: true });
    if (!row) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
    const document = storedShipmentDocument(row.document);
    const quantities = currentQuantities(document, row);
    const byLineId = new Map(row.lineIds.map((line) => [line.id, line.orderItemId]));
    const vat = (kopecks: number) => (document.vatRate === null ? null : includedVatKopecks(kopecks, document.vatRate));
    const lines: CorrectionDocument['lines'] = [];
    const errors: string[] = [];
    for (const change of request.lines) {
      const orderItemId = byLineId.get(change.line_id);
      const line = document.lines.find((candidate) => candidate.orderItemId === orderItemId);
      if (!line) {
        errors.push(`${CORRECTION_LINE_MESSAGE}: ${change.line_id}`);
        continue;
      }
      const before = quantities.get(line.orderItemId)!;
      if (!(change.quantity < before)) {
        errors.push(`${CORRECTION_QUANTITY_MESSAGE}: строка ${line.position} (сейчас ${before} шт.)`);
        continue;
      }
      lines.push({
        position: line.position,
        shipmentLineId: change.line_id,
        orderItemId: line.orderItemId,
        name: line.name,
        priceKopecks: line.priceKopecks,
        quantityBefore: before,
        quantityAfter: change.quantity,
        sumBeforeKopecks: line.priceKopecks * before,
        sumAfterKopecks: line.priceKopecks * change.quantity,
        vatBeforeKopecks: vat(line.priceKopecks * before),
        vatAfterKopecks: vat(line.priceKopecks * change.quantity),
      });
    }
    if (errors.length > 0) throw validationFailed({ lines: errors }, errors[0]);
    const totalBefore = document.lines.reduce(
      (sum, line) => sum + line.priceKopecks * quantities.get(line.orderItemId)!,
      0,
    );
    const totalAfter = lines.reduce((sum, line) => sum - line.sumBeforeKopecks + line.sumAfterKopecks, totalBefore);
    const correction: CorrectionDocument = {
      format: 1,
      shipmentId: row.id,
      shipmentNumber: document.number,
      shipmentDate: document.date,
      date: new Intl.DateTimeFormat('ru-RU', { timeZone: actor.timeZone }).format(actor.at),
      createdAt: actor.at.toISOString(),
      reason: request.reason,
      vatRate: document.vatRate,
      lines,
      totalBeforeKopecks: totalBefore,
      totalAfterKopecks: totalAfter,
    };
    const id = await insertCorrection(tx, {
      shipmentId: row.id,
      createdAt: actor.at,
      staffId: actor.staffId,
      reason: request.reason,
      totalBefore: kopecksToDecimal(totalBefore),
      totalAfter: kopecksToDecimal(totalAfter),
      document: correction,
    });
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'shipment.correct',
      entity: 'shipment',
      entityId: row.id,
      before: { total: kopecksToDecimal(totalBefore) },
      after: {
        total: kopecksToDecimal(totalAfter),
        correction_id: id,
        reason: request.reason,
        lines: lines.map((line) => ({ order_item_id: line.orderItemId, quantity: line.quantityAfter })),
        vat_rate: document.vatRate === null ? null : formatVatRate(document.vatRate),
      },
      at: actor.at,
    });
    return {
      shipment: shipmentView((await findShipment(tx, row.id, null))!),
      correctionId: id,
      creditKopecks: totalBefore - totalAfter,
      payerId: row.payerId,
      clientId: row.clientId,
    };
  }
}

/**
 * A correction document taking `quantity` pieces of one line off a posted shipment (a return received, issue 32),
 * in the caller's transaction: the line's quantity as the shipment and its corrections leave it, less `quantity`.
 */
export async function correctForReturnTx(
  tx: Tx,
  input: { shipmentId: number; shipmentLineId: number; quantity: number; reason: string },
  actor: { staffId: number | null; at: Date; timeZone: string },
) {
  const row = await findShipment(tx, input.shipmentId, null, { lock: true });
  if (!row) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
  const orderItemId = row.lineIds.find((line) => line.id === input.shipmentLineId)?.orderItemId;
  const current =
    orderItemId === undefined
      ? undefined
      : currentQuantities(storedShipmentDocument(row.document), row).get(orderItemId);
  if (current === undefined) throw validationFailed({ lines: [CORRECTION_LINE_MESSAGE] }, CORRECTION_LINE_MESSAGE);
  return correctShipmentTx(
    tx,
    {
      shipment_id: input.shipmentId,
      reason: input.reason,
      lines: [{ line_id: input.shipmentLineId, quantity: Math.max(0, current - input.quantity) }],
    },
    actor,
  );
}
