import { formatAmount } from '../bills/bill-document.ts';
import {
  BOLD,
  CELL_PADDING,
  REGULAR,
  SMALL_SIZE,
  TEXT_SIZE,
  THIN,
  a4Frame,
  box,
  heightIn,
  renderFramedPdf,
  textIn,
  type Align,
  type Doc,
} from '../bills/pdf-kit.ts';
import { reconciliationFileName, type ReconciliationRequest } from '@detal/contract';
import type { DbExecutor } from '../../db/index.ts';
import { reconciliationDocument, type ReconciliationDocument } from './reconciliation.ts';

/**
 * Lays a ReconciliationDocument out on A4 as accountants know the act from 1C: the title and the period, the two
 * parties with their requisites, the table with the shop's side filled in and the payer's left blank (Дата,
 * Документ, Дебет, Кредит on each), the opening balance, the entries, the turnovers and the closing balance, who
 * owes whom in words, and the two signature blocks.
 */

const PAGE = a4Frame('portrait', 36);
const { margin: PAGE_MARGIN, contentWidth: CONTENT_WIDTH } = PAGE;
const CONTENT_BOTTOM = PAGE.height - PAGE_MARGIN - 18;
const TITLE_SIZE = 13;
const CELL_SIZE = 7;

// The shop's side is filled in and gets the wider «Документ»; the payer's is left for the payer to write in.
const SHOP_WIDTHS = [52, 142, 50, 50];
const SIDE_WIDTH = SHOP_WIDTHS.reduce((sum, width) => sum + width, 0);
const PAYER_WIDTHS = [52, CONTENT_WIDTH - SIDE_WIDTH - 52 - 50 - 50, 50, 50];
const COLUMN_WIDTHS = [...SHOP_WIDTHS, ...PAYER_WIDTHS];
const ALIGNS: Align[] = ['center', 'left', 'right', 'right', 'center', 'left', 'right', 'right'];

/** A balance on the shop's side: what the client owes is a debit, an advance a credit. */
const balanceCells = (kopecks: number): [string, string] => [
  kopecks > 0 ? formatAmount(kopecks) : '',
  kopecks < 0 ? formatAmount(-kopecks) : '',
];

function rowHeight(doc: Doc, cells: string[], bold: boolean): number {
  return (
    Math.max(
      ...cells.map((cell, index) => heightIn(doc, cell || 'Ag', COLUMN_WIDTHS[index]!, { size: CELL_SIZE, bold })),
    ) +
    2 * CELL_PADDING
  );
}

function drawRow(doc: Doc, cells: string[], top: number, height: number, bold = false) {
  let x = PAGE_MARGIN;
  cells.forEach((cell, index) => {
    const width = COLUMN_WIDTHS[index]!;
    box(doc, x, top, width, height);
    textIn(doc, cell, x, top, width, { align: ALIGNS[index], size: CELL_SIZE, bold });
    x += width;
  });
}

function drawHeader(doc: Doc, act: ReconciliationDocument, top: number): number {
  const sides = [`По данным ${act.seller.name}, руб.`, `По данным ${act.buyerName}, руб.`];
  const sideHeight =
    Math.max(...sides.map((text) => heightIn(doc, text, SIDE_WIDTH, { size: CELL_SIZE, bold: true }))) +
    2 * CELL_PADDING;
  sides.forEach((text, index) => {
    const x = PAGE_MARGIN + index * SIDE_WIDTH;
    const width = index === 0 ? SIDE_WIDTH : CONTENT_WIDTH - SIDE_WIDTH;
    box(doc, x, top, width, sideHeight);
    textIn(doc, text, x, top, width, { align: 'center', size: CELL_SIZE, bold: true });
  });
  const titles = ['Дата', 'Документ', 'Дебет', 'Кредит', 'Дата', 'Документ', 'Дебет', 'Кредит'];
  const height = rowHeight(doc, titles, true);
  drawRow(doc, titles, top + sideHeight, height, true);
  return top + sideHeight + height;
}

function paragraph(doc: Doc, text: string, y: number, options: { bold?: boolean; size?: number } = {}): number {
  doc
    .font(options.bold ? BOLD : REGULAR)
    .fontSize(options.size ?? TEXT_SIZE)
    .text(text, PAGE_MARGIN, y, { width: CONTENT_WIDTH });
  return y + doc.heightOfString(text, { width: CONTENT_WIDTH }) + 4;
}

const SIGNATURES_HEIGHT = 90;

/** «От …», the party's name, then Руководитель and Главный бухгалтер with lines, and М.П. — for each party. */
function drawSignatures(doc: Doc, act: ReconciliationDocument, top: number) {
  const half = CONTENT_WIDTH / 2;
  for (const [index, name] of [act.seller.name, act.buyerName].entries()) {
    const x = PAGE_MARGIN + index * half;
    const width = half - 12;
    doc.font(BOLD).fontSize(TEXT_SIZE).text(`От ${name}`, x, top, { width });
    let y = top + doc.heightOfString(`От ${name}`, { width }) + 14;
    for (const title of ['Руководитель', 'Главный бухгалтер']) {
      doc
        .font(REGULAR)
        .fontSize(TEXT_SIZE)
        .text(title, x, y - 9, { width: 90 });
      const signX = x + 92;
      doc
        .lineWidth(THIN)
        .moveTo(signX, y + 1)
        .lineTo(signX + 60, y + 1)
        .stroke();
      doc
        .moveTo(signX + 66, y + 1)
        .lineTo(x + width, y + 1)
        .stroke();
      doc.fontSize(SMALL_SIZE - 1);
      doc.text('подпись', signX, y + 3, { width: 60, align: 'center' });
      doc.text('расшифровка подписи', signX + 66, y + 3, { width: x + width - signX - 66, align: 'center' });
      y += 26;
    }
    doc
      .font(REGULAR)
      .fontSize(TEXT_SIZE)
      .text('М.П.', x, y - 6, { width });
  }
}

function layout(doc: Doc, act: ReconciliationDocument) {
  let y = PAGE_MARGIN;
  doc.font(BOLD).fontSize(TITLE_SIZE).text(act.title, PAGE_MARGIN, y, { width: CONTENT_WIDTH, align: 'center' });
  y += doc.heightOfString(act.title, { width: CONTENT_WIDTH }) + 4;
  y = paragraph(doc, `за период с ${act.from} по ${act.to}`, y, { bold: true });
  y = paragraph(doc, `между ${act.seller.name} и ${act.buyerName}`, y + 2);
  const seller = [
    act.seller.name,
    act.seller.inn && `ИНН ${act.seller.inn}`,
    act.seller.kpp && `КПП ${act.seller.kpp}`,
    act.seller.address,
  ]
    .filter(Boolean)
    .join(', ');
  y = paragraph(doc, `Поставщик: ${seller}`, y + 4, { size: SMALL_SIZE + 1 });
  y = paragraph(doc, `Покупатель: ${act.buyerLine}`, y, { size: SMALL_SIZE + 1 });
  y = paragraph(
    doc,
    `Мы, нижеподписавшиеся, ${act.seller.name} и ${act.buyerName}, составили настоящий акт сверки в том, что ` +
      'состояние взаимных расчётов по данным учёта следующее:',
    y + 4,
  );

  y = drawHeader(doc, act, y + 4);
  const line = (cells: string[], bold = false) => {
    const height = rowHeight(doc, cells, bold);
    if (y + height > CONTENT_BOTTOM) {
      doc.addPage();
      y = drawHeader(doc, act, PAGE_MARGIN);
    }
    drawRow(doc, cells, y, height, bold);
    y += height;
  };
  line(['', 'Сальдо начальное', ...balanceCells(act.openingKopecks), '', 'Сальдо начальное', '', ''], true);
  for (const row of act.rows) {
    line([
      row.date,
      row.document,
      row.debitKopecks > 0 ? formatAmount(row.debitKopecks) : '',
      row.creditKopecks > 0 ? formatAmount(row.creditKopecks) : '',
      '',
      '',
      '',
      '',
    ]);
  }
  line(
    [
      '',
      'Обороты за период',
      formatAmount(act.debitTurnoverKopecks),
      formatAmount(act.creditTurnoverKopecks),
      '',
      'Обороты за период',
      '',
      '',
    ],
    true,
  );
  line(['', 'Сальдо конечное', ...balanceCells(act.closingKopecks), '', 'Сальдо конечное', '', ''], true);

  const closingHeight = heightIn(doc, act.conclusion, CONTENT_WIDTH, { bold: true }) + SIGNATURES_HEIGHT + 20;
  if (y + closingHeight > CONTENT_BOTTOM) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  y = paragraph(doc, act.conclusion, y + 8, { bold: true });
  drawSignatures(doc, act, y + 12);
}

/** The act as PDF bytes. */
export function renderReconciliationPdf(act: ReconciliationDocument): Promise<Buffer> {
  return renderFramedPdf(
    PAGE,
    { Title: `${act.title} за период с ${act.from} по ${act.to}`, Author: act.seller.name },
    (doc) => layout(doc, act),
  );
}

/** The act as a download: its PDF and file name; `clientId` set for a client (another client's ledger is a 404). */
export async function reconciliationFile(
  db: DbExecutor,
  request: ReconciliationRequest,
  clientId: number | null,
  timeZone: string,
): Promise<{ fileName: string; bytes: Buffer }> {
  const act = await reconciliationDocument(db, request, clientId, timeZone);
  return {
    fileName: reconciliationFileName(request.account_id, request.date_from, request.date_to),
    bytes: await renderReconciliationPdf(act),
  };
}
