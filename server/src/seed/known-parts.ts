/**
 * Well-known article numbers in their usual written forms, so that the README can suggest searches that find
 * something (`OC 90`, `oc-90`, `W 712/75`, `BKR6E`, `06A 115 561 B`). The groupings are illustrative demo data,
 * not an authoritative cross-reference list.
 *
 * In each family the first aftermarket part is the reference: every other aftermarket part is its analog, and the
 * original (OEM) part is cross-referenced to every aftermarket part.
 */
export interface KnownPart {
  brand: string;
  article: string;
  /** How many suppliers offer it (fewer when the seed is asked for fewer offers in total). */
  offers: number;
}

export interface KnownFamily {
  partTypeKey: string;
  description: string;
  vehicles: string[];
  priceRoubles: number;
  weightGrams: number;
  oem: KnownPart | null;
  aftermarket: KnownPart[];
  /** Superseded articles of the same brand as an aftermarket part: cross-referenced as 'replacement'. */
  replaced: { by: KnownPart; old: KnownPart }[];
}

const w71275 = { brand: 'MANN-FILTER', article: 'W 712/75', offers: 4 };

export const knownFamilies: readonly KnownFamily[] = [
  {
    partTypeKey: 'oil-filter',
    description: 'Фильтр масляный',
    vehicles: ['VW Polo', 'VW Golf', 'Skoda Fabia', 'Skoda Octavia'],
    priceRoubles: 520,
    weightGrams: 310,
    oem: { brand: 'VAG', article: '030 115 561 AN', offers: 1 },
    aftermarket: [
      { brand: 'MAHLE', article: 'OC 90', offers: 4 },
      { brand: 'KNECHT', article: 'OC 90', offers: 3 },
      w71275,
      { brand: 'BOSCH', article: '0 451 103 316', offers: 2 },
      { brand: 'FILTRON', article: 'OP 520/1', offers: 3 },
    ],
    replaced: [{ by: w71275, old: { brand: 'MANN-FILTER', article: 'W 712/73', offers: 1 } }],
  },
  {
    partTypeKey: 'oil-filter',
    description: 'Фильтрующий элемент масляного фильтра',
    vehicles: ['Audi A4', 'Audi A6', 'VW Passat', 'Skoda Superb'],
    priceRoubles: 690,
    weightGrams: 380,
    oem: { brand: 'VAG', article: '06A 115 561 B', offers: 2 },
    aftermarket: [
      { brand: 'MANN-FILTER', article: 'W 719/45', offers: 3 },
      { brand: 'MAHLE', article: 'OC 456', offers: 2 },
      { brand: 'KNECHT', article: 'OC 456', offers: 2 },
      { brand: 'FILTRON', article: 'OP 526/1', offers: 2 },
      { brand: 'BOSCH', article: '0 451 103 318', offers: 2 },
    ],
    replaced: [],
  },
  {
    partTypeKey: 'spark-plug',
    description: 'Свеча зажигания',
    vehicles: ['Lada Granta', 'Lada Vesta', 'Renault Logan', 'VW Polo'],
    priceRoubles: 260,
    weightGrams: 50,
    oem: null,
    aftermarket: [
      { brand: 'NGK', article: 'BKR6E', offers: 5 },
      { brand: 'DENSO', article: 'K20PR-U', offers: 3 },
      { brand: 'BOSCH', article: 'FR7DC+', offers: 3 },
      { brand: 'BERU', article: '14FR-7DU', offers: 2 },
    ],
    replaced: [],
  },
  {
    partTypeKey: 'front-brake-pads',
    description: 'Колодки тормозные передние',
    vehicles: ['VW Golf', 'VW Jetta', 'Skoda Octavia', 'Audi A3'],
    priceRoubles: 3100,
    weightGrams: 1850,
    oem: { brand: 'VAG', article: '1K0 698 151 A', offers: 2 },
    aftermarket: [
      { brand: 'TRW', article: 'GDB1550', offers: 4 },
      { brand: 'BOSCH', article: '0 986 494 104', offers: 3 },
      { brand: 'ATE', article: '13.0460-2787.2', offers: 2 },
      { brand: 'BREMBO', article: 'P 85 075', offers: 2 },
    ],
    replaced: [],
  },
];
