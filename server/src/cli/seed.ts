import { parseCommandArgs } from './command-args.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { defaultSeed, seedDemoData, wipeDemoData } from '../seed/index.ts';
import { subscribeModuleEffects } from '../modules/subscribers.ts';

const usage = `Заполняет базу магазина (DATABASE_URL, без неё встроенная в папке DATA_DIR) демонстрационными данными.

Запуск: npm run seed -- [--offers N] [--seed S] [--reset]

  --offers N   сколько предложений создать (по умолчанию SEED_OFFERS, 50000)
  --seed S     зерно генератора: одно зерно даёт один и тот же каталог (по умолчанию ${defaultSeed})
  --reset      сначала очистить каталог, содержимое и настройки и всё, что на них ссылается (корзины,
               заказы): только для баз разработки
  --help       эта справка

На встроенной базе команда не запустится, пока работает магазин.`;

function parseCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new Error(`--${name}: нужно целое неотрицательное число, а не «${value}»`);
  return Number(value);
}

async function main(): Promise<void> {
  const { values } = parseCommandArgs({
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

  subscribeModuleEffects();
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
