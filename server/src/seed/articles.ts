import type { OemBrandName } from './brands.ts';
import type { PartType } from './part-types.ts';
import type { Random } from './random.ts';

// Letters that makers use in article numbers (I, O and Q are avoided: they read as digits).
const articleLetters = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** Fills an article pattern: `#` becomes a digit, `@` an upper-case letter, anything else stays. */
export function fillArticlePattern(random: Random, pattern: string): string {
  let article = '';
  for (const character of pattern) {
    if (character === '#') article += String(random.int(0, 9));
    else if (character === '@') article += articleLetters[random.int(0, articleLetters.length - 1)];
    else article += character;
  }
  return article;
}

type OemArticleWriter = (random: Random, code: string | undefined) => string;

/** How each car maker writes an original part number around the code of the kind of part. */
const oemArticleWriters: Readonly<Record<OemBrandName, OemArticleWriter>> = {
  // "06A 115 561 B": model prefix, kind of part, variant letters.
  VAG: (random, code) =>
    `${fillArticlePattern(random, random.pick(['0#@', '#@0', '0#@']))} ${code ?? fillArticlePattern(random, '### ###')}${fillArticlePattern(random, random.pick(['', ' @', ' @@', ' @']))}`,
  // "90915-YZZE1", "04465-02220".
  TOYOTA: (random, code) =>
    `${code ?? fillArticlePattern(random, '#####')}-${fillArticlePattern(random, random.pick(['#####', '#####', '@@@@#', '##@##']))}`,
  // "26300-35503", "58101-1RA00".
  'HYUNDAI/KIA': (random, code) =>
    `${code ?? fillArticlePattern(random, '#####')}-${fillArticlePattern(random, random.pick(['#####', '#@@##', '#@###']))}`,
  // "15208-65F0E".
  NISSAN: (random, code) =>
    `${code ?? fillArticlePattern(random, '#####')}-${fillArticlePattern(random, random.pick(['#####', '##@#@', '#@@#@']))}`,
  // "82 00 768 913".
  RENAULT: (random) => fillArticlePattern(random, random.pick(['82 00 ### ###', '77 01 ### ###', '60 01 ### ###'])),
  // "21080-1012005-08".
  LADA: (random) => fillArticlePattern(random, random.pick(['21##0-#######-##', '2190-#######', '8450######'])),
  // "11 42 7 953 129".
  BMW: (random, code) => `${code ?? fillArticlePattern(random, '## ##')} ${fillArticlePattern(random, '# ### ###')}`,
  // "A 000 180 26 09".
  'MERCEDES-BENZ': (random, code) =>
    `A ${fillArticlePattern(random, random.pick(['000', '2##', '0##']))} ${code ?? fillArticlePattern(random, '###')} ${fillArticlePattern(random, '## ##')}`,
  // "1 883 037" (Finis code) or "BV6Q-6714-BA" (engineering number).
  FORD: (random) => fillArticlePattern(random, random.pick(['# ### ###', '# ### ###', '@@#@-####-@@'])),
};

const codeFreeOemBrands: ReadonlySet<OemBrandName> = new Set(['RENAULT', 'LADA', 'FORD']);

/** Car makers whose original numbers the demo can write for this kind of part. */
export function oemBrandsFor(partType: PartType): OemBrandName[] {
  return (Object.keys(oemArticleWriters) as OemBrandName[]).filter(
    (brand) => codeFreeOemBrands.has(brand) || partType.oemCodes[brand] !== undefined,
  );
}

export function writeOemArticle(random: Random, brand: OemBrandName, partType: PartType): string {
  return oemArticleWriters[brand](random, partType.oemCodes[brand]);
}
