import { DEFAULT_WORKING_CALENDAR } from '@detal/contract';
import type { ShopSettingValues } from '../db/shop-settings.ts';

/** The settings a seed writes: all but the ones the shop makes for itself and the staff address the owner sets. */
export type SeededShopSettingKey = Exclude<
  keyof ShopSettingValues,
  | 'device_cookie_key'
  | 'rate_limit_key'
  | 'tech_catalog_key'
  | 'staff_notification_email'
  | 'ledger'
  | 'returns'
  | 'return_rates'
  | 'delivery_stats'
>;

/**
 * Settings of the demo shop. The requisites are invented and say so: they must never reach a real bill. The
 * device-cookie, rate-limit and technical-catalogue keys are never seeded (a key in the sources would be public): each shop
 * makes its own on first use.
 */
export const demoShopSettings: Pick<ShopSettingValues, SeededShopSettingKey> = {
  shop: {
    name: 'Деталь',
    phone: '+7 (495) 123-45-67',
    email: 'shop@detal.example',
    address: 'г. Москва, ул. Автозаводская, д. 17, корп. 1',
    work_hours: 'Пн–Пт 9:00–20:00, Сб–Вс 10:00–18:00',
  },
  menu: {
    header: [
      { title: 'Каталог', url: '/catalog' },
      { title: 'Новости', url: '/news' },
      { title: 'Доставка', url: '/articles/delivery' },
      { title: 'Оплата', url: '/articles/payment' },
      { title: 'Контакты', url: '/contacts' },
    ],
    footer: [
      { title: 'О компании', url: '/articles/about' },
      { title: 'Доставка', url: '/articles/delivery' },
      { title: 'Оплата', url: '/articles/payment' },
      { title: 'Гарантия', url: '/articles/warranty' },
      { title: 'Возврат', url: '/articles/returns' },
      { title: 'Новости', url: '/news' },
      { title: 'Контакты', url: '/contacts' },
    ],
  },
  requisites: {
    name: 'ООО «Деталь» (ДЕМО: реквизиты вымышлены)',
    inn: '7700000000',
    kpp: '770001001',
    address: '115280, г. Москва, ул. Автозаводская, д. 17, корп. 1 (демо)',
    bank_name: 'АО «ДЕМО-БАНК», г. Москва (вымышленный банк)',
    bik: '044500000',
    settlement_account: '40702810000000000000',
    correspondent_account: '30101810000000000000',
  },
  vat: { rate: null },
  delivery_methods: [
    {
      id: 1,
      name: 'Самовывоз из магазина',
      price: '0.00',
      description: 'г. Москва, ул. Автозаводская, д. 17, корп. 1. Сообщим, когда заказ будет готов к выдаче.',
      needs_address: false,
    },
    {
      id: 2,
      name: 'Курьер по Москве',
      price: '350.00',
      description: 'В пределах МКАД, на следующий день после поступления заказа на склад.',
      needs_address: true,
    },
    {
      id: 3,
      name: 'Транспортная компания',
      price: '600.00',
      description: 'Доставка до терминала в Москве; перевозку до вашего города оплачивает получатель.',
      needs_address: true,
    },
  ] /** Monday to Friday with Russia's days off of 2026 and 2027 (decision 0027). */,
  delivery_calendar: DEFAULT_WORKING_CALENDAR,
};
