#!/usr/bin/env node
// `npm test`: typecheck, lint, unit and integration tests, then the e2e suite against the production build.
// Prints one closing line "tests: N passed, N failed" over every vitest project it ran.
//
//   npm test                      everything (server suite on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set)
//   npm test -- --scope=database  only the suites that touch the database (CI's second, PostgreSQL run)
//   npm test -- --scope=deploy    the multi-instance deployment (build, PostgreSQL, Redis, two instances, nginx)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findChromium } from './find-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { scope: { type: 'string', default: 'all' } } });
const scope = values.scope;
if (!['all', 'database', 'deploy'].includes(scope)) {
  console.error(`Unknown --scope=${scope}; use all, database or deploy`);
  process.exit(2);
}

const resultsDir = path.join(root, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
// Each failed test's file, name and first message line, repeated at the end: CI's log keeps only its tail.
const failedTests = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const ok = result.status === 0;
  console.log(`=== ${label}: ${ok ? 'ok' : `FAILED (exit ${result.status ?? result.signal})`} in ${seconds}s`);
  if (!ok) failures.push(label);
  return ok;
}

function failedTestsOf(label, report) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failedInFile = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedInFile) {
      const firstLine = String(test.failureMessages?.[0] ?? '')
        .split('\n')[0]
        .slice(0, 300);
      lines.push(`[${label}] ${where} > ${test.fullName ?? test.title}\n    ${firstLine}`);
    }
    // A file that failed outside any test (an import error, a hook) has a message and no failed test.
    if (file.status === 'failed' && failedInFile.length === 0) {
      lines.push(
        `[${label}] ${where}\n    ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
  return lines;
}

function vitest(label, projects, env = {}) {
  const outputFile = path.join(resultsDir, `${label}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((name) => ['--project', name])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`);
  const ok = run(label, 'npx', args, env);
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    failedTests.push(...failedTestsOf(label, report));
    // A suite that failed to load counts as a failure even when no test inside it ran.
    if (!ok && (report.numFailedTests ?? 0) === 0) failed += 1;
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite (in memory)';
console.log(`Detal test run: scope ${scope}, database ${database}`);

if (scope === 'all') {
  run('typecheck', 'npm', ['run', 'typecheck']);
  run('lint', 'npm', ['run', 'lint']);
  vitest('unit-and-integration', ['contract', 'server', 'web']);
  if (!run('build', 'npm', ['run', 'build'])) {
    failed += 1;
  } else if (!findChromium() && !process.env.CI) {
    console.log('\n' + '!'.repeat(78));
    console.log('!!! E2E SUITE NOT RUN: no Chromium found (apt-get install chromium, or set CHROMIUM_PATH).');
    console.log('!!! On CI (CI set) a missing Chromium fails the run instead.');
    console.log('!'.repeat(78));
  } else {
    vitest('e2e', ['e2e']);
  }
} else if (scope === 'database') {
  vitest('database', ['server']);
} else {
  // Not in `all`: it needs PostgreSQL, Redis and nginx, which the quick start's `npm test` does not.
  if (!run('build', 'npm', ['run', 'build'])) failed += 1;
  else vitest('deploy', ['deploy']);
}

console.log('');
if (failedTests.length > 0) console.log(`Failed tests:\n${failedTests.join('\n')}\n`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length > 0 || failed > 0 ? 1 : 0);
