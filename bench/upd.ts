/**
 * How long a shipment's УПД takes: `npm run bench:upd [-- --runs 200 --lines 100]`.
 *
 * Composes the document of a shipment of `lines` lines (half of them with a country of origin and a customs
 * declaration, VAT 20 %) as posting does, then renders it `runs` times after a warm-up the way the download
 * endpoints do: as PDF (pdfkit, DejaVu parsed per document, landscape A4 flowing onto further pages) and as the
 * XML of format 5.03 (windows-1251). Prints median, p99 and median CPU time of each. Targets (issue 30): a
 * 100-line PDF median ≤ 100 ms, its XML ≤ 20 ms.
 */
import { parseArgs } from 'node:util';
import { composeShipment } from '../server/src/modules/shipments/document.ts';
import { renderUpdPdf } from '../server/src/modules/shipments/upd-pdf.ts';
import { renderUpdXml } from '../server/src/modules/shipments/upd-xml.ts';
import { TEST_REQUISITES } from '../server/test/fixtures/bills.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    lines: { type: 'string', default: '100' },
  },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const lineCount = Number(values.lines);

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

async function measure(task: () => unknown): Promise<{ median: number; p99: number; cpuMedian: number }> {
  for (let run = 0; run < warmup; run += 1) await task();
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await task();
    times.push(performance.now() - start);
    const cpu = process.cpuUsage(cpuStart);
    cpuTimes.push((cpu.user + cpu.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), cpuMedian: percentile(cpuTimes, 0.5) };
}

const brands = ['KNECHT', 'BREMBO', 'NGK', 'GATES', 'MANN-FILTER', 'BOSCH'];
const parts = ['Фильтр масляный', 'Колодки тормозные передние', 'Свеча зажигания иридиевая', 'Ремень ГРМ'];
const document = composeShipment({
  id: 1234,
  postedAt: new Date('2026-11-27T09:30:00Z'),
  timeZone: 'Europe/Moscow',
  requisites: TEST_REQUISITES,
  vatRate: 20,
  buyer: {
    kind: 'company',
    name: 'Общество с ограниченной ответственностью «Автосервис на Вавилова»',
    inn: '7707083893',
    kpp: '773601001',
    ogrn: '1027700132195',
    address: '117312, г. Москва, ул. Вавилова, д. 19',
    phone: '+79991112233',
    bank: null,
    person: null,
  },
  lines: Array.from({ length: lineCount }, (_, index) => ({
    orderItemId: 10_000 + index,
    orderId: 500 + Math.floor(index / 10),
    article: `TST${String(index + 1).padStart(4, '0')}`,
    brand: brands[index % brands.length]!,
    description: parts[index % parts.length]!,
    quantity: (index % 3) + 1,
    priceKopecks: 10_000 + index * 1_237,
    country: index % 2 === 0 ? 'DE' : null,
    customsDeclaration: index % 2 === 0 ? `10702070/0${(index % 9) + 1}0424/30${String(index).padStart(5, '0')}` : null,
  })),
  orders: [{ id: 500, createdAt: new Date('2026-11-20T08:00:00Z') }],
  payments: [{ number: '314', paidOn: '2026-11-21', amountKopecks: 100_000 }],
  issuedBy: 'Кузнецова Мария Олеговна',
  guid: '8c703486-75df-46f8-8f0a-959b09f807a9',
});

const sample = await renderUpdPdf(document);
const pages = (sample.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
const xmlBytes = renderUpdXml(document).bytes.length;
console.log(`УПД of ${lineCount} lines, ${runs} runs after ${warmup} warm-up, Node ${process.version}`);
console.log('form  pages  bytes    median ms  p99 ms  cpu median ms');
const pdf = await measure(() => renderUpdPdf(document));
const xml = await measure(() => renderUpdXml(document));
for (const [name, figures, size, count] of [
  ['PDF', pdf, sample.length, pages],
  ['XML', xml, xmlBytes, 1],
] as const) {
  console.log(
    [
      name.padEnd(4),
      String(count).padStart(6),
      String(size).padStart(7),
      figures.median.toFixed(1).padStart(11),
      figures.p99.toFixed(1).padStart(7),
      figures.cpuMedian.toFixed(1).padStart(14),
    ].join(' '),
  );
}
