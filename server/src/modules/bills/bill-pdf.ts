import { formatDate } from '@detal/contract';
import { formatAmount, type BillDocument, type BillLine } from './bill-document.ts';
import { qrModules } from './payment-qr.ts';
import {
  BOLD,
  CELL_PADDING,
  REGULAR,
  SMALL_SIZE,
  TABLE_SIZE,
  TEXT_SIZE,
  THICK,
  THIN,
  a4Frame,
  box,
  drawPageFeet,
  heightIn,
  renderFramedPdf,
  textIn,
  type Doc,
} from './pdf-kit.ts';

/**
 * Lays a BillDocument out as a Russian "Счёт на оплату" on A4, in the grid accountants know from 1C: the bank
 * block with the payment QR beside it, the title, seller and buyer, the table of lines (flowing onto further
 * pages with its header repeated), totals, the amount in words, the deadline and the signature lines.
 */

const PAGE = a4Frame('portrait', 36);
const { margin: PAGE_MARGIN, contentWidth: CONTENT_WIDTH } = PAGE;
const TITLE_SIZE = 14;
// Room kept at the foot of every page for the page number.
const FOOTER_HEIGHT = 18;
const CONTENT_BOTTOM = PAGE.height - PAGE_MARGIN - FOOTER_HEIGHT;

const QR_SIZE = 100;
const QR_GAP = 10;
const BANK_WIDTH = CONTENT_WIDTH - QR_SIZE - QR_GAP;

/** Table columns: №, Товар, Кол-во, Ед., Цена, Сумма. */
const COLUMNS = [
  { title: '№', width: 24, align: 'center' },
  { title: 'Товары (работы, услуги)', width: 261, align: 'left' },
  { title: 'Кол-во', width: 46, align: 'right' },
  { title: 'Ед.', width: 28, align: 'center' },
  { title: 'Цена', width: 75, align: 'right' },
  { title: 'Сумма', width: 0, align: 'right' },
] as const;
const COLUMN_WIDTHS: number[] = COLUMNS.map((column, index) =>
  index === COLUMNS.length - 1
    ? CONTENT_WIDTH - COLUMNS.slice(0, -1).reduce((sum, { width }) => sum + width, 0)
    : column.width,
);

function rule(doc: Doc, y: number, width = THICK) {
  doc
    .lineWidth(width)
    .moveTo(PAGE_MARGIN, y)
    .lineTo(PAGE_MARGIN + CONTENT_WIDTH, y)
    .stroke();
}

/** The bank block: recipient's bank, BIK, accounts, INN/KPP and the recipient. Returns its bottom. */
function drawBankBlock(doc: Doc, bill: BillDocument, top: number): number {
  const { seller } = bill;
  const leftWidth = Math.round(BANK_WIDTH * 0.58);
  const labelWidth = 36;
  const valueWidth = BANK_WIDTH - leftWidth - labelWidth;
  const labelX = PAGE_MARGIN + leftWidth;
  const valueX = labelX + labelWidth;
  const line = heightIn(doc, 'Ag', leftWidth);
  const caption = heightIn(doc, 'Ag', leftWidth, { size: SMALL_SIZE });

  // Bank of the recipient: its name, then the caption; BIK and the correspondent account beside it.
  const bankHeight = Math.max(
    heightIn(doc, seller.bank_name, leftWidth) + caption + 3 * CELL_PADDING,
    2 * (line + 2 * CELL_PADDING),
  );
  const bikHeight = line + 2 * CELL_PADDING;
  box(doc, PAGE_MARGIN, top, leftWidth, bankHeight);
  textIn(doc, seller.bank_name, PAGE_MARGIN, top, leftWidth);
  textIn(doc, 'Банк получателя', PAGE_MARGIN, top + bankHeight - caption - 2 * CELL_PADDING, leftWidth, {
    size: SMALL_SIZE,
  });
  box(doc, labelX, top, labelWidth, bikHeight);
  textIn(doc, 'БИК', labelX, top, labelWidth);
  box(doc, valueX, top, valueWidth, bikHeight);
  textIn(doc, seller.bik, valueX, top, valueWidth);
  box(doc, labelX, top + bikHeight, labelWidth, bankHeight - bikHeight);
  textIn(doc, 'Сч. №', labelX, top + bikHeight, labelWidth);
  box(doc, valueX, top + bikHeight, valueWidth, bankHeight - bikHeight);
  textIn(doc, seller.correspondent_account, valueX, top + bikHeight, valueWidth);

  // The recipient: INN and KPP side by side, then the name and the caption; the settlement account beside it.
  const idsTop = top + bankHeight;
  const idsHeight = line + 2 * CELL_PADDING;
  const halfWidth = leftWidth / 2;
  box(doc, PAGE_MARGIN, idsTop, halfWidth, idsHeight);
  textIn(doc, `ИНН ${seller.inn}`, PAGE_MARGIN, idsTop, halfWidth);
  box(doc, PAGE_MARGIN + halfWidth, idsTop, halfWidth, idsHeight);
  textIn(doc, `КПП ${seller.kpp}`, PAGE_MARGIN + halfWidth, idsTop, halfWidth);
  const recipientTop = idsTop + idsHeight;
  const recipientHeight = Math.max(
    heightIn(doc, seller.name, leftWidth) + caption + 3 * CELL_PADDING,
    2 * (line + 2 * CELL_PADDING),
  );
  box(doc, PAGE_MARGIN, recipientTop, leftWidth, recipientHeight);
  textIn(doc, seller.name, PAGE_MARGIN, recipientTop, leftWidth);
  textIn(doc, 'Получатель', PAGE_MARGIN, recipientTop + recipientHeight - caption - 2 * CELL_PADDING, leftWidth, {
    size: SMALL_SIZE,
  });
  box(doc, labelX, idsTop, labelWidth, idsHeight + recipientHeight);
  textIn(doc, 'Сч. №', labelX, idsTop, labelWidth);
  box(doc, valueX, idsTop, valueWidth, idsHeight + recipientHeight);
  textIn(doc, seller.settlement_account, valueX, idsTop, valueWidth);
  return recipientTop + recipientHeight;
}

/** The payment QR (ГОСТ Р 56042-2014) drawn as vector squares: sharp in print, no image to encode and decode. */
function drawQr(doc: Doc, payload: string, x: number, y: number, bottom: number) {
  const { size, isDark } = qrModules(payload);
  const captionHeight = heightIn(doc, 'Ag', QR_SIZE, { size: SMALL_SIZE });
  const side = Math.min(QR_SIZE, bottom - y - captionHeight);
  const module = side / size;
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      // A hair wider than the module so that neighbouring squares leave no hairline gaps when rasterized.
      if (isDark(row, column)) doc.rect(x + column * module, y + row * module, module + 0.05, module + 0.05);
    }
  }
  doc.fillColor('black').fill();
  doc
    .font(REGULAR)
    .fontSize(SMALL_SIZE - 1)
    .text('Оплата по QR-коду', x, y + side + 2, { width: side, align: 'center' });
}

/** A labelled line of the parties block ('Поставщик (Исполнитель):' and its value in bold). Returns its bottom. */
function drawParty(doc: Doc, label: string, value: string, top: number): number {
  const labelWidth = 110;
  const valueWidth = CONTENT_WIDTH - labelWidth;
  doc
    .font(REGULAR)
    .fontSize(TEXT_SIZE)
    .text(label, PAGE_MARGIN, top, { width: labelWidth - 6 });
  const labelHeight = doc.heightOfString(label, { width: labelWidth - 6 });
  doc
    .font(BOLD)
    .fontSize(TEXT_SIZE)
    .text(value, PAGE_MARGIN + labelWidth, top, { width: valueWidth });
  const valueHeight = doc.heightOfString(value, { width: valueWidth });
  return top + Math.max(labelHeight, valueHeight) + 6;
}

function drawTableHeader(doc: Doc, top: number): number {
  const height = heightIn(doc, 'Ag', 100, { size: TABLE_SIZE, bold: true }) + 2 * CELL_PADDING;
  let x = PAGE_MARGIN;
  COLUMNS.forEach((column, index) => {
    const width = COLUMN_WIDTHS[index]!;
    doc.lineWidth(THIN).rect(x, top, width, height).fillAndStroke('#eeeeee', 'black');
    doc.fillColor('black');
    textIn(doc, column.title, x, top, width, { align: 'center', size: TABLE_SIZE, bold: true });
    x += width;
  });
  return top + height;
}

function lineCells(line: BillLine): string[] {
  return [
    String(line.position),
    line.name,
    String(line.quantity),
    line.unit,
    formatAmount(line.priceKopecks),
    formatAmount(line.sumKopecks),
  ];
}

function rowHeight(doc: Doc, cells: string[]): number {
  const tallest = Math.max(
    ...cells.map((cell, index) => heightIn(doc, cell, COLUMN_WIDTHS[index]!, { size: TABLE_SIZE })),
  );
  return tallest + 2 * CELL_PADDING;
}

function drawRow(doc: Doc, cells: string[], top: number, height: number) {
  let x = PAGE_MARGIN;
  cells.forEach((cell, index) => {
    const width = COLUMN_WIDTHS[index]!;
    box(doc, x, top, width, height);
    textIn(doc, cell, x, top, width, { align: COLUMNS[index]!.align, size: TABLE_SIZE });
    x += width;
  });
}

/** The lines, starting a new page (with the header again) whenever the next row would not fit. Returns the bottom. */
function drawTable(doc: Doc, lines: BillLine[], top: number): number {
  let y = drawTableHeader(doc, top);
  for (const line of lines) {
    const cells = lineCells(line);
    const height = rowHeight(doc, cells);
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, PAGE_MARGIN);
    }
    drawRow(doc, cells, y, height);
    y += height;
  }
  return y;
}

/** Итого, the VAT line and Всего к оплате, right-aligned under the table. Returns the bottom. */
function drawTotals(doc: Doc, bill: BillDocument, top: number): number {
  const valueWidth = COLUMN_WIDTHS.at(-1)!;
  const labelWidth = CONTENT_WIDTH - valueWidth;
  const rows: Array<[string, string]> = [
    ['Итого:', formatAmount(bill.totalKopecks)],
    [`${bill.vat.label}:`, bill.vat.kopecks === null ? '—' : formatAmount(bill.vat.kopecks)],
    ['Всего к оплате:', formatAmount(bill.totalKopecks)],
  ];
  let y = top + 4;
  for (const [label, value] of rows) {
    doc.font(BOLD).fontSize(TEXT_SIZE);
    doc.text(label, PAGE_MARGIN, y, { width: labelWidth - CELL_PADDING, align: 'right' });
    doc.text(value, PAGE_MARGIN + labelWidth, y, { width: valueWidth - CELL_PADDING, align: 'right' });
    y += doc.heightOfString(label, { width: labelWidth }) + 2;
  }
  return y;
}

/** Below the totals: the count and sum, the words, the deadline and the notes. Returns the bottom. */
function summaryTexts(bill: BillDocument): Array<{ text: string; bold?: boolean; size?: number; gap?: number }> {
  return [
    { text: `Всего наименований ${bill.lines.length}, на сумму ${formatAmount(bill.totalKopecks)} руб.` },
    { text: bill.amountInWords, bold: true, gap: 8 },
    bill.totalKopecks > 0
      ? { text: `Оплатить не позднее ${formatDate(bill.payUntil)}`, bold: true }
      : { text: 'Все позиции заказа отменены: оплачивать этот счёт не нужно.', bold: true },
    {
      text:
        `В назначении платежа укажите: «${bill.purpose}». Оплата данного счёта означает согласие с условиями ` +
        'поставки товара. Товар отпускается по факту поступления денег на расчётный счёт Поставщика.',
      size: SMALL_SIZE + 0.5,
    },
  ];
}

function summaryHeight(doc: Doc, bill: BillDocument): number {
  return summaryTexts(bill).reduce(
    (sum, { text, bold, size, gap }) =>
      sum +
      doc
        .font(bold ? BOLD : REGULAR)
        .fontSize(size ?? TEXT_SIZE)
        .heightOfString(text, { width: CONTENT_WIDTH }) +
      (gap ?? 4),
    0,
  );
}

function drawSummary(doc: Doc, bill: BillDocument, top: number): number {
  let y = top + 6;
  for (const { text, bold, size, gap } of summaryTexts(bill)) {
    doc
      .font(bold ? BOLD : REGULAR)
      .fontSize(size ?? TEXT_SIZE)
      .text(text, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
    y += doc.heightOfString(text, { width: CONTENT_WIDTH }) + (gap ?? 4);
  }
  return y;
}

const SIGNATURES_HEIGHT = 44;

/** Руководитель and Бухгалтер, each with a line for the signature and one for its transcript. */
function drawSignatures(doc: Doc, top: number) {
  rule(doc, top);
  const y = top + 22;
  const half = CONTENT_WIDTH / 2;
  for (const [index, title] of ['Руководитель', 'Бухгалтер'].entries()) {
    const x = PAGE_MARGIN + index * half;
    doc
      .font(BOLD)
      .fontSize(TEXT_SIZE)
      .text(title, x, y - 9, { width: 80, lineBreak: false });
    const signX = x + 82;
    const signWidth = 70;
    const nameX = signX + signWidth + 8;
    const nameWidth = half - (nameX - x) - 12;
    doc
      .lineWidth(THIN)
      .moveTo(signX, y + 1)
      .lineTo(signX + signWidth, y + 1)
      .stroke();
    doc
      .moveTo(nameX, y + 1)
      .lineTo(nameX + nameWidth, y + 1)
      .stroke();
    doc.font(REGULAR).fontSize(SMALL_SIZE - 1);
    doc.text('подпись', signX, y + 3, { width: signWidth, align: 'center' });
    doc.text('расшифровка подписи', nameX, y + 3, { width: nameWidth, align: 'center' });
  }
}

/** 'Счёт на оплату № 12 от 01.03.2025, страница 1 из 2' at the foot of every page of a bill longer than one. */
function drawPageNumbers(doc: Doc, bill: BillDocument) {
  if (doc.bufferedPageRange().count < 2) return;
  drawPageFeet(
    doc,
    PAGE,
    { size: SMALL_SIZE, lift: 8 },
    (page, count) => `${bill.title}, страница ${page} из ${count}`,
  );
}

function layout(doc: Doc, bill: BillDocument) {
  const bankBottom = drawBankBlock(doc, bill, PAGE_MARGIN);
  if (bill.qrPayload !== null) {
    drawQr(doc, bill.qrPayload, PAGE_MARGIN + BANK_WIDTH + QR_GAP, PAGE_MARGIN, bankBottom + 10);
  }

  let y = Math.max(bankBottom, PAGE_MARGIN + QR_SIZE) + 16;
  doc.font(BOLD).fontSize(TITLE_SIZE).text(bill.title, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
  y += doc.heightOfString(bill.title, { width: CONTENT_WIDTH }) + 4;
  if (bill.replaces !== null) {
    doc.font(REGULAR).fontSize(TEXT_SIZE).text(bill.replaces, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
    y += doc.heightOfString(bill.replaces, { width: CONTENT_WIDTH }) + 4;
  }
  rule(doc, y);
  y += 8;
  const { seller } = bill;
  y = drawParty(
    doc,
    'Поставщик (Исполнитель):',
    `${seller.name}, ИНН ${seller.inn}, КПП ${seller.kpp}, ${seller.address}`,
    y,
  );
  y = drawParty(doc, 'Покупатель (Заказчик):', bill.buyer, y);
  y = drawParty(doc, 'Основание:', bill.basis, y);

  y = drawTable(doc, bill.lines, y + 4);
  // Totals, words and signatures stay together: when they do not fit under the table, they go to a new page.
  const closingHeight = 3 * 14 + summaryHeight(doc, bill) + SIGNATURES_HEIGHT + 10;
  if (y + closingHeight > CONTENT_BOTTOM) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  y = drawTotals(doc, bill, y);
  y = drawSummary(doc, bill, y);
  drawSignatures(doc, y + 4);
  drawPageNumbers(doc, bill);
}

/** The bill as PDF bytes. */
export function renderBillPdf(bill: BillDocument): Promise<Buffer> {
  // Dated by the revision's issue, not by the print: pdfkit derives the file's ID from this, so a revision's PDF
  // is the same, byte for byte, at every download.
  return renderFramedPdf(
    PAGE,
    { Title: bill.title, Author: bill.seller.name, Subject: bill.purpose, CreationDate: new Date(bill.issuedAt) },
    (doc) => layout(doc, bill),
  );
}
