import { isExactMoney } from '@detal/contract';
import { percentToBasisPoints } from '../../modules/pricing/profile-file.ts';
import { setClientDiscount } from '../../modules/pricing/groups.ts';
import { AdminCommandError, AdminUsageError, requiredId, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'задаёт личную скидку клиента в процентах (не ниже минимальной наценки)',
  usage: `Задаёт личную скидку клиента: она вычитается из цены его группы после наценки, но цена не опускается ниже
закупочной плюс минимальная наценка профиля. 0 убирает скидку.

Запуск: npm run admin -- client-discount --client НОМЕР --percent P

Пример: npm run admin -- client-discount --client 17 --percent 5`,
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
