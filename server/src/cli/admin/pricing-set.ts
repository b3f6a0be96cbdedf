import { readFile } from 'node:fs/promises';
import { profileFromFile } from '../../modules/pricing/profile-file.ts';
import { loadNameDirectory, setGroupProfile } from '../../modules/pricing/groups.ts';
import { AdminCommandError, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'задаёт профиль цен группы клиентов из JSON-файла (создаёт группу, если её нет)',
  usage: `Задаёт профиль цен одной группы клиентов из JSON-файла (формат: README, «Selling prices»; pricing-show
печатает его). Группа, которой ещё нет, создаётся. Следующий поиск уже считает новые цены; предложения не
переписываются. Файл с любой ошибкой ничего не меняет: каждая ошибка названа вместе с полем.

Запуск: npm run admin -- pricing-set --file profile.json

Пример файла:
  { "group": "Опт", "base_markup": 20,
    "bands": [ { "from": 0, "to": 1000, "markup": 30 }, { "from": 1000, "to": null, "markup": 15 } ],
    "brands": { "MANN-FILTER": 12 }, "suppliers": { "АвтоРесурс": 18 },
    "supplier_brands": [ { "supplier": "АвтоРесурс", "brand": "BOSCH", "markup": 10 } ],
    "rounding": "rouble", "min_margin": 30 }`,
  options: { file: { type: 'string' } },
  async run(values, { database, print }) {
    const file = requiredText(values, 'file');
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new AdminCommandError(`Не удалось прочитать ${file}: ${(error as Error).message}`);
    }
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (error) {
      throw new AdminCommandError(`${file} — не JSON: ${(error as Error).message}. Ничего не изменено.`);
    }
    const result = profileFromFile(input, await loadNameDirectory(database.db));
    if ('problems' in result) {
      const lines = Object.entries(result.problems).map(([path, message]) => `  ${path}: ${message}`);
      throw new AdminCommandError(`В профиле ${file} есть ошибки, ничего не изменено:\n${lines.join('\n')}`);
    }
    const set = await setGroupProfile(database.db, result.group, result.profile);
    print(
      `${set.created ? 'Создана группа' : 'Группа'} «${result.group}»: профиль № ${set.profileId} действует со следующего запроса`,
    );
  },
};
