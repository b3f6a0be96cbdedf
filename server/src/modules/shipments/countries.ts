/**
 * Countries of origin as the УПД prints them (column 10: the digital code of ОКСМ; 10а: the short name). Goods
 * receipts keep the country as the supplier sent it: a three-digit ОКСМ code, a two-letter ISO code or a name;
 * `originCountry` reads any of these for the countries auto parts come from. A country it does not know keeps its
 * name on the PDF and has no code in the XML (the format allows a line without one).
 */

export interface OriginCountry {
  /** ОКСМ digital code, three digits ('156'); null when the name is not one this table knows. */
  code: string | null;
  /** The short name printed in column 10а ('Китай'). */
  name: string;
}

// [ОКСМ code, ISO alpha-2, short name, other spellings]
const COUNTRIES: ReadonlyArray<readonly [string, string, string, ...string[]]> = [
  ['643', 'RU', 'Россия', 'российская федерация', 'рф', 'russia'],
  ['156', 'CN', 'Китай', 'кнр', 'china'],
  ['276', 'DE', 'Германия', 'germany'],
  ['392', 'JP', 'Япония', 'japan'],
  ['410', 'KR', 'Корея, Республика', 'корея', 'южная корея', 'republic of korea', 'korea'],
  ['840', 'US', 'США', 'соединенные штаты', 'usa'],
  ['250', 'FR', 'Франция', 'france'],
  ['380', 'IT', 'Италия', 'italy'],
  ['724', 'ES', 'Испания', 'spain'],
  ['620', 'PT', 'Португалия', 'portugal'],
  ['792', 'TR', 'Турция', 'turkey', 'türkiye'],
  ['616', 'PL', 'Польша', 'poland'],
  ['203', 'CZ', 'Чехия', 'czech republic', 'czechia'],
  ['703', 'SK', 'Словакия', 'slovakia'],
  ['348', 'HU', 'Венгрия', 'hungary'],
  ['642', 'RO', 'Румыния', 'romania'],
  ['705', 'SI', 'Словения', 'slovenia'],
  ['040', 'AT', 'Австрия', 'austria'],
  ['528', 'NL', 'Нидерланды', 'netherlands'],
  ['056', 'BE', 'Бельгия', 'belgium'],
  ['826', 'GB', 'Великобритания', 'соединенное королевство', 'united kingdom', 'uk'],
  ['752', 'SE', 'Швеция', 'sweden'],
  ['246', 'FI', 'Финляндия', 'finland'],
  ['208', 'DK', 'Дания', 'denmark'],
  ['756', 'CH', 'Швейцария', 'switzerland'],
  ['112', 'BY', 'Беларусь', 'белоруссия', 'belarus'],
  ['398', 'KZ', 'Казахстан', 'kazakhstan'],
  ['860', 'UZ', 'Узбекистан', 'uzbekistan'],
  ['356', 'IN', 'Индия', 'india'],
  ['158', 'TW', 'Тайвань (Китай)', 'тайвань', 'taiwan'],
  ['764', 'TH', 'Таиланд', 'thailand'],
  ['458', 'MY', 'Малайзия', 'malaysia'],
  ['704', 'VN', 'Вьетнам', 'viet nam', 'vietnam'],
  ['360', 'ID', 'Индонезия', 'indonesia'],
  ['076', 'BR', 'Бразилия', 'brazil'],
  ['484', 'MX', 'Мексика', 'mexico'],
  ['032', 'AR', 'Аргентина', 'argentina'],
  ['710', 'ZA', 'Южная Африка', 'юар', 'south africa'],
];

const byKey = new Map<string, OriginCountry>();
for (const [code, alpha2, name, ...others] of COUNTRIES) {
  const country = { code, name };
  for (const key of [code, alpha2, name, ...others]) byKey.set(key.toLowerCase(), country);
}

/** The country of `value` (a code or a name, any case); null for an empty value. */
export function originCountry(value: string | null | undefined): OriginCountry | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  return byKey.get(text.toLowerCase()) ?? { code: null, name: text };
}
