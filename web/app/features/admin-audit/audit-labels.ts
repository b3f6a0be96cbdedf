import {
  BILL_STATE_LABELS,
  ORDER_STATUS_NAMES,
  PAYMENT_SOURCE_LABELS,
  STAFF_ROLE_LABELS,
  formatDateTime,
  formatRoubles,
} from '@detal/contract';
import type { AuditEntry } from '@detal/contract';
import { paths } from '../../paths.ts';

/**
 * The audit log's codes (`entity.verb` actions, entity kinds, the fields of «было»/«стало») in Russian for the
 * page; a code not named here (a later module's) is shown as it is, so nothing recorded is ever hidden.
 */

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'staff.create': 'Создан из командной строки',
  'staff.setup': 'Создан по ссылке первого запуска',
  'staff.invite': 'Приглашён',
  'staff.set_password': 'Задал пароль',
  'staff.change_password': 'Сменил пароль',
  'staff.sign_in': 'Вход',
  'staff.sign_out': 'Выход',
  'staff.block': 'Заблокирован',
  'staff.unblock': 'Разблокирован',
  'order_item.status': 'Статус позиции',
  'order.status': 'Статус заказа',
  'offer.stock_returned': 'Возврат на склад',
  'bill.total': 'Сумма счёта',
  'payment.record': 'Платёж записан',
  'payment.remove': 'Платёж удалён',
  'statement.import': 'Загружена выписка',
  'client.group': 'Группа клиента',
  'client.discount': 'Скидка клиента',
  'client.block': 'Клиент заблокирован',
  'client.unblock': 'Клиент разблокирован',
  'brand.alias_add': 'Добавлено написание бренда',
  'brand.alias_remove': 'Убрано написание бренда',
  'brand.merge': 'Бренды объединены',
  'cross_reference.save': 'Кросс-номер сохранён',
  'cross_reference.remove': 'Кросс-номер удалён',
};

export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  staff: 'Сотрудник',
  order: 'Заказ',
  order_item: 'Позиция',
  bill: 'Счёт',
  statement: 'Выписка',
  client: 'Клиент',
  offer: 'Предложение',
  brand: 'Бренд',
  cross_reference: 'Кросс-номер',
};

export const AUDIT_FIELD_LABELS: Record<string, string> = {
  email: 'e-mail',
  name: 'имя',
  role: 'роль',
  blocked: 'заблокирован',
  has_password: 'пароль задан',
  status: 'статус',
  order_id: 'заказ',
  note: 'примечание',
  quantity: 'остаток',
  price_sum: 'сумма счёта',
  removed_lines: 'снятые позиции',
  payment_id: 'платёж',
  payment_ids: 'платежи',
  amount: 'сумма',
  date: 'дата',
  reference: 'основание',
  source: 'источник',
  paid_sum: 'оплачено',
  state: 'оплата',
  documents: 'документов',
  recorded: 'записано',
  already_recorded: 'уже были записаны',
  unmatched: 'не сопоставлено',
  ignored_outgoing: 'исходящих пропущено',
  group: 'группа',
  personal_discount: 'скидка, %',
  alias: 'написание',
  merged: 'присоединён бренд',
  merged_id: 'его номер',
  offers_moved: 'предложений перенесено',
  type: 'тип',
};

/** Fields that hold roubles ('681' or 681.5 in the log), shown as money. */
const MONEY_FIELDS = new Set(['amount', 'paid_sum', 'price_sum']);

const labelIn = (labels: Readonly<Record<string, string>>, value: unknown): string | null =>
  typeof value === 'string' && Object.hasOwn(labels, value) ? labels[value]! : null;

/** A value of «было»/«стало» as the page shows it: statuses, roles and states in Russian, numbers as «№ 12». */
export function auditValueText(field: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  const named =
    (field === 'role' && labelIn(STAFF_ROLE_LABELS, value)) ||
    (field === 'status' && labelIn(ORDER_STATUS_NAMES, value)) ||
    (field === 'state' && labelIn(BILL_STATE_LABELS, value)) ||
    (field === 'source' && labelIn(PAYMENT_SOURCE_LABELS, value));
  if (named) return named;
  if (['order_id', 'payment_id'].includes(field) && typeof value === 'number') return `№ ${value}`;
  if (MONEY_FIELDS.has(field) && (typeof value === 'number' || typeof value === 'string')) return formatRoubles(value);
  // A calendar day ('2026-11-23', a payment's date) as the pages show days.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('.');
  if (Array.isArray(value) && value.every((item) => typeof item === 'number')) {
    return value.map((item) => `№ ${item}`).join(', ') || '—';
  }
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;
export const auditEntityLabel = (entity: string): string => AUDIT_ENTITY_LABELS[entity] ?? entity;

/**
 * The object of a row: by the name the server found («Клиент: Иванов Иван», «Позиция: KNECHT OC 90, заказ № 12»),
 * else «Счёт № 6» by its number, «Выписка kl_to_1c.txt» by a name (a statement's file).
 */
export const auditObjectText = (
  entity: string,
  entityId: string | number | null,
  objectLabel: string | null = null,
): string => {
  // A numbered label reads on from its kind («Счёт № 7, заказ № 12»); a name follows a colon («Клиент: ООО Кольцо»).
  if (objectLabel) return `${auditEntityLabel(entity)}${objectLabel.startsWith('№') ? ' ' : ': '}${objectLabel}`;
  if (entityId === null || entityId === '') return auditEntityLabel(entity);
  return /^\d+$/.test(String(entityId))
    ? `${auditEntityLabel(entity)} № ${entityId}`
    : `${auditEntityLabel(entity)} ${entityId}`;
};
export const auditFieldLabel = (field: string): string => AUDIT_FIELD_LABELS[field] ?? field;

/** Where a row's object is seen in the back office, or null for an object with no screen of its own. */
export function auditObjectPath(entry: Pick<AuditEntry, 'entity' | 'entity_id' | 'object_order_id'>): string | null {
  if (entry.object_order_id !== null) return paths.adminOrder(entry.object_order_id);
  const id = entry.entity_id !== null && /^\d+$/.test(entry.entity_id) ? Number(entry.entity_id) : null;
  if (id === null) return null;
  switch (entry.entity) {
    case 'client':
      return paths.adminClient(id);
    case 'supplier':
      return paths.adminSupplier(id);
    case 'page':
      return paths.adminContentPage(id);
    case 'news':
      return paths.adminContentNews(id);
    case 'staff':
      return paths.adminStaff();
    case 'pricing_group':
      return paths.adminPricing();
    case 'brand':
      return paths.adminBrands();
    default:
      return null;
  }
}
