import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { defaultSeed, seedDemoData, wipeDemoData } from '../seed/index.ts';

const usage = `Fills the shop's database (DATABASE_URL, or PGlite in DATA_DIR) with demo data.

Usage: npm run seed -- [--offers N] [--seed S] [--reset]

  --offers N   number of offers to create (default: SEED_OFFERS, 50000)
  --seed S     PRNG seed; the same seed gives the same catalogue (default ${defaultSeed})
  --reset      empty the catalogue, content and settings first, and everything that references them
               (baskets, orders): for development databases only
  --help       show this text`;

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name} takes a non-negative whole number, got "${value}"`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      offers: { type: 'string' },
      seed: { type: 'string' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const config = loadConfig();
  const offers = parseCount('offers', values.offers, config.seedOffers);
  const seed = parseCount('seed', values.seed, defaultSeed);

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const target = database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
    if (values.reset) {
      await wipeDemoData(database);
      console.log(`Emptied the demo tables of ${target}.`);
    }
    console.log(`Seeding ${offers} offers into ${target} (seed ${seed})...`);
    const summary = await seedDemoData(database, { offers, seed });
    console.log(
      [
        `Done in ${(summary.durationMs / 1000).toFixed(1)} s:`,
        `${summary.offers} offers, ${summary.brands} brands (${summary.brandAliases} aliases), ${summary.suppliers} suppliers,`,
        `${summary.crossReferences} cross-references, ${summary.catalogGroups} catalogue groups (${summary.catalogGroupArticles} parts linked),`,
        `${summary.recommendations} recommendations, ${summary.pages} pages, ${summary.news} news, ${summary.settings} settings.`,
        'Try a search for "OC 90", "oc-90", "W 712/75", "BKR6E" or "06A 115 561 B".',
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
