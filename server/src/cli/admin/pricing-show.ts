import { fileFromProfile } from '../../modules/pricing/profile-file.ts';
import { listGroups, loadNameDirectory } from '../../modules/pricing/groups.ts';
import type { AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: "prints every client group with its pricing profile (pricing-set's file format)",
  usage: `Prints every client group: its name, how many clients it has, and its pricing profile as the JSON that
pricing-set takes (save one, edit it, set it again). The default group (Розница) prices anonymous visitors too.

Usage: npm run admin -- pricing-show`,
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
