/**
 * Fictional suppliers of the demo shop. The shop's own warehouse hands parts over today; distributors need days.
 * `markup` is the supplier's price level in per mille of the part's market price.
 */
export interface DemoSupplier {
  name: string;
  defaultDeliveryDays: number;
  /** Extra days an individual row may add to the default. */
  deliverySpread: number;
  markup: readonly [number, number];
  stock: readonly [number, number];
  /** Hours since the supplier's price list was last loaded. */
  updatedHoursAgo: number;
}

export const demoSuppliers: readonly DemoSupplier[] = [
  {
    name: 'Склад Деталь (Москва)',
    defaultDeliveryDays: 0,
    deliverySpread: 0,
    markup: [1040, 1120],
    stock: [1, 24],
    updatedHoursAgo: 2,
  },
  {
    name: 'АвтоРесурс',
    defaultDeliveryDays: 1,
    deliverySpread: 1,
    markup: [980, 1060],
    stock: [2, 120],
    updatedHoursAgo: 5,
  },
  {
    name: 'Партс-Центр',
    defaultDeliveryDays: 2,
    deliverySpread: 2,
    markup: [950, 1030],
    stock: [1, 300],
    updatedHoursAgo: 9,
  },
  {
    name: 'ЕвроАвто Дистрибуция',
    defaultDeliveryDays: 3,
    deliverySpread: 3,
    markup: [920, 1010],
    stock: [4, 500],
    updatedHoursAgo: 20,
  },
  {
    name: 'Оптима Трейд',
    defaultDeliveryDays: 4,
    deliverySpread: 2,
    markup: [900, 990],
    stock: [1, 80],
    updatedHoursAgo: 26,
  },
  {
    name: 'Восток-Запчасть (Новосибирск)',
    defaultDeliveryDays: 7,
    deliverySpread: 4,
    markup: [880, 970],
    stock: [1, 60],
    updatedHoursAgo: 31,
  },
  {
    name: 'Регион-Авто (Екатеринбург)',
    defaultDeliveryDays: 6,
    deliverySpread: 3,
    markup: [890, 980],
    stock: [2, 150],
    updatedHoursAgo: 44,
  },
  {
    name: 'Импорт-Детали (под заказ)',
    defaultDeliveryDays: 21,
    deliverySpread: 9,
    markup: [830, 940],
    stock: [1, 40],
    updatedHoursAgo: 70,
  },
];
