// Writes docs/decisions/README.md, the index of decision records, from the records' own first lines (title, date,
// status), so the index cannot drift from them. `--check` (run by `npm run lint`) fails when the file on disk is not
// what this script would write; `node scripts/decisions-index.mjs` rewrites it.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'decisions');
const indexPath = join(folder, 'README.md');

function describe(file) {
  const text = readFileSync(join(folder, file), 'utf8');
  const title = /^# (\d{4})\. (.+)$/m.exec(text);
  if (!title) throw new Error(`${file}: the first heading must read "# NNNN. Title"`);
  if (!file.startsWith(`${title[1]}-`)) throw new Error(`${file}: the heading's number is ${title[1]}`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})/m.exec(text);
  if (!date) throw new Error(`${file}: a "Date: YYYY-MM-DD" line is missing`);
  const status = /Status: (.+)$/m.exec(text);
  if (!status) throw new Error(`${file}: a "Status: ..." line is missing`);
  return { file, number: title[1], title: title[2], date: date[1], status: status[1].trim() };
}

export function decisionsIndex() {
  const records = readdirSync(folder)
    .filter((name) => /^\d{4}-.+\.md$/.test(name))
    .sort()
    .map(describe);
  const rows = records.map(
    (r) =>
      `| [${r.number}](${r.file}) | ${r.title.replaceAll('|', '\\|')} | ${r.date} | ${r.status.replaceAll('|', '\\|')} |`,
  );
  return [
    '# Decision records',
    '',
    'Each record says what was decided, why, and what it gave up; a later record that changes one says so in both.',
    'This index is generated from the records (`node scripts/decisions-index.mjs`); `npm run lint` checks it.',
    '',
    '| No. | Decision | Date | Status |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

const expected = decisionsIndex();
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(indexPath, 'utf8');
  } catch {
    // A missing index is reported below like a stale one.
  }
  if (current !== expected) {
    console.error('docs/decisions/README.md is out of date: run `node scripts/decisions-index.mjs`.');
    process.exit(1);
  }
} else {
  writeFileSync(indexPath, expected);
  console.log(`docs/decisions/README.md: ${expected.split('\n').length - 8} records`);
}
