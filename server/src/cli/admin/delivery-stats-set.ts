import { readShopSetting, writeShopSetting } from '../../db/shop-settings.ts';
import {
  DELIVERY_STATS_DEFAULT_MIN_LINES,
  DELIVERY_STATS_DEFAULT_WINDOW_DAYS,
  readDeliveryStatsSettings,
  refreshDeliveryStats,
} from '../../modules/delivery-learning/refresh.ts';
import { AdminUsageError, optionalText, type AdminCommand, type AdminValues } from '../admin.ts';

/** A whole number within [min, max], or a usage error naming the option. */
function wholeNumber(values: AdminValues, name: string, min: number, max: number): number | undefined {
  const text = optionalText(values, name)?.trim();
  if (text === undefined) return undefined;
  if (!/^\d{1,5}$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new AdminUsageError(`--${name}: целое число от ${min} до ${max}, а не "${text}"`);
  }
  return Number(text);
}

export const command: AdminCommand = {
  summary: 'окно и минимум строк для сроков поставщиков по истории заказов; пересчитывает их сразу',
  usage: `Сроки поставщиков по истории заказов (решение 0068): за сколько последних дней считать заказанные у
поставщиков позиции (по умолчанию ${DELIVERY_STATS_DEFAULT_WINDOW_DAYS}) и сколько полученных или опоздавших позиций
нужно поставщику (или поставщику и бренду), чтобы клиенты увидели «обычно N дн., вовремя M %»
(по умолчанию ${DELIVERY_STATS_DEFAULT_MIN_LINES}). Без параметров печатает текущие значения и пересчитывает.

Запуск: npm run admin -- delivery-stats-set [--window-days 7..730] [--min-lines 1..10000]

Пример: npm run admin -- delivery-stats-set --window-days 120 --min-lines 30`,
  options: {
    'window-days': { type: 'string' },
    'min-lines': { type: 'string' },
  },
  async run(values, { database, config, print }) {
    const windowDays = wholeNumber(values, 'window-days', 7, 730);
    const minLines = wholeNumber(values, 'min-lines', 1, 10_000);
    if (windowDays !== undefined || minLines !== undefined) {
      const stored = (await readShopSetting(database.db, 'delivery_stats')) ?? {};
      await writeShopSetting(database.db, 'delivery_stats', {
        ...stored,
        ...(windowDays !== undefined ? { window_days: windowDays } : {}),
        ...(minLines !== undefined ? { min_lines: minLines } : {}),
      });
    }
    const settings = await readDeliveryStatsSettings(database.db);
    const report = await refreshDeliveryStats(database.db, {
      now: new Date(),
      timeZone: config.shopTimeZone,
      settings,
    });
    print(
      `Окно ${settings.windowDays} дн., минимум ${settings.minLines} позиций; пересчитано: поставщиков ${report.suppliers}, ` +
        `пар поставщик–бренд ${report.brandRows}`,
    );
  },
};
