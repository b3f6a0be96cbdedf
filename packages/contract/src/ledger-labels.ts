/**
 * The ledger's words and lists without zod (issue 31), so the back office's pages may import them at run time
 * (browser.ts); ledger.ts builds its schemas on them and re-exports them.
 */

export const LEDGER_ENTRY_KINDS = ['shipment', 'payment', 'refund', 'return', 'adjustment', 'reversal'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_KIND_LABELS: Record<LedgerEntryKind, string> = {
  shipment: 'Отгрузка',
  payment: 'Оплата',
  refund: 'Возврат денег',
  return: 'Возврат товара / корректировка',
  adjustment: 'Корректировка',
  reversal: 'Сторно',
};
export const LEDGER_SIDES = ['debit', 'credit'] as const;
export type LedgerSideName = (typeof LEDGER_SIDES)[number];

export const LEDGER_AMOUNT_MESSAGE = 'Введите сумму в рублях, например 1234.50';
export const LEDGER_AMOUNT_DECIMALS_MESSAGE = 'Сумма должна содержать не более двух знаков после запятой';
export const LEDGER_AMOUNT_NEGATIVE_MESSAGE = 'Сумма не может быть отрицательной';
export const LEDGER_AMOUNT_POSITIVE_MESSAGE = 'Сумма должна быть больше нуля';
export const LEDGER_LIMIT_NEGATIVE_MESSAGE = 'Кредитный лимит не может быть меньше нуля';
export const LEDGER_REASON_MESSAGE = 'Укажите причину';
export const LEDGER_ACCOUNT_NOT_FOUND_MESSAGE = 'Лицевой счёт не найден';
export const LEDGER_ENTRY_NOT_FOUND_MESSAGE = 'Запись не найдена';
export const LEDGER_ALREADY_REVERSED_MESSAGE = 'Эта запись уже сторнирована';
export const LEDGER_REVERSAL_OF_REVERSAL_MESSAGE = 'Сторно нельзя сторнировать: сделайте новую запись';
export const LEDGER_UNKNOWN_INN_MESSAGE = 'Плательщик с таким ИНН не найден: строка оставлена для сопоставления';
export const LEDGER_AMBIGUOUS_INN_MESSAGE = 'Этот ИНН есть у нескольких клиентов: выберите плательщика';
export const LEDGER_PAYER_OR_INN_MESSAGE = 'Выберите плательщика или укажите ИНН';
export const LEDGER_TERMS_OWNER_MESSAGE = 'Укажите клиента или группу клиентов';
export const LEDGER_DEFERRAL_MESSAGE = 'Отсрочка — целое число дней от 0 до 365';
export const LEDGER_NOT_STOPPED_MESSAGE = 'Клиент не в стоп-листе';
export const LEDGER_LINE_ALREADY_MATCHED_MESSAGE = 'Строка выписки уже сопоставлена';
export const LEDGER_LINE_NOT_FOUND_MESSAGE = 'Строка выписки не найдена';
/** What the client reads at checkout before placing an order that will be held. */
export const CREDIT_HOLD_PREPAY_MESSAGE = 'Заказ будет передан в работу после оплаты счёта';
/** On the stop-list the order waits for the debt, not for its own bill (decision 0062). */
export const CREDIT_HOLD_STOP_MESSAGE = 'Заказ будет передан в работу после оплаты долга';
export const CREDIT_HOLD_LIMIT_MESSAGE = 'Превышен кредитный лимит';

export const LEDGER_DEBTOR_SORTS = ['overdue', 'days_overdue', 'limit_used', 'debt'] as const;
