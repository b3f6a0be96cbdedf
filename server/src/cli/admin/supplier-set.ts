import { setSupplierShown, type SupplierShown } from '../../modules/pricing/groups.ts';
import { AdminCommandError, AdminUsageError, optionalText, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'задаёт имя поставщика, которое видят клиенты, и вероятность поставки',
  usage: `Задаёт, что клиенты видят о поставщике, найденном по настоящему имени (тому, под которым загружаются прайсы):
показываемое имя (настоящее клиенты не видят никогда; без него они видят «Склад N») и вероятность в процентах,
что детали придут в срок. "none" сбрасывает любое из них.

Запуск: npm run admin -- supplier-set --supplier ИМЯ [--display-name ТЕКСТ|none] [--probability 0..100|none]

Пример: npm run admin -- supplier-set --supplier "АвтоРесурс" --display-name "Склад 2" --probability 90`,
  options: {
    supplier: { type: 'string' },
    'display-name': { type: 'string' },
    probability: { type: 'string' },
  },
  async run(values, { database, print }) {
    const supplier = requiredText(values, 'supplier');
    const shown: SupplierShown = {};
    const displayName = optionalText(values, 'display-name')?.trim();
    if (displayName !== undefined) {
      if (displayName === '') throw new AdminUsageError('--display-name: пустое имя; "none" — нейтральное «Склад N»');
      shown.displayName = displayName === 'none' ? null : displayName;
    }
    const probability = optionalText(values, 'probability')?.trim();
    if (probability !== undefined) {
      if (probability === 'none') shown.deliveryProbability = null;
      else if (/^\d{1,3}$/.test(probability) && Number(probability) <= 100) {
        shown.deliveryProbability = Number(probability);
      } else throw new AdminUsageError(`--probability: целое число от 0 до 100 или none, а не "${probability}"`);
    }
    if (Object.keys(shown).length === 0) throw new AdminUsageError('Укажите --display-name или --probability');
    const updated = await setSupplierShown(database.db, supplier, shown);
    if (!updated) throw new AdminCommandError(`Поставщика «${supplier}» нет. Ничего не изменено.`);
    const name = updated.displayName ?? `Склад ${updated.id}`;
    const chance = updated.deliveryProbability === null ? 'не указана' : `${updated.deliveryProbability} %`;
    print(`Поставщик «${supplier}»: клиенты видят «${name}», вероятность поставки ${chance}`);
  },
};
