import { ABANDONED_BASKET_DAYS, removeAbandonedBaskets } from '../../modules/basket/abandoned.ts';
import { AdminUsageError, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: `removes anonymous baskets untouched for ${ABANDONED_BASKET_DAYS} days (or --days N)`,
  usage: `Removes anonymous baskets (of visitors who never signed in) that nobody has touched for N days, with
their lines. Clients' baskets are never removed. The shop does this every night on its own; this command runs it
now, or with another age.

Usage: npm run admin -- baskets-clean [--days ${ABANDONED_BASKET_DAYS}]

Example: npm run admin -- baskets-clean --days 30`,
  options: {
    days: { type: 'string', default: String(ABANDONED_BASKET_DAYS) },
  },
  async run(values, { database, print }) {
    const days = Number(values.days);
    if (!Number.isInteger(days) || days < 1)
      throw new AdminUsageError('--days must be a whole number of days, 1 or more');
    const removed = await removeAbandonedBaskets(database.db, { days, now: new Date() });
    print(`Removed ${removed} anonymous basket(s) untouched for ${days} day(s)`);
  },
};
