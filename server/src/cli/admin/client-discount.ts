import { isExactMoney } from '@detal/contract';
import { percentToBasisPoints } from '../../modules/pricing/profile-file.ts';
import { setClientDiscount } from '../../modules/pricing/groups.ts';
import { AdminCommandError, AdminUsageError, requiredId, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: "sets a client's personal discount in percent (never below the minimum margin)",
  usage: `Sets a client's personal discount: taken off their group's price, after the markup, but never below the
purchase price plus the profile's minimum margin. 0 removes it.

Usage: npm run admin -- client-discount --client ID --percent P

Example: npm run admin -- client-discount --client 17 --percent 5`,
  options: { client: { type: 'string' }, percent: { type: 'string' } },
  async run(values, { database, print }) {
    const clientId = requiredId(values, 'client');
    const text = requiredText(values, 'percent').replace(',', '.');
    const percent = Number(text);
    if (!/^\d+(\.\d{1,2})?$/.test(text) || !isExactMoney(text) || percent > 100) {
      throw new AdminUsageError(`--percent: скидка от 0 до 100 %, не более двух знаков после запятой, а не "${text}"`);
    }
    if (!(await setClientDiscount(database.db, clientId, percentToBasisPoints(percent)))) {
      throw new AdminCommandError(`Клиента № ${clientId} нет. Ничего не изменено.`);
    }
    print(`Клиент № ${clientId}: личная скидка ${text} %`);
  },
};
