import { describe, expect, it } from 'vitest';
import { TEST_REQUISITES } from '../../../test/fixtures/bills.ts';
import { pdfText } from '../../../test/helpers/pdf-text.ts';
import { composeBill } from './bill-document.ts';
import { renderBillPdf } from './bill-pdf.ts';
import type { BillPrintRow } from './queries.ts';

/**
 * Issue 26, point 6: the text layer of every bill reads back exactly, however many bills the process made before
 * it. Several bills with different texts (Cyrillic, Latin model names, articles with spaces) are rendered one
 * after another in this one process, and each one's whole extracted text is compared with what it must say.
 */

const settings = (vatRate: number | null) => ({ requisites: TEST_REQUISITES, vatRate, timeZone: 'Europe/Moscow' });

const row = (overrides: Partial<BillPrintRow>): BillPrintRow => ({
  billId: 101,
  dateBill: new Date('2026-11-02T09:00:00Z'),
  priceSum: '0',
  orderId: 55,
  companyName: null,
  firstName: 'Иван',
  lastName: 'Петров',
  middleName: 'Сергеевич',
  phoneNumber: '+79991234567',
  payer: null,
  deliveryMethodName: 'Курьер по Москве',
  deliveryPrice: '0.00',
  items: [],
  ...overrides,
});

/** The bank block, the same on every bill of this shop. */
const BANK_BLOCK = [
  'ПАО «Тестбанк», г. Москва',
  'Банк получателя',
  'БИК 044525999',
  'Сч. № 30101810400000000999',
  'ИНН 7701234567 КПП 770101001',
  'ООО «Деталь-Тест»',
  'Получатель',
  'Сч. № 40702810900000012345',
  'Оплата по QR-коду',
];

const SELLER = [
  'Поставщик',
  '(Исполнитель):',
  'ООО «Деталь-Тест», ИНН 7701234567, КПП 770101001, 115280, г. Москва, ул.',
  'Ленинская Слобода, д. 19',
];

const SIGNATURES = ['Руководитель', 'подпись расшифровка подписи', 'Бухгалтер', 'подпись расшифровка подписи'];

const notes = (billId: number, date: string) => [
  `В назначении платежа укажите: «Оплата по счёту № ${billId} от ${date}». Оплата данного счёта означает согласие с условиями`,
  'поставки товара. Товар отпускается по факту поступления денег на расчётный счёт Поставщика.',
];

const BILLS = [
  {
    name: 'Cyrillic parts, a company, delivery, VAT 20 %',
    row: row({
      companyName: 'ООО «Ромашка»',
      deliveryPrice: '350.00',
      items: [{ article: 'OC 90', brandName: 'KNECHT', description: 'Фильтр масляный', price: '442.25', quantity: 2 }],
    }),
    vatRate: 20,
    text: [
      ...BANK_BLOCK,
      'Счёт на оплату № 101 от 02.11.2026',
      ...SELLER,
      'Покупатель',
      '(Заказчик):',
      'ООО «Ромашка», тел. +79991234567',
      'Основание: Заказ № 55',
      '№ Товары (работы, услуги) Кол-во Ед. Цена Сумма',
      '1 KNECHT OC 90 Фильтр масляный 2 шт 442,25 884,50',
      '2 Доставка: Курьер по Москве 1 шт 350,00 350,00',
      'Итого: 1 234,50',
      'В том числе НДС 20%: 205,75',
      'Всего к оплате: 1 234,50',
      'Всего наименований 2, на сумму 1 234,50 руб.',
      'Одна тысяча двести тридцать четыре рубля 50 копеек',
      'Оплатить не позднее 07.11.2026',
      ...notes(101, '02.11.2026'),
      ...SIGNATURES,
    ],
  },
  {
    name: 'an article with spaces, Latin car models, a person, no VAT',
    row: row({
      billId: 102,
      orderId: 56,
      items: [
        {
          article: '0 451 103 316',
          brandName: 'BOSCH',
          description: 'Фильтр масляный Lada Vesta, Renault Logan',
          price: '512.00',
          quantity: 4,
        },
      ],
    }),
    vatRate: null,
    text: [
      ...BANK_BLOCK,
      'Счёт на оплату № 102 от 02.11.2026',
      ...SELLER,
      'Покупатель',
      '(Заказчик):',
      'Петров Иван Сергеевич, тел. +79991234567',
      'Основание: Заказ № 56',
      '№ Товары (работы, услуги) Кол-во Ед. Цена Сумма',
      // The name wraps in its cell; the row's other cells follow it in the text layer.
      '1 BOSCH 0 451 103 316 Фильтр масляный Lada Vesta, Renault',
      'Logan',
      '4 шт 512,00 2 048,00',
      'Итого: 2 048,00',
      'Без налога (НДС): —',
      'Всего к оплате: 2 048,00',
      'Всего наименований 1, на сумму 2 048,00 руб.',
      'Две тысячи сорок восемь рублей 00 копеек',
      'Оплатить не позднее 07.11.2026',
      ...notes(102, '02.11.2026'),
      ...SIGNATURES,
    ],
  },
  {
    name: 'more Latin, a slash in the article, a sum with kopecks',
    row: row({
      billId: 103,
      orderId: 57,
      dateBill: new Date('2026-11-03T21:30:00Z'),
      items: [
        {
          article: 'W 712/75',
          brandName: 'MANN-FILTER',
          description: 'Фильтр масляный Volkswagen Polo, Skoda Octavia',
          price: '21001.99',
          quantity: 1,
        },
        {
          article: 'BKR6E',
          brandName: 'NGK',
          description: 'Свеча Hyundai Solaris, Kia Rio',
          price: '125.00',
          quantity: 4,
        },
      ],
    }),
    vatRate: 20,
    text: [
      ...BANK_BLOCK,
      'Счёт на оплату № 103 от 04.11.2026',
      ...SELLER,
      'Покупатель',
      '(Заказчик):',
      'Петров Иван Сергеевич, тел. +79991234567',
      'Основание: Заказ № 57',
      '№ Товары (работы, услуги) Кол-во Ед. Цена Сумма',
      '1 MANN-FILTER W 712/75 Фильтр масляный Volkswagen Polo,',
      'Skoda Octavia',
      '1 шт 21 001,99 21 001,99',
      '2 NGK BKR6E Свеча Hyundai Solaris, Kia Rio 4 шт 125,00 500,00',
      'Итого: 21 501,99',
      // 21 501,99 × 20 / 120 = 3 583,665 -> 3 583,67
      'В том числе НДС 20%: 3 583,67',
      'Всего к оплате: 21 501,99',
      'Всего наименований 2, на сумму 21 501,99 руб.',
      'Двадцать одна тысяча пятьсот один рубль 99 копеек',
      'Оплатить не позднее 09.11.2026',
      ...notes(103, '04.11.2026'),
      ...SIGNATURES,
    ],
  },
];

describe('the text layer of bills made one after another in one process', () => {
  it('reads back every bill exactly, the first one again at the end', async () => {
    const sequence = [...BILLS, BILLS[0]!, BILLS[1]!];
    for (const [index, bill] of sequence.entries()) {
      const pdf = await renderBillPdf(composeBill(bill.row, settings(bill.vatRate)));
      expect(await pdfText(pdf), `bill ${index + 1} of the process: ${bill.name}`).toBe(bill.text.join('\n'));
    }
  });
});
