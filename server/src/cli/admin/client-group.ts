import { groupNames, setClientGroup } from '../../modules/pricing/groups.ts';
import { AdminCommandError, requiredId, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'переводит клиента в группу клиентов (цены меняются сразу; строки корзины показывают изменение)',
  usage: `Переводит клиента в группу клиентов по её названию (pricing-show перечисляет группы, pricing-set создаёт).
Следующая страница клиента показывает цены группы; строки, уже лежащие в корзине, отмечаются как изменившиеся.

Запуск: npm run admin -- client-group --client НОМЕР --group НАЗВАНИЕ

Пример: npm run admin -- client-group --client 17 --group Опт`,
  options: { client: { type: 'string' }, group: { type: 'string' } },
  async run(values, { database, print }) {
    const clientId = requiredId(values, 'client');
    const group = requiredText(values, 'group');
    const outcome = await setClientGroup(database.db, clientId, group);
    if (outcome === 'no-group') {
      const known = (await groupNames(database.db)).map((name) => `«${name}»`).join(', ');
      throw new AdminCommandError(`Группы «${group}» нет. Есть: ${known}. Ничего не изменено.`);
    }
    if (outcome === 'no-client') throw new AdminCommandError(`Клиента № ${clientId} нет. Ничего не изменено.`);
    print(`Клиент № ${clientId} теперь в группе «${group}»`);
  },
};
