import { SUPPLIER_ORDER_NOT_FOUND_MESSAGE } from '@detal/contract';
import type { Database } from '../../../db/index.ts';
import { supplierOrders } from '../../../db/schema/index.ts';
import { emit } from '../../../events/bus.ts';
import { conflict, notFound, validationFailed } from '../../../http/errors.ts';
import { eq } from 'drizzle-orm';
import { applySupplierAnswer } from '../answers.ts';
import { confirmationTemplateOf, findSettings } from './channel-settings.ts';
import { supplierOrderLinesOf } from './order-export.ts';
import { ConfirmationFileProblem, matchConfirmation, readConfirmationFile } from './order-file.ts';

/**
 * The supplier's confirmation file (issue 29 point 3; decision 0050): read with the supplier's confirmation
 * template, matched to the order's lines by brand and article, applied through the answers service in one
 * transaction under the order's lock. The file states each part's confirmed quantity as a whole (importing it
 * twice changes nothing the second time); what it does not confirm of a part it names is refused, with its
 * reason. Unknown articles, fractional counts, more confirmed than ordered: refused in Russian, nothing written.
 */

const ANSWERABLE_STATES = ['sent', 'confirmed', 'partly_confirmed'];

export async function importConfirmationFile(
  database: Database,
  supplierOrderId: number,
  file: { name: string; bytes: Buffer },
  actor: { staffId: number; at: Date; timeZone: string },
): Promise<{ lines: number; confirmed: number; refused: number }> {
  const [order] = await database.db
    .select({ supplierId: supplierOrders.supplierId })
    .from(supplierOrders)
    .where(eq(supplierOrders.id, supplierOrderId));
  if (!order) throw notFound(SUPPLIER_ORDER_NOT_FOUND_MESSAGE);
  const template = confirmationTemplateOf(await findSettings(database.db, order.supplierId));
  let rows;
  try {
    rows = await readConfirmationFile(template, file.bytes);
  } catch (error) {
    if (error instanceof ConfirmationFileProblem) throw validationFailed({ file: [error.message] }, error.message);
    throw error;
  }
  return database.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ state: supplierOrders.state })
      .from(supplierOrders)
      .where(eq(supplierOrders.id, supplierOrderId))
      .for('update');
    if (!locked || !ANSWERABLE_STATES.includes(locked.state)) {
      throw conflict('Подтверждение принимается по отправленному заказу, ещё не полученному и не закрытому');
    }
    const lines = await supplierOrderLinesOf(tx, supplierOrderId);
    let answers;
    try {
      answers = matchConfirmation(
        rows,
        lines.map((line) => ({
          lineId: line.id,
          article: line.article,
          brand: line.brand,
          open: line.quantity - line.received,
        })),
      );
    } catch (error) {
      if (error instanceof ConfirmationFileProblem) throw validationFailed({ file: [error.message] }, error.message);
      throw error;
    }
    const byId = new Map(lines.map((line) => [line.id, line]));
    await applySupplierAnswer(
      tx,
      supplierOrderId,
      {
        lines: answers.map((answer) => {
          const line = byId.get(answer.lineId)!;
          return {
            lineId: answer.lineId,
            confirmed: answer.confirmed + line.received,
            refused: answer.refused,
            reason: answer.reason,
            confirmedPriceKopecks: answer.priceKopecks,
          };
        }),
      },
      { ...actor, note: `Файл подтверждения «${file.name}»` },
    );
    await emit(tx, 'StaffWrite', {
      staffId: actor.staffId,
      action: 'supplier_order.confirmation_file',
      entity: 'supplier_order',
      entityId: supplierOrderId,
      after: { file: file.name, lines: answers.length },
      at: actor.at,
    });
    return {
      lines: answers.length,
      confirmed: answers.reduce((sum, answer) => sum + answer.confirmed, 0),
      refused: answers.reduce((sum, answer) => sum + answer.refused, 0),
    };
  });
}
