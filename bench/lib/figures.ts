import { cpus, totalmem } from 'node:os';

/** Small helpers for printing benchmark figures. */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The value below which `share` (0..1) of the sorted samples fall (nearest rank). */
export function percentile(sorted: readonly number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[rank] as number;
}

export const thousands = (value: number) => Math.round(value).toLocaleString('en-US');
export const fixed = (value: number, digits = 2) => value.toFixed(digits);

/** One line about the machine: CPU model and count, memory, Node, load. */
export function machineLine(): string {
  const cores = cpus();
  const memoryGb = (totalmem() / 2 ** 30).toFixed(0);
  return `${cores[0]?.model ?? 'unknown CPU'} × ${cores.length}, ${memoryGb} GB RAM, Node ${process.version}`;
}

/** Prints rows as an aligned text table. */
export function printTable(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** Samples the process's resident memory every few milliseconds; peak() is the highest seen since start. */
export function sampleRss(intervalMs = 50): { peak(): number; stop(): void } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, intervalMs);
  timer.unref();
  return {
    peak: () => Math.max(peak, process.memoryUsage.rss()),
    stop: () => clearInterval(timer),
  };
}
