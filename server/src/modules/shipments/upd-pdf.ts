import { formatAmount } from '../bills/bill-document.ts';
import {
  BOLD,
  REGULAR,
  THICK,
  THIN,
  a4Frame,
  box,
  drawPageFeet,
  renderFramedPdf,
  withoutBottomMargin,
  type Align,
  type Doc,
} from '../bills/pdf-kit.ts';
import type { ShipmentDocument, ShipmentDocumentLine, UpdParty } from './document.ts';

/**
 * Lays a ShipmentDocument out as the УПД on landscape A4, in the layout of the tax service's recommended form
 * (letter ММВ-20-3/96@, with the rows and columns of the счёт-фактура of decree 1137 as amended): the status box,
 * rows 1–8 (seller, shipper, consignee, payment documents, the shipping document, buyer, currency), the table of
 * columns 1–11 (code and name, unit 796 «шт», quantity, price, cost without tax, excise, rate, tax, cost with tax,
 * country of origin, customs declaration) flowing onto further pages with its header repeated, «Всего к оплате»,
 * the signatures of the head and the chief accountant, then rows [8]–[19]: the basis, the transfer and receipt,
 * the dates, the compilers. The fonts and boxes are the bill's (bills/pdf-kit.ts).
 */

const PAGE = a4Frame('landscape', 24);
const { margin: MARGIN, contentWidth: WIDTH, height: PAGE_HEIGHT } = PAGE;
const BOTTOM = PAGE_HEIGHT - MARGIN - 14;

const HEAD_SIZE = 7.5;
const CELL_SIZE = 6.5;
const HEADER_SIZE = 5.8;
const CAPTION_SIZE = 5.5;
const STATUS_WIDTH = 112;

interface Column {
  title: string;
  number: string;
  width: number;
  align: Align;
}

const COLUMN_LIST: Column[] = [
  { title: '№ п/п', number: '', width: 20, align: 'center' },
  { title: 'Код товара/ работ, услуг', number: '', width: 52, align: 'left' },
  {
    title: 'Наименование товара (описание выполненных работ, оказанных услуг), имущественного права',
    number: '1а',
    width: 134,
    align: 'left',
  },
  { title: 'Код вида товара', number: '1б', width: 30, align: 'center' },
  { title: 'Единица измерения: код', number: '2', width: 26, align: 'center' },
  { title: 'условное обозначение (национальное)', number: '2а', width: 34, align: 'center' },
  { title: 'Коли-чество (объем)', number: '3', width: 34, align: 'right' },
  { title: 'Цена (тариф) за единицу измерения', number: '4', width: 52, align: 'right' },
  {
    title: 'Стоимость товаров (работ, услуг), имущественных прав без налога — всего',
    number: '5',
    width: 60,
    align: 'right',
  },
  { title: 'В том числе сумма акциза', number: '6', width: 40, align: 'center' },
  { title: 'Налоговая ставка', number: '7', width: 40, align: 'center' },
  { title: 'Сумма налога, предъявляемая покупателю', number: '8', width: 50, align: 'right' },
  {
    title: 'Стоимость товаров (работ, услуг), имущественных прав с налогом — всего',
    number: '9',
    width: 60,
    align: 'right',
  },
  { title: 'Страна проис-хождения: цифровой код', number: '10', width: 30, align: 'center' },
  { title: 'краткое наименование', number: '10а', width: 42, align: 'center' },
  {
    title: 'Регистрационный номер декларации на товары или регистрационный номер партии товара',
    number: '11',
    width: 0,
    align: 'center',
  },
];
// The header sits right of the status box; the table and the closing rows take the page's whole width.
const HEAD_LEFT = MARGIN + STATUS_WIDTH;
const HEAD_WIDTH = WIDTH - STATUS_WIDTH;
const TABLE_LEFT = MARGIN;
const TABLE_WIDTH = WIDTH;
const COLUMNS = COLUMN_LIST.map((column, index) =>
  index === COLUMN_LIST.length - 1
    ? { ...column, width: TABLE_WIDTH - COLUMN_LIST.slice(0, -1).reduce((sum, { width }) => sum + width, 0) }
    : column,
);
const NAME_COLUMN = 2;
const EXCISE_COLUMN = 9;
const DECLARATION_COLUMN = COLUMNS.length - 1;
const WRAPPING = new Set([1, NAME_COLUMN, 9, DECLARATION_COLUMN]);

const line1 = (doc: Doc, size: number) => doc.font(REGULAR).fontSize(size).currentLineHeight(true);

function cell(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  width: number,
  align: Align,
  size: number,
  bold = false,
  wraps = true,
) {
  doc
    .font(bold ? BOLD : REGULAR)
    .fontSize(size)
    .text(value, x + 2, y + 2, { width: width - 4, align, lineBreak: wraps });
}

export const partyIds = (party: UpdParty) => (party.inn ? [party.inn, party.kpp].filter(Boolean).join('/') : '—');
const partyLine = (party: UpdParty) => [party.name, party.address].filter(Boolean).join(', ') || '—';

/** The status box at the left of the first page. */
function drawStatus(doc: Doc, document: ShipmentDocument, top: number, height: number) {
  box(doc, MARGIN, top, STATUS_WIDTH - 4, height);
  doc
    .font(BOLD)
    .fontSize(9)
    .text('Универсальный передаточный документ', MARGIN + 4, top + 4, {
      width: STATUS_WIDTH - 12,
    });
  const statusTop = top + 46;
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text('Статус:', MARGIN + 4, statusTop, { width: 40 });
  box(doc, MARGIN + 40, statusTop - 3, 18, 14);
  doc
    .font(BOLD)
    .fontSize(9)
    .text(String(document.status), MARGIN + 40, statusTop - 1, { width: 18, align: 'center' });
  doc
    .font(REGULAR)
    .fontSize(CAPTION_SIZE)
    .text(
      '1 — счет-фактура и передаточный документ (акт)\n2 — передаточный документ (акт)',
      MARGIN + 4,
      statusTop + 18,
      { width: STATUS_WIDTH - 12 },
    );
}

/** Rows 1–8 of the счёт-фактура, right of the status box. Returns the bottom. */
function drawHeader(doc: Doc, document: ShipmentDocument, top: number): number {
  const x = HEAD_LEFT;
  const labelWidth = 190;
  const valueWidth = HEAD_WIDTH - labelWidth - 26;
  let y = top;
  doc
    .font(BOLD)
    .fontSize(10)
    .text(`Счет-фактура № ${document.number} от ${document.date}`, x, y, { width: HEAD_WIDTH - 30, continued: false });
  doc
    .font(REGULAR)
    .fontSize(CAPTION_SIZE)
    .text('(1)', x + HEAD_WIDTH - 24, y + 2, { width: 24, align: 'right' });
  y += 14;
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text('Исправление № — от —', x, y, { width: HEAD_WIDTH - 30 });
  doc.fontSize(CAPTION_SIZE).text('(1а)', x + HEAD_WIDTH - 24, y + 1, { width: 24, align: 'right' });
  y += 12;
  const payments =
    document.payments.length > 0
      ? document.payments.map((payment) => `№ ${payment.number} от ${payment.date}`).join('; ')
      : '—';
  const rows: Array<[string, string, string, boolean?]> = [
    ['Продавец:', document.seller.name || '—', '(2)', true],
    ['Адрес:', document.seller.address || '—', '(2а)'],
    ['ИНН/КПП продавца:', partyIds(document.seller), '(2б)'],
    ['Грузоотправитель и его адрес:', 'он же', '(3)'],
    ['Грузополучатель и его адрес:', partyLine(document.consignee), '(4)'],
    ['К платежно-расчетному документу', payments, '(5)'],
    ['Документ об отгрузке', `№ п/п 1–${document.lines.length} № ${document.number} от ${document.date}`, '(5а)'],
    ['Покупатель:', document.buyer.name || '—', '(6)', true],
    ['Адрес:', document.buyer.address || '—', '(6а)'],
    ['ИНН/КПП покупателя:', partyIds(document.buyer), '(6б)'],
    ['Валюта: наименование, код', 'Российский рубль, 643', '(7)'],
    ['Идентификатор государственного контракта, договора (соглашения) (при наличии):', '—', '(8)'],
  ];
  for (const [label, value, number, bold] of rows) {
    doc.font(REGULAR).fontSize(HEAD_SIZE);
    const labelHeight = doc.heightOfString(label, { width: labelWidth - 4 });
    doc.text(label, x, y, { width: labelWidth - 4 });
    doc.font(bold ? BOLD : REGULAR).fontSize(HEAD_SIZE);
    const valueHeight = doc.heightOfString(value, { width: valueWidth });
    doc.text(value, x + labelWidth, y, { width: valueWidth });
    doc
      .lineWidth(0.3)
      .moveTo(x + labelWidth, y + Math.max(labelHeight, valueHeight))
      .lineTo(x + labelWidth + valueWidth, y + Math.max(labelHeight, valueHeight))
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(CAPTION_SIZE)
      .text(number, x + HEAD_WIDTH - 24, y + 1, { width: 24, align: 'right' });
    y += Math.max(labelHeight, valueHeight) + 2;
  }
  return y;
}

/** The table's header: titles and the column numbers under them. Returns its bottom. */
function drawTableHeader(doc: Doc, top: number, left: number): number {
  doc.font(REGULAR).fontSize(HEADER_SIZE);
  const titleHeight =
    Math.max(...COLUMNS.map((column) => doc.heightOfString(column.title, { width: column.width - 4 }))) + 4;
  const numberHeight = line1(doc, HEADER_SIZE) + 3;
  let x = left;
  for (const column of COLUMNS) {
    box(doc, x, top, column.width, titleHeight);
    cell(doc, column.title, x, top, column.width, 'center', HEADER_SIZE);
    box(doc, x, top + titleHeight, column.width, numberHeight);
    cell(doc, column.number, x, top + titleHeight - 1, column.width, 'center', HEADER_SIZE);
    x += column.width;
  }
  return top + titleHeight + numberHeight;
}

function lineCells(line: ShipmentDocumentLine): string[] {
  return [
    String(line.position),
    line.article || '—',
    line.name,
    '—',
    line.unitCode,
    line.unit,
    String(line.quantity),
    formatAmount(line.priceWithoutVatKopecks),
    formatAmount(line.sumWithoutVatKopecks),
    'без акциза',
    line.vatRateLabel,
    line.vatKopecks === null ? 'без НДС' : formatAmount(line.vatKopecks),
    formatAmount(line.sumKopecks),
    line.country?.code ?? '—',
    line.country?.name ?? '—',
    line.customsDeclaration || '—',
  ];
}

/** Rows of the table from `top`, a new page (header repeated) when the next one does not fit. Returns the bottom. */
function drawLines(doc: Doc, lines: ShipmentDocumentLine[], top: number): number {
  let y = drawTableHeader(doc, top, TABLE_LEFT);
  const single = line1(doc, CELL_SIZE) + 4;
  for (const line of lines) {
    const cells = lineCells(line);
    doc.font(REGULAR).fontSize(CELL_SIZE);
    // Only the name, the article, the excise and the declaration can wrap; measuring them alone keeps a long document fast.
    const height = Math.max(
      single,
      ...[1, NAME_COLUMN, EXCISE_COLUMN, DECLARATION_COLUMN].map(
        (index) =>
          doc.fontSize(index === DECLARATION_COLUMN ? HEADER_SIZE : CELL_SIZE).heightOfString(cells[index]!, {
            width: COLUMNS[index]!.width - 4,
          }) + 4,
      ),
    );
    if (y + height > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN, TABLE_LEFT);
    }
    // The row's boxes in one path, stroked once; the cells that cannot wrap skip pdfkit's line wrapper.
    let x = TABLE_LEFT;
    doc.lineWidth(THIN);
    for (const column of COLUMNS) {
      doc.rect(x, y, column.width, height);
      x += column.width;
    }
    doc.stroke();
    x = TABLE_LEFT;
    cells.forEach((value, index) => {
      const column = COLUMNS[index]!;
      const size = index === DECLARATION_COLUMN ? HEADER_SIZE : CELL_SIZE;
      cell(doc, value, x, y, column.width, column.align, size, false, WRAPPING.has(index));
      x += column.width;
    });
    y += height;
  }
  return y;
}

/** «Всего к оплате (9)»: columns 5, 8 and 9. Returns the bottom. */
function drawTotal(doc: Doc, document: ShipmentDocument, top: number): number {
  const height = line1(doc, CELL_SIZE) + 6;
  const widthUpTo = (index: number) => COLUMNS.slice(0, index).reduce((sum, { width }) => sum + width, 0);
  box(doc, TABLE_LEFT, top, widthUpTo(8), height);
  cell(doc, 'Всего к оплате (9)', TABLE_LEFT, top + 1, widthUpTo(8), 'left', CELL_SIZE, true);
  const values: Array<[number, string]> = [
    [8, formatAmount(document.totalWithoutVatKopecks)],
    [9, 'X'],
    [10, ''],
    [11, document.vatKopecks === null ? 'без НДС' : formatAmount(document.vatKopecks)],
    [12, formatAmount(document.totalKopecks)],
  ];
  for (const [index, value] of values) {
    const column = COLUMNS[index]!;
    box(doc, TABLE_LEFT + widthUpTo(index), top, column.width, height);
    cell(doc, value, TABLE_LEFT + widthUpTo(index), top + 1, column.width, column.align, CELL_SIZE, true);
  }
  return top + height;
}

/** A signature line: the title, then «подпись» and «ф.и.о.» under their lines. Returns nothing. */
export function signature(doc: Doc, title: string, name: string, x: number, y: number, width: number) {
  const titleWidth = width * 0.42;
  const signWidth = width * 0.22;
  const nameWidth = width - titleWidth - signWidth - 8;
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text(title, x, y, { width: titleWidth - 4 });
  const lineY = y + 16;
  doc
    .lineWidth(0.4)
    .moveTo(x + titleWidth, lineY)
    .lineTo(x + titleWidth + signWidth, lineY)
    .stroke();
  doc
    .moveTo(x + titleWidth + signWidth + 8, lineY)
    .lineTo(x + width, lineY)
    .stroke();
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text(name, x + titleWidth + signWidth + 8, lineY - 9, { width: nameWidth });
  doc.fontSize(CAPTION_SIZE);
  doc.text('(подпись)', x + titleWidth, lineY + 1, { width: signWidth, align: 'center' });
  doc.text('(ф.и.о.)', x + titleWidth + signWidth + 8, lineY + 1, { width: nameWidth, align: 'center' });
}

/**
 * The height the signatures and rows [8]–[19] take: their fixed rows, plus the compilers' names ([14], [19]) as
 * they wrap. Measured, so that the block is never cut by a page break (pdfkit would start a page mid-text).
 */
function closingHeight(doc: Doc, document: ShipmentDocument): number {
  const width = (WIDTH - 16) / 2 - 24 - 140;
  doc.font(BOLD).fontSize(HEAD_SIZE);
  const names = [
    `${document.seller.name}, ИНН/КПП ${partyIds(document.seller)}`,
    `${document.buyer.name}${document.buyer.inn ? `, ИНН/КПП ${partyIds(document.buyer)}` : ''}`,
  ].map((text) => doc.heightOfString(text, { width: Math.max(width, 120) }));
  return 214 + Math.max(0, Math.max(...names) - 20);
}

/** The texts of one side of the transfer: the seller's rows [10]–[14] or the buyer's [15]–[19]. */
interface TransferSide {
  numbers: [string, string, string, string, string];
  handed: string;
  position: string;
  signer: string;
  dateLabel: string;
  date: string;
  otherLabel: string;
  compilerLabel: string;
  compiler: string;
}

/** The signatures under the table and rows [8]–[19] of the transfer. */
function drawClosing(doc: Doc, document: ShipmentDocument, top: number, pages: number) {
  let y = top + 6;
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text(`Документ составлен на ${pages} ${pages === 1 ? 'листе' : 'листах'}`, MARGIN, y, { width: STATUS_WIDTH - 8 });
  const half = (HEAD_WIDTH - 12) / 2;
  signature(doc, 'Руководитель организации или иное уполномоченное лицо', '', HEAD_LEFT, y, half);
  signature(doc, 'Главный бухгалтер или иное уполномоченное лицо', '', HEAD_LEFT + half + 12, y, half);
  y += 26;
  signature(doc, 'Индивидуальный предприниматель или иное уполномоченное лицо', '', HEAD_LEFT, y, half);
  doc
    .font(REGULAR)
    .fontSize(CAPTION_SIZE)
    .text(
      '(реквизиты свидетельства о государственной регистрации индивидуального предпринимателя)',
      HEAD_LEFT + half + 12,
      y + 17,
      { width: half, align: 'center' },
    );
  doc
    .lineWidth(0.4)
    .moveTo(HEAD_LEFT + half + 12, y + 16)
    .lineTo(HEAD_LEFT + HEAD_WIDTH, y + 16)
    .stroke();
  y += 30;
  doc
    .lineWidth(THICK)
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .stroke();
  y += 6;

  const numbered = (label: string, value: string, number: string, x: number, width: number, at: number) => {
    doc.font(REGULAR).fontSize(HEAD_SIZE);
    const labelWidth = Math.min(doc.widthOfString(label) + 6, width * 0.6);
    doc.text(label, x, at, { width: labelWidth });
    doc
      .font(BOLD)
      .fontSize(HEAD_SIZE)
      .text(value, x + labelWidth, at, { width: width - labelWidth - 24 });
    const height = Math.max(
      doc.font(REGULAR).heightOfString(label, { width: labelWidth }),
      doc.font(BOLD).heightOfString(value || ' ', { width: width - labelWidth - 24 }),
    );
    doc
      .lineWidth(0.3)
      .moveTo(x + labelWidth, at + height)
      .lineTo(x + width - 24, at + height)
      .stroke();
    doc
      .font(REGULAR)
      .fontSize(CAPTION_SIZE)
      .text(`[${number}]`, x + width - 22, at + 1, { width: 22, align: 'right' });
    return at + height + 4;
  };
  const basis =
    document.basis.map((doc) => `${doc.name} № ${doc.number} от ${doc.date}`).join('; ') || 'Без документа-основания';
  y = numbered('Основание передачи (сдачи) / получения (приемки)', basis, '8', MARGIN, WIDTH, y);
  y = numbered('Данные о транспортировке и грузе', '—', '9', MARGIN, WIDTH, y);

  const colWidth = (WIDTH - 16) / 2;
  const startY = y + 2;
  const issuer = [document.issuedBy.lastName, document.issuedBy.firstName, document.issuedBy.middleName]
    .filter((part) => part && part !== '—')
    .join(' ');
  // The seller's side (rows [10]–[14]) and the buyer's ([15]–[19]) are the same block with other texts.
  const side = (left: number, texts: TransferSide) => {
    let at = startY;
    const titled = (title: string, number: string, position: string, name: string) => {
      doc
        .font(REGULAR)
        .fontSize(HEAD_SIZE)
        .text(title, left, at, { width: colWidth - 24 });
      doc.fontSize(CAPTION_SIZE).text(`[${number}]`, left + colWidth - 22, at + 1, { width: 22, align: 'right' });
      at += 10;
      signature(doc, position, name, left, at, colWidth - 24);
      at += 25;
    };
    titled(texts.handed, texts.numbers[0], texts.position, texts.signer);
    at = numbered(texts.dateLabel, texts.date, texts.numbers[1], left, colWidth, at);
    at = numbered(texts.otherLabel, '—', texts.numbers[2], left, colWidth, at);
    titled(
      'Ответственный за правильность оформления факта хозяйственной жизни',
      texts.numbers[3],
      texts.position,
      texts.signer,
    );
    at = numbered(texts.compilerLabel, texts.compiler, texts.numbers[4], left, colWidth, at);
    doc
      .font(REGULAR)
      .fontSize(HEAD_SIZE)
      .text('М.П.', left, at + 2);
  };
  side(MARGIN, {
    numbers: ['10', '11', '12', '13', '14'],
    handed: 'Товар (груз) передал / услуги, результаты работ, права сдал',
    position: document.issuedBy.position,
    signer: issuer,
    dateLabel: 'Дата отгрузки, передачи (сдачи)',
    date: document.date,
    otherLabel: 'Иные сведения об отгрузке, передаче',
    compilerLabel: 'Наименование экономического субъекта — составителя документа (в т.ч. комиссионера / агента)',
    compiler: `${document.seller.name}, ИНН/КПП ${partyIds(document.seller)}`,
  });
  side(MARGIN + colWidth + 16, {
    numbers: ['15', '16', '17', '18', '19'],
    handed: 'Товар (груз) получил / услуги, результаты работ, права принял',
    position: '(должность)',
    signer: '',
    dateLabel: 'Дата получения (приемки)',
    date: '«___» __________ 20__ г.',
    otherLabel: 'Иные сведения о получении, приемке',
    compilerLabel: 'Наименование экономического субъекта — составителя документа',
    compiler: `${document.buyer.name}${document.buyer.inn ? `, ИНН/КПП ${partyIds(document.buyer)}` : ''}`,
  });
  doc.lineWidth(THIN);
}

/** «Всего наименований N, на сумму …» and the amount in words, under the table. Returns the bottom. */
function drawWords(doc: Doc, document: ShipmentDocument, top: number): number {
  const text = `Всего наименований ${document.lines.length}, на сумму ${formatAmount(document.totalKopecks)} руб.${
    document.vatKopecks === null ? ' Без налога (НДС).' : `, в том числе НДС ${formatAmount(document.vatKopecks)} руб.`
  }`;
  doc
    .font(REGULAR)
    .fontSize(HEAD_SIZE)
    .text(text, TABLE_LEFT, top + 4, { width: TABLE_WIDTH });
  const words = document.amountInWords;
  const y = top + 4 + doc.heightOfString(text, { width: TABLE_WIDTH }) + 2;
  doc.font(BOLD).fontSize(HEAD_SIZE).text(words, TABLE_LEFT, y, { width: TABLE_WIDTH });
  return y + doc.heightOfString(words, { width: TABLE_WIDTH });
}

function drawPageNumbers(doc: Doc, document: ShipmentDocument) {
  drawPageFeet(
    doc,
    PAGE,
    { size: CAPTION_SIZE + 0.5, lift: 6 },
    (page, count) => `УПД № ${document.number} от ${document.date}, страница ${page} из ${count}`,
  );
}

function layout(doc: Doc, document: ShipmentDocument) {
  doc.lineWidth(THIN);
  const headerBottom = drawHeader(doc, document, MARGIN);
  drawStatus(doc, document, MARGIN, headerBottom - MARGIN);
  let y = drawLines(doc, document.lines, headerBottom + 6);
  y = drawTotal(doc, document, y);
  y = drawWords(doc, document, y);
  if (y + closingHeight(doc, document) > PAGE_HEIGHT - MARGIN - 10) {
    doc.addPage();
    y = MARGIN;
  }
  withoutBottomMargin(doc, () => drawClosing(doc, document, y, doc.bufferedPageRange().count));
  drawPageNumbers(doc, document);
}

/** The УПД as PDF bytes, the same at every download (dated by the posting). */
export function renderUpdPdf(document: ShipmentDocument): Promise<Buffer> {
  const title = `Универсальный передаточный документ № ${document.number} от ${document.date}`;
  return renderFramedPdf(
    PAGE,
    { Title: title, Author: document.seller.name, CreationDate: new Date(document.postedAt) },
    (doc) => layout(doc, document),
  );
}
