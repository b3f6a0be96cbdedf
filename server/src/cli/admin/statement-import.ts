import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { STATEMENT_UNMATCHED_REASON_LABELS, formatRoubles } from '@detal/contract';
import { HttpError } from '../../http/errors.ts';
import { importStatement } from '../../modules/payments/statement-import.ts';
import { AdminCommandError, requiredText, type AdminCommand } from '../admin.ts';

export const command: AdminCommand = {
  summary: 'загружает выписку банка (формат 1С): платежи, сопоставленные со счетами, записываются один раз',
  usage: `Читает выписку банка в формате обмена с 1С (1CClientBankExchange, Windows-1251, как её пишет «выгрузка в 1С»
банка). Входящие платежи, в назначении которых назван счёт («Оплата по счету № 123 от 20.11.2026») и сумма
которых равна остатку по нему, записываются как оплаты; покрытый счёт оплачен. Остальные перечисляются, чтобы
сопоставить их вручную в панели управления (/admin/payments). Повторная загрузка той же выписки ничего не
записывает дважды. Файл с ошибками ничего не меняет.

Запуск: npm run admin -- statement-import ФАЙЛ
        npm run admin -- statement-import --file ФАЙЛ

Пример: npm run admin -- statement-import kl_to_1c.txt`,
  options: { file: { type: 'string' } },
  positional: 'file',
  async run(values, { config, database, print }) {
    const file = requiredText(values, 'file');
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      throw new AdminCommandError(
        `Не удалось прочитать ${file}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let result;
    try {
      result = await importStatement(
        database.db,
        { file_name: path.basename(file), content_base64: bytes.toString('base64') },
        { staffId: null, now: new Date(), timeZone: config.shopTimeZone },
      );
    } catch (error) {
      if (error instanceof HttpError) throw new AdminCommandError(`${error.message}. Ничего не записано.`);
      throw error;
    }
    print(
      `Документов: ${result.documents}; записано: ${result.recorded.length}; уже были записаны: ` +
        `${result.already_recorded.length}; не сопоставлено: ${result.unmatched.length}; ` +
        `исходящих (пропущено): ${result.ignored_outgoing}`,
    );
    for (const { line, payment } of result.recorded) {
      print(`  записан: п/п № ${line.number}, ${formatRoubles(line.amount)} -> счёт № ${payment.bill_id}`);
    }
    for (const { line, reason, bill_id } of result.unmatched) {
      print(
        `  не сопоставлен: п/п № ${line.number} от ${line.date}, ${formatRoubles(line.amount)}, ${line.payer}: ` +
          `${STATEMENT_UNMATCHED_REASON_LABELS[reason]}${bill_id ? ` (счёт № ${bill_id})` : ''}`,
      );
    }
  },
};
