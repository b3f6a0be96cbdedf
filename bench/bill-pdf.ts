/**
 * How long one bill takes to become a PDF: `npm run bench:bill-pdf [-- --runs 300]`.
 *
 * On an in-memory PGlite database it stores an order with 10 lines and one with 60, then produces each bill the
 * way the download endpoint does (read the bill, its order and lines and the shop settings, compose, render with
 * the embedded font and the QR code), `runs` times after a warm-up, and prints the median and p99 per bill;
 * rendering alone (the same bill already read) is printed beside it, and the median CPU time per bill, which a busy
 * machine inflates far less than wall time. Target: median under 50 ms for 10 lines.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/src/db/index.ts';
import { composeBill } from '../server/src/modules/bills/bill-document.ts';
import { renderBillPdf } from '../server/src/modules/bills/bill-pdf.ts';
import { findBillForPrint } from '../server/src/modules/bills/queries.ts';
import { readBillSettings } from '../server/src/modules/bills/revisions.ts';
import { billPdf } from '../server/src/modules/bills/service.ts';
import { insertClient, insertOrderWithBill, testLines, writeBillSettings } from '../server/test/fixtures/bills.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '300' }, warmup: { type: 'string', default: '30' } },
});
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const TIME_ZONE = 'Europe/Moscow';

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;

interface Figures {
  median: number;
  p99: number;
  /** Median CPU time (user + system) of one run. */
  cpuMedian: number;
}

async function measure(task: () => Promise<unknown>): Promise<Figures> {
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

const database = await openDatabase({});
try {
  const { db } = database;
  await writeBillSettings(db, 20);
  const client = await insertClient(db, { companyName: 'ООО «Автосервис»' });
  console.log(`bill PDF, ${runs} runs after ${warmup} warm-up, Node ${process.version}, PGlite in memory`);
  console.log('lines  pages  bytes   median ms  p99 ms  cpu median ms   render-only median  p99  cpu median');
  for (const lineCount of [10, 60]) {
    const { billId } = await insertOrderWithBill(db, {
      clientId: client.id,
      lines: testLines(lineCount),
      deliveryPrice: '350.00',
    });
    const sample = (await billPdf(db, TIME_ZONE, billId, null))!.pdf;
    const pages = (sample.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    const full = await measure(() => billPdf(db, TIME_ZONE, billId, null));
    const document = composeBill((await findBillForPrint(db, billId, null))!, await readBillSettings(db, TIME_ZONE));
    const render = await measure(() => renderBillPdf(document));
    console.log(
      [
        String(lineCount).padStart(5),
        String(pages).padStart(6),
        String(sample.length).padStart(6),
        full.median.toFixed(1).padStart(10),
        full.p99.toFixed(1).padStart(7),
        full.cpuMedian.toFixed(1).padStart(14),
        render.median.toFixed(1).padStart(20),
        render.p99.toFixed(1).padStart(5),
        render.cpuMedian.toFixed(1).padStart(11),
      ].join(' '),
    );
  }
} finally {
  await database.close();
}
