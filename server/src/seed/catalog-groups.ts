/** The demo catalogue tree; parts are linked to leaves by PartType.groupSlug. */
export interface DemoCatalogGroup {
  name: string;
  slug: string;
  children?: readonly DemoCatalogGroup[];
}

export const demoCatalogGroups: readonly DemoCatalogGroup[] = [
  {
    name: 'Фильтры',
    slug: 'filtry',
    children: [
      { name: 'Масляные фильтры', slug: 'filtry-maslyanye' },
      { name: 'Воздушные фильтры', slug: 'filtry-vozdushnye' },
      { name: 'Салонные фильтры', slug: 'filtry-salonnye' },
      { name: 'Топливные фильтры', slug: 'filtry-toplivnye' },
    ],
  },
  {
    name: 'Тормозная система',
    slug: 'tormoznaya-sistema',
    children: [
      { name: 'Тормозные колодки', slug: 'tormoznye-kolodki' },
      { name: 'Тормозные диски', slug: 'tormoznye-diski' },
    ],
  },
  {
    name: 'Подвеска и рулевое управление',
    slug: 'podveska',
    children: [
      { name: 'Амортизаторы', slug: 'amortizatory' },
      { name: 'Рычаги и шаровые опоры', slug: 'rychagi-i-sharovye-opory' },
      { name: 'Рулевые наконечники и тяги', slug: 'rulevye-nakonechniki-i-tyagi' },
      { name: 'Стойки стабилизатора', slug: 'stoyki-stabilizatora' },
      { name: 'Подшипники ступицы', slug: 'podshipniki-stupicy' },
    ],
  },
  {
    name: 'Двигатель',
    slug: 'dvigatel',
    children: [
      { name: 'Ремни и комплекты ГРМ', slug: 'remni-grm' },
      { name: 'Ремни поликлиновые', slug: 'remni-poliklinovye' },
      { name: 'Прокладки', slug: 'prokladki' },
      {
        name: 'Система охлаждения',
        slug: 'sistema-ohlazhdeniya',
        children: [
          { name: 'Водяные насосы', slug: 'vodyanye-nasosy' },
          { name: 'Радиаторы', slug: 'radiatory' },
          { name: 'Термостаты', slug: 'termostaty' },
        ],
      },
    ],
  },
  {
    name: 'Трансмиссия',
    slug: 'transmissiya',
    children: [{ name: 'Сцепление', slug: 'sceplenie' }],
  },
  {
    name: 'Электрика',
    slug: 'elektrika',
    children: [
      { name: 'Свечи зажигания', slug: 'svechi-zazhiganiya' },
      { name: 'Катушки зажигания', slug: 'katushki-zazhiganiya' },
      { name: 'Датчики', slug: 'datchiki' },
      { name: 'Генераторы и стартеры', slug: 'generatory-i-startery' },
      { name: 'Лампы', slug: 'lampy' },
    ],
  },
  {
    name: 'Кузов и стеклоочистители',
    slug: 'kuzov',
    children: [{ name: 'Щетки стеклоочистителя', slug: 'shchetki-stekloochistitelya' }],
  },
];
