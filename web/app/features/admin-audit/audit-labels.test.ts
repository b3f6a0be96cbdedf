import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditEntityLabel,
  auditFieldLabel,
  auditObjectPath,
  auditObjectText,
  auditValueText,
} from './audit-labels.ts';

describe('the audit log in Russian', () => {
  it('names the actions and objects of orders, payments and clients, not only of staff', () => {
    expect(auditActionLabel('staff.invite')).toBe('Приглашён');
    expect(auditActionLabel('order_item.status')).toBe('Статус позиции');
    expect(auditActionLabel('payment.record')).toBe('Платёж записан');
    expect(auditActionLabel('statement.import')).toBe('Загружена выписка');
    expect(auditActionLabel('client.block')).toBe('Клиент заблокирован');
    expect(auditEntityLabel('order_item')).toBe('Позиция');
    expect(auditEntityLabel('bill')).toBe('Счёт');
    // A code of a later module is shown as it is.
    expect(auditActionLabel('warehouse.move')).toBe('warehouse.move');
    expect(auditEntityLabel('warehouse')).toBe('warehouse');
  });

  it('shows statuses, bill states, payment sources and roles by their names, ids as numbers', () => {
    expect(`${auditFieldLabel('status')}: ${auditValueText('status', 'in_work')}`).toBe('статус: В работе');
    expect(auditValueText('status', 'canceled')).toBe('Отменён');
    expect(auditValueText('state', 'paid')).toBe('Оплачен');
    expect(auditValueText('source', 'statement')).toBe('выписка');
    expect(auditValueText('role', 'manager')).toBe('Менеджер');
    expect(auditValueText('order_id', 42)).toBe('№ 42');
    expect(auditValueText('removed_lines', [7, 8])).toBe('№ 7, № 8');
    expect(auditValueText('blocked', true)).toBe('да');
    expect(auditValueText('note', 'Клиент передумал')).toBe('Клиент передумал');
    expect(auditValueText('status', 'unknown_status')).toBe('unknown_status');
    expect(auditValueText('personal_discount', null)).toBe('—');
  });

  it('shows money as roubles, calendar days as dd.mm.yyyy, and a statement by its file name without «№»', () => {
    expect(auditValueText('amount', 681)).toBe('681,00\u00A0₽');
    expect(auditValueText('paid_sum', '100.5')).toBe('100,50\u00A0₽');
    expect(auditValueText('date', '2026-11-23')).toBe('23.11.2026');
    expect(auditObjectText('bill', 6)).toBe('Счёт № 6');
    expect(auditObjectText('statement', 'kl_to_1c.txt')).toBe('Выписка kl_to_1c.txt');
    expect(auditObjectText('staff', null)).toBe('Сотрудник');
    // By the name the server found, not «Клиент № 2» (issue 26).
    expect(auditObjectText('client', '2', 'ООО «Кольцо»')).toBe('Клиент: ООО «Кольцо»');
    expect(auditObjectText('bill', '7', '№ 7, заказ № 12')).toBe('Счёт № 7, заказ № 12');
    expect(auditObjectText('order_item', '4', 'KNECHT OC 90, заказ № 12')).toBe('Позиция: KNECHT OC 90, заказ № 12');
    expect(auditObjectPath({ entity: 'order_item', entity_id: '4', object_order_id: 12 })).toBe('/admin/orders/12');
    expect(auditObjectPath({ entity: 'client', entity_id: '2', object_order_id: null })).toBe('/admin/clients/2');
    expect(auditObjectPath({ entity: 'statement', entity_id: 'kl_to_1c.txt', object_order_id: null })).toBeNull();
  });
});
