import { groupNames, setClientGroup } from '../../modules/pricing/groups.ts';
import { AdminCommandError, requiredId, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'moves a client into a client group (their prices change at once; basket lines show the change)',
  usage: `Moves a client into a client group, by the group's name (pricing-show lists them; pricing-set creates one).
The client's next page shows the group's prices; lines already in the basket are marked as changed.

Usage: npm run admin -- client-group --client ID --group NAME

Example: npm run admin -- client-group --client 17 --group Опт`,
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
