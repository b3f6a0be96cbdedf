import { describe, expect, it } from 'vitest';
import { composeBill, NO_VAT_TEXT, paymentDeadline } from './bill-document.ts';
import type { BillPrintRow } from './queries.ts';
import { TEST_REQUISITES } from '../../../test/fixtures/bills.ts';

const row = (overrides: Partial<BillPrintRow> = {}): BillPrintRow => ({
  billId: 17,
  // 22:30 UTC is 01:30 on 1 March in Moscow: the bill is dated by the shop's calendar.
  dateBill: new Date('2025-02-28T22:30:00Z'),
  priceSum: '1584.50',
  orderId: 9,
  companyName: null,
  firstName: 'Иван',
  lastName: 'Петров',
  middleName: 'Сергеевич',
  phoneNumber: '+79991234567',
  payer: null,
  deliveryMethodName: 'Курьер по Москве',
  deliveryPrice: '350.00',
  items: [
    { article: 'OC90', brandName: 'KNECHT', description: 'Фильтр масляный', price: '345.50', quantity: 2 },
    { article: 'P 85 020', brandName: 'BREMBO', description: 'Колодки', price: '543.50', quantity: 1 },
  ],
  ...overrides,
});

const settings = { requisites: TEST_REQUISITES, vatRate: 20, timeZone: 'Europe/Moscow' };

describe('composeBill', () => {
  it("dates the bill in the shop's zone and names it as Russian bills do", () => {
    const bill = composeBill(row(), settings);
    expect(bill.date).toBe('01.03.2025');
    expect(bill.title).toBe('Счёт на оплату № 17 от 01.03.2025');
    expect(bill.basis).toBe('Заказ № 9');
    expect(bill.purpose).toBe('Оплата по счёту № 17 от 01.03.2025');
    expect(bill.payUntil).toBe('2025-03-06');
    expect(bill.revision).toBe(0);
    expect(bill.replaces).toBeNull();
  });

  it('lists the parts, then the paid delivery as a line, and totals them in kopecks', () => {
    const bill = composeBill(row(), settings);
    expect(bill.lines).toEqual([
      {
        position: 1,
        article: 'OC90',
        brand: 'KNECHT',
        description: 'Фильтр масляный',
        name: 'KNECHT OC90 Фильтр масляный',
        quantity: 2,
        unit: 'шт',
        priceKopecks: 34_550,
        sumKopecks: 69_100,
      },
      {
        position: 2,
        article: 'P 85 020',
        brand: 'BREMBO',
        description: 'Колодки',
        name: 'BREMBO P 85 020 Колодки',
        quantity: 1,
        unit: 'шт',
        priceKopecks: 54_350,
        sumKopecks: 54_350,
      },
      {
        position: 3,
        article: '',
        brand: '',
        description: '',
        name: 'Доставка: Курьер по Москве',
        quantity: 1,
        unit: 'шт',
        priceKopecks: 35_000,
        sumKopecks: 35_000,
      },
    ]);
    expect(bill.totalKopecks).toBe(158_450);
    // 1584.50 × 20 / 120 = 264.0833… -> 264.08
    expect(bill.vat).toEqual({ mode: 'included', rate: 20, label: 'В том числе НДС 20%', kopecks: 26_408 });
    expect(bill.amountInWords).toBe('Одна тысяча пятьсот восемьдесят четыре рубля 50 копеек');
    expect(bill.qrPayload).toContain('|Sum=158450|');
  });

  it('leaves free delivery out and says when there is no VAT', () => {
    const bill = composeBill(row({ deliveryPrice: '0.00' }), { ...settings, vatRate: null });
    expect(bill.lines.map((line) => line.name)).toEqual(['KNECHT OC90 Фильтр масляный', 'BREMBO P 85 020 Колодки']);
    expect(bill.vat).toEqual({ mode: 'none', rate: null, label: NO_VAT_TEXT, kopecks: null });
  });

  it('bills a company by its name and a person by the full name, with the phone', () => {
    expect(composeBill(row(), settings).buyer).toBe('Петров Иван Сергеевич, тел. +79991234567');
    expect(composeBill(row({ companyName: 'ООО «Ромашка»' }), settings).buyer).toBe('ООО «Ромашка», тел. +79991234567');
  });
});

describe('a later revision', () => {
  it('is dated by its issue, titled «(изм. n)», says what it replaces and has its own deadline and purpose', () => {
    const first = composeBill(row(), settings);
    // 3 March, 10:00 in Moscow: one line left.
    const revised = composeBill(row({ items: row().items.slice(1) }), settings, {
      revision: 1,
      issuedAt: new Date('2025-03-03T07:00:00Z'),
      previous: first,
    });
    expect(revised.title).toBe('Счёт на оплату № 17 от 03.03.2025 (изм. 1)');
    expect(revised.replaces?.replace(/\u00A0/g, ' ')).toBe(
      'Заменяет счёт на оплату № 17 от 01.03.2025 на сумму 1 584,50 руб.',
    );
    expect(revised.totalKopecks).toBe(89_350);
    expect(revised.purpose).toBe('Оплата по счёту № 17 от 03.03.2025');
    expect(revised.payUntil).toBe('2025-03-08');
    const second = composeBill(row({ items: [] }), settings, {
      revision: 2,
      issuedAt: new Date('2025-03-04T07:00:00Z'),
      previous: revised,
    });
    expect(second.replaces?.replace(/\u00A0/g, ' ')).toBe(
      'Заменяет счёт на оплату № 17 от 03.03.2025 (изм. 1) на сумму 893,50 руб.',
    );
    // Every line canceled: nothing to pay, delivery included, and no payment QR.
    expect(second.lines).toEqual([]);
    expect(second.totalKopecks).toBe(0);
    expect(second.qrPayload).toBeNull();
  });
});

describe('paymentDeadline', () => {
  it("counts five calendar days from the bill's day in the shop's zone, across months and years", () => {
    expect(paymentDeadline(new Date('2025-02-28T22:30:00Z'), 'Europe/Moscow')).toBe('2025-03-06');
    expect(paymentDeadline(new Date('2025-02-28T20:00:00Z'), 'Europe/Moscow')).toBe('2025-03-05');
    expect(paymentDeadline(new Date('2024-12-29T12:00:00Z'), 'Europe/Moscow')).toBe('2025-01-03');
    expect(paymentDeadline(new Date('2024-02-26T12:00:00Z'), 'Europe/Moscow')).toBe('2024-03-02');
  });
});
