import { fileFromProfile } from '../../modules/pricing/profile-file.ts';
import { listGroups, loadNameDirectory } from '../../modules/pricing/groups.ts';
import type { AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'печатает все группы клиентов с их профилями цен (в формате файла pricing-set)',
  usage: `Печатает все группы клиентов: название, сколько в ней клиентов и профиль цен в виде JSON, который принимает
pricing-set (сохраните, исправьте, задайте снова). Группа по умолчанию (Розница) считает цены и посетителям без
входа.

Запуск: npm run admin -- pricing-show`,
  options: {},
  async run(_values, { database, print }) {
    const [groups, names] = await Promise.all([listGroups(database.db), loadNameDirectory(database.db)]);
    for (const group of groups) {
      const role = group.isDefault ? ', по умолчанию (и для посетителей без входа)' : '';
      print(`# Группа «${group.name}»: клиентов ${group.clients}${role}; профиль № ${group.profileId}`);
      print(JSON.stringify(fileFromProfile(group.name, group.profile, names), null, 2));
    }
  },
};
