import { formatAmount } from '../bills/bill-document.ts';
import {
  BOLD,
  REGULAR,
  THIN,
  a4Frame,
  box,
  renderFramedPdf,
  withoutBottomMargin,
  type Align,
  type Doc,
} from '../bills/pdf-kit.ts';
import type { CorrectionDocument, ShipmentDocument } from './document.ts';
import { partyIds, signature } from './upd-pdf.ts';

/**
 * A correction document (УКД) on landscape A4, in the shape of the корректировочный счёт-фактура (decree 1137): the
 * title with the corrected УПД's number and date, seller and buyer with requisites, the reason, then per changed
 * line the rows А (before), Б (after), В (increase) and Г (decrease) of quantity, cost without tax, tax and cost
 * with tax, the totals of В and Г, the signatures. Rendered from the frozen documents, the same bytes every time.
 */

const PAGE = a4Frame('landscape', 28);
const { margin: MARGIN, contentWidth: WIDTH, height: PAGE_HEIGHT } = PAGE;
const BOTTOM = PAGE_HEIGHT - MARGIN - 60;
const SIZE = 7.5;
const HEADER_SIZE = 6.5;
const ROW_HEIGHT = 12;

interface Column {
  title: string;
  width: number;
  align: Align;
}

const COLUMNS: Column[] = [
  { title: '№', width: 24, align: 'center' },
  { title: 'Наименование товара', width: 250, align: 'left' },
  { title: 'Ед. изм.', width: 36, align: 'center' },
  { title: '', width: 22, align: 'center' },
  { title: 'Количество', width: 56, align: 'right' },
  { title: 'Цена за единицу без налога', width: 70, align: 'right' },
  { title: 'Стоимость без налога — всего', width: 84, align: 'right' },
  { title: 'Налоговая ставка', width: 54, align: 'center' },
  { title: 'Сумма налога', width: 80, align: 'right' },
  { title: 'Стоимость с налогом — всего', width: 0, align: 'right' },
];
COLUMNS[COLUMNS.length - 1]!.width = WIDTH - COLUMNS.slice(0, -1).reduce((sum, { width }) => sum + width, 0);

function cell(doc: Doc, value: string, x: number, y: number, width: number, align: Align, bold = false) {
  doc
    .font(bold ? BOLD : REGULAR)
    .fontSize(SIZE)
    .text(value, x + 2, y + 2.5, { width: width - 4, align, lineBreak: false });
}

function drawHeader(doc: Doc, top: number): number {
  doc.font(REGULAR).fontSize(HEADER_SIZE);
  const height =
    Math.max(...COLUMNS.map((column) => doc.heightOfString(column.title, { width: column.width - 4 }))) + 6;
  let x = MARGIN;
  for (const column of COLUMNS) {
    box(doc, x, top, column.width, height);
    doc.text(column.title, x + 2, top + 3, { width: column.width - 4, align: 'center' });
    x += column.width;
  }
  return top + height;
}

/** Money of a row, or «—» when the shop pays no VAT. */
const money = (kopecks: number | null) => (kopecks === null ? 'без НДС' : formatAmount(kopecks));
const difference = (before: number | null, after: number | null, sign: 1 | -1) =>
  before === null || after === null ? 'без НДС' : formatAmount(Math.max(0, sign * (after - before)));

interface Amounts {
  quantity: number;
  withoutVat: number;
  vat: number | null;
  withVat: number;
}

function drawRow(doc: Doc, y: number, cells: string[], bold = false) {
  let x = MARGIN;
  doc.lineWidth(THIN);
  for (const column of COLUMNS) {
    doc.rect(x, y, column.width, ROW_HEIGHT);
    x += column.width;
  }
  doc.stroke();
  x = MARGIN;
  cells.forEach((value, index) => {
    const column = COLUMNS[index]!;
    cell(doc, value, x, y, column.width, column.align, bold);
    x += column.width;
  });
}

/** The correction's lines, four rows each, onto further pages when needed. Returns the bottom and the totals. */
function drawLines(doc: Doc, shipment: ShipmentDocument, correction: CorrectionDocument, top: number) {
  let y = drawHeader(doc, top);
  const increase = { withoutVat: 0, vat: 0, withVat: 0 };
  const decrease = { withoutVat: 0, vat: 0, withVat: 0 };
  for (const line of correction.lines) {
    if (y + 4 * ROW_HEIGHT > BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, MARGIN);
    }
    const shipped = shipment.lines.find((candidate) => candidate.orderItemId === line.orderItemId);
    const amounts = (quantity: number, sum: number, vat: number | null): Amounts => ({
      quantity,
      withoutVat: sum - (vat ?? 0),
      vat,
      withVat: sum,
    });
    const before = amounts(line.quantityBefore, line.sumBeforeKopecks, line.vatBeforeKopecks);
    const after = amounts(line.quantityAfter, line.sumAfterKopecks, line.vatAfterKopecks);
    const price = shipped ? formatAmount(shipped.priceWithoutVatKopecks) : '—';
    const rate = shipped?.vatRateLabel ?? '—';
    const rows: Array<[string, string, string, string, string, string]> = [
      [
        'А',
        String(before.quantity),
        price,
        formatAmount(before.withoutVat),
        money(before.vat),
        formatAmount(before.withVat),
      ],
      [
        'Б',
        String(after.quantity),
        price,
        formatAmount(after.withoutVat),
        money(after.vat),
        formatAmount(after.withVat),
      ],
      [
        'В',
        '—',
        '—',
        formatAmount(Math.max(0, after.withoutVat - before.withoutVat)),
        difference(before.vat, after.vat, 1),
        formatAmount(Math.max(0, after.withVat - before.withVat)),
      ],
      [
        'Г',
        String(before.quantity - after.quantity),
        '—',
        formatAmount(Math.max(0, before.withoutVat - after.withoutVat)),
        difference(before.vat, after.vat, -1),
        formatAmount(Math.max(0, before.withVat - after.withVat)),
      ],
    ];
    for (const [index, [mark, quantity, unitPrice, withoutVat, vat, withVat]] of rows.entries()) {
      drawRow(doc, y, [
        index === 0 ? String(line.position) : '',
        index === 0 ? line.name : '',
        index === 0 ? 'шт' : '',
        mark,
        quantity,
        unitPrice,
        withoutVat,
        index < 2 ? rate : '',
        vat,
        withVat,
      ]);
      y += ROW_HEIGHT;
    }
    increase.withoutVat += Math.max(0, after.withoutVat - before.withoutVat);
    increase.vat += Math.max(0, (after.vat ?? 0) - (before.vat ?? 0));
    increase.withVat += Math.max(0, after.withVat - before.withVat);
    decrease.withoutVat += Math.max(0, before.withoutVat - after.withoutVat);
    decrease.vat += Math.max(0, (before.vat ?? 0) - (after.vat ?? 0));
    decrease.withVat += Math.max(0, before.withVat - after.withVat);
  }
  const withoutTax = correction.vatRate === null;
  for (const [label, totals] of [
    ['Всего увеличение (сумма строк В)', increase],
    ['Всего уменьшение (сумма строк Г)', decrease],
  ] as const) {
    drawRow(
      doc,
      y,
      [
        '',
        label,
        '',
        '',
        '',
        '',
        formatAmount(totals.withoutVat),
        'X',
        withoutTax ? 'без НДС' : formatAmount(totals.vat),
        formatAmount(totals.withVat),
      ],
      true,
    );
    y += ROW_HEIGHT;
  }
  return y;
}

function layout(doc: Doc, shipment: ShipmentDocument, number: number, correction: CorrectionDocument) {
  const title =
    shipment.status === 1
      ? `Корректировочный счет-фактура № ${number} от ${correction.date}`
      : `Корректировочный документ № ${number} от ${correction.date}`;
  doc.font(BOLD).fontSize(11).text('Универсальный корректировочный документ', MARGIN, MARGIN, { width: WIDTH });
  doc.font(BOLD).fontSize(10).text(title, { width: WIDTH });
  doc
    .font(REGULAR)
    .fontSize(SIZE + 0.5)
    .text(`к счету-фактуре (УПД) № ${correction.shipmentNumber} от ${correction.shipmentDate}`, { width: WIDTH })
    .moveDown(0.4);
  const rows: Array<[string, string]> = [
    ['Продавец', shipment.seller.name || '—'],
    ['Адрес', shipment.seller.address || '—'],
    ['ИНН/КПП продавца', partyIds(shipment.seller)],
    ['Покупатель', shipment.buyer.name || '—'],
    ['Адрес', shipment.buyer.address || '—'],
    ['ИНН/КПП покупателя', partyIds(shipment.buyer)],
    ['Валюта: наименование, код', 'Российский рубль, 643'],
    ['Основание корректировки', correction.reason],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font(REGULAR).fontSize(SIZE).text(`${label}:`, MARGIN, y, { width: 150 });
    doc.font(label === 'Продавец' || label === 'Покупатель' ? BOLD : REGULAR).text(value, MARGIN + 150, y, {
      width: WIDTH - 150,
    });
  }
  let y = drawLines(doc, shipment, correction, doc.y + 8);
  y += 10;
  if (y + 50 > PAGE_HEIGHT - MARGIN) {
    doc.addPage();
    y = MARGIN;
  }
  const half = (WIDTH - 16) / 2;
  withoutBottomMargin(doc, () => {
    signature(doc, 'Руководитель организации или иное уполномоченное лицо', '', MARGIN, y, half);
    signature(doc, 'Главный бухгалтер или иное уполномоченное лицо', '', MARGIN + half + 16, y, half);
  });
}

/** The printed УКД of `correction` (number `number`) to the shipment `shipment`, PDF bytes. */
export function renderUkdPdf(
  shipment: ShipmentDocument,
  number: number,
  correction: CorrectionDocument,
): Promise<Buffer> {
  return renderFramedPdf(
    PAGE,
    {
      Title: `Универсальный корректировочный документ № ${number} от ${correction.date}`,
      Author: shipment.seller.name,
      CreationDate: new Date(correction.createdAt),
    },
    (doc) => layout(doc, shipment, number, correction),
  );
}
