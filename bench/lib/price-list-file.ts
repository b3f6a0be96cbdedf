import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/*
 * A price list shaped like a real supplier's: a few hundred brands, a few of them holding most of the rows;
 * articles of every shape (digits in groups, letters and slashes, dashes, dots, leading zeros); the same article
 * under two brands now and then; prices with grouping spaces and decimal commas ('1 234,50'); stock as '>10' or
 * '10+' sometimes; long descriptions in Russian with the car they fit; empty deliveries and weights.
 * Deterministic: the same row count always gives the same file.
 */

const WELL_KNOWN_BRANDS = [
  'BOSCH',
  'MANN-FILTER',
  'Mahle',
  'KNECHT',
  'FEBI BILSTEIN',
  'LEMFÖRDER',
  'SACHS',
  'TRW',
  'ATE',
  'VALEO',
  'NGK',
  'DENSO',
  'KYB',
  'Monroe',
  'SKF',
  'INA',
  'GATES',
  'CONTITECH',
  'DAYCO',
  'HENGST FILTER',
  'FILTRON',
  'DELPHI',
  'BREMBO',
  'TEXTAR',
  'Jurid',
  'NISSENS',
  'HELLA',
  'MEYLE',
  'SWAG',
  'CORTECO',
  'Elring',
  'VICTOR REINZ',
  'Luk',
  'Toyota',
  'VAG',
  'Hyundai/Kia',
  'GM',
  'Renault',
  'Ford',
  'Mercedes-Benz',
];

/** A few hundred brands: the well-known ones, then smaller makers. */
export const PRICE_LIST_BRANDS: readonly string[] = [
  ...WELL_KNOWN_BRANDS,
  ...Array.from({ length: 360 }, (_, index) => {
    const stem = ['АВТО', 'AUTO', 'STAR', 'PARTS', 'TECH', 'MOTOR', 'ДЕТАЛЬ', 'LINE'][index % 8];
    return `${stem}${index % 3 === 0 ? '-' : ' '}${String.fromCharCode(65 + (index % 26))}${index}`;
  }),
];

/** Article shapes: a letter prefix each (so that two shapes never normalize alike) and eight digits of a number. */
const ARTICLE_SHAPES: readonly ((digits: string) => string)[] = [
  (d) => `0 986 ${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}B`,
  (d) => `OC ${d}`,
  (d) => `W${d.slice(0, 5)}/${d.slice(5)}`,
  (d) => `1K0-${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}A`,
  (d) => `A${d}`,
  (d) => `${d.slice(0, 5)}-YZ${d.slice(5)}`,
  (d) => `GDB${d}`,
  (d) => `VKBA ${d}`,
  (d) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5)}-H`,
  (d) => `hu ${d.slice(0, 4)}/${d.slice(4)} x`,
  (d) => `K${d.slice(0, 4)} ${d.slice(4)}`,
  (d) => `LX${d}/1`,
];

const PARTS = [
  'Фильтр масляный',
  'Фильтр воздушный',
  'Фильтр салона угольный',
  'Фильтр топливный',
  'Колодки тормозные дисковые передние',
  'Колодки тормозные барабанные задние',
  'Диск тормозной вентилируемый',
  'Свеча зажигания иридиевая',
  'Ремень ГРМ',
  'Комплект ремня ГРМ с помпой',
  'Амортизатор газомасляный передний левый',
  'Амортизатор задний',
  'Подшипник ступицы передней',
  'Рычаг подвески нижний правый',
  'Наконечник рулевой тяги',
  'Шаровая опора',
  'Датчик кислородный (лямбда-зонд)',
  'Термостат с прокладкой',
  'Насос водяной (помпа)',
  'Прокладка клапанной крышки',
];
const CARS = [
  'VW Golf VII 1.4 TSI 2012-2020',
  'Škoda Octavia A7 1.8',
  'Toyota Camry V70 2.5',
  'Kia Rio IV 1.6 MPI',
  'Hyundai Solaris II',
  'Lada Vesta 1.6 16V',
  'Renault Logan II 1.6 8V',
  'Ford Focus III 1.6 Ti-VCT',
  'Mercedes-Benz W213 E200',
  'BMW F30 320i N20',
  'Nissan Qashqai J11 2.0',
  'Mitsubishi Outlander III 2.4',
];
const NOTES = [
  '',
  ', оригинал',
  ', аналог',
  '; в упаковке 4 шт.',
  ' (левый/правый)',
  ', с датчиком износа',
  '; уточняйте по VIN',
  ', усиленный',
];

// A prime above any row count used here: i -> i * STEP mod PRIME is one-to-one, so article numbers are unique.
const PRIME = 99_999_989;
const STEP = 7919;

/** Brands by row: about a third of the rows go to the first five brands, like the big makers of a real list. */
function brandIndexOf(number: number): number {
  const draw = (number * 2_654_435_761) % 1000;
  if (draw < 330) return draw % 5;
  if (draw < 600) return 5 + (draw % (WELL_KNOWN_BRANDS.length - 5));
  return draw % PRICE_LIST_BRANDS.length;
}

/** The price of part `number`; another `priceShift` gives every part another price, written the same way. */
function priceText(number: number, priceShift: number): string {
  const kopecks = 3_000 + ((number * 37 + priceShift) % 9_000_000);
  const roubles = Math.floor(kopecks / 100);
  const cents = String(kopecks % 100).padStart(2, '0');
  if (number % 3 === 0) return `${roubles},${cents}`;
  if (number % 3 === 1) {
    // Grouping space and decimal comma, as spreadsheets export them: '1 234,50'.
    const grouped = String(roubles).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
    return `${grouped},${cents}`;
  }
  return `${roubles}.${cents}`;
}

function quantityText(number: number): string {
  const quantity = number % 60;
  if (quantity > 50) return number % 2 === 0 ? '>50' : '50+';
  return String(quantity);
}

interface Part {
  number: number;
  article: string;
  brand: string;
}

/** The article and brand of the `index`-th row of a price list, as the file writes them. */
export function priceListKey(index: number): { article: string; brand: string } {
  const { article, brand } = partOf(index);
  return { article, brand };
}

/** The part of the `index`-th row: every tenth row repeats the previous row's article under another brand. */
function partOf(index: number): Part {
  const shared = index % 10 === 9;
  const number = ((shared ? index - 1 : index) * STEP) % PRIME;
  const brand = (brandIndexOf(number) + (shared ? 1 : 0)) % PRICE_LIST_BRANDS.length;
  const shape = ARTICLE_SHAPES[number % ARTICLE_SHAPES.length] as (digits: string) => string;
  return { number, article: shape(String(number).padStart(8, '0')), brand: PRICE_LIST_BRANDS[brand] as string };
}

/**
 * One data row (no line feed) of the `index`-th row: article;brand;description;price;quantity;delivery;weight.
 * A `priceShift` other than 0 changes the price of every row and nothing else (the same list a day later).
 */
export function priceListRow(index: number, priceShift = 0): string {
  const { number, article, brand } = partOf(index);
  const description =
    `${PARTS[number % PARTS.length]} ${brand} для ${CARS[(number >> 3) % CARS.length]}` +
    `${NOTES[(number >> 5) % NOTES.length]}, арт. ${article}`;
  // Quoted when it holds the delimiter, as spreadsheets export it.
  const descriptionCell = description.includes(';') ? `"${description}"` : description;
  const delivery = index % 7 === 0 ? '' : String(number % 21);
  const weight =
    index % 4 === 0 ? '' : `${Math.floor((number % 25_000) / 1000)},${String(number % 1000).padStart(3, '0')}`;
  return `${article};${brand};${descriptionCell};${priceText(number, priceShift)};${quantityText(number)};${delivery};${weight}`;
}

/**
 * One cross-reference row (brand1;article1;brand2;article2;type) between two parts of a price list of
 * `priceRows` rows, so that searches find analogs that have offers.
 */
export function crossReferenceRow(index: number, priceRows: number): string {
  const a = partOf((index * 4) % priceRows);
  const b = partOf((index * 4 + 2 + (index % 5) * 1000) % priceRows);
  return `${a.brand};${a.article};${b.brand};${b.article};${index % 3 === 0 ? 'oem' : 'analog'}`;
}

export const PRICE_LIST_HEADER = 'Артикул;Производитель;Наименование;Цена, руб.;Наличие;Срок, дн.;Вес, кг';

/** Writes `header` and `rows` rows made by `row` to `file`, streaming: memory stays flat. */
async function writeRows(file: string, header: string, rows: number, row: (index: number) => string): Promise<void> {
  const out = createWriteStream(file);
  let chunk = `${header}\n`;
  for (let index = 0; index < rows; index += 1) {
    chunk += `${row(index)}\n`;
    if (chunk.length >= 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

/** The most rows a generated price list can have (article numbers stay unique below it). */
export const PRICE_LIST_MAX_ROWS = PRIME - 1;

/**
 * Writes a price list of `rows` rows (UTF-8, ';', header) to `file`; `priceShift` other than 0 writes the same
 * list with every price changed.
 */
export async function writePriceListFile(file: string, rows: number, priceShift = 0): Promise<void> {
  if (rows > PRICE_LIST_MAX_ROWS) throw new Error(`At most ${PRICE_LIST_MAX_ROWS} rows`);
  await writeRows(file, PRICE_LIST_HEADER, rows, (index) => priceListRow(index, priceShift));
}

/** Writes `rows` cross-references between parts of a price list of `priceRows` rows to `file`. */
export async function writeCrossReferenceFile(file: string, rows: number, priceRows: number): Promise<void> {
  await writeRows(file, 'brand1;article1;brand2;article2;type', rows, (index) => crossReferenceRow(index, priceRows));
}
