import { ABANDONED_BASKET_DAYS, removeAbandonedBaskets } from '../../modules/basket/abandoned.ts';
import { AdminUsageError, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: `удаляет анонимные корзины, не тронутые ${ABANDONED_BASKET_DAYS} дней (или --days N)`,
  usage: `Удаляет анонимные корзины (посетителей, которые так и не вошли), которых никто не трогал N дней, вместе с их
строками. Корзины клиентов не удаляются никогда. Магазин делает это сам каждую ночь; команда делает это сейчас
или с другим сроком.

Запуск: npm run admin -- baskets-clean [--days ${ABANDONED_BASKET_DAYS}]

Пример: npm run admin -- baskets-clean --days 30`,
  options: {
    days: { type: 'string', default: String(ABANDONED_BASKET_DAYS) },
  },
  async run(values, { database, print }) {
    const days = Number(values.days);
    if (!Number.isInteger(days) || days < 1) throw new AdminUsageError('--days: нужно целое число дней, не меньше 1');
    const removed = await removeAbandonedBaskets(database.db, { days, now: new Date() });
    print(`Удалено анонимных корзин, не тронутых ${days} дн.: ${removed}`);
  },
};
