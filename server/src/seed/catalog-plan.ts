import { normalizeArticle } from '@detal/contract';
import { fillArticlePattern, oemBrandsFor, writeOemArticle } from './articles.ts';
import { demoBrands, vehiclesByOemBrand, type OemBrandName } from './brands.ts';
import { knownFamilies, type KnownFamily, type KnownPart } from './known-parts.ts';
import { partTypes, type PartType } from './part-types.ts';
import type { Random } from './random.ts';
import { demoSuppliers } from './suppliers.ts';

/** A part: one article of one brand. Offers, cross-references and catalogue links all point at parts. */
export interface PlannedPart {
  brandName: string;
  article: string;
  articleNormalized: string;
  partType: PartType;
  /** The description without vehicles, and the one naming them. */
  description: string;
  descriptionWithVehicles: string;
  /** The brand's market price in kopecks. */
  priceKopecks: number;
  /** Kilograms with three decimals, or null when unknown. */
  weight: string | null;
}

export interface PlannedOffer {
  part: PlannedPart;
  supplierIndex: number;
  description: string;
  deliveryDays: number | null;
  /** Roubles with two decimals. */
  price: string;
  quantity: number;
}

export interface PlannedCrossReference {
  a: PlannedPart;
  b: PlannedPart;
  type: 'oem' | 'replacement' | 'analog';
}

export interface CatalogPlan {
  parts: PlannedPart[];
  offers: PlannedOffer[];
  crossReferences: PlannedCrossReference[];
  /** Parts for the home page's recommendation block, in display order. */
  recommended: PlannedPart[];
}

const recommendedCount = 12;
const brandPriceFactors = new Map(demoBrands.map((brand) => [brand.name, brand.priceFactor]));
const oemBrandNames = Object.keys(vehiclesByOemBrand) as OemBrandName[];
const partTypesByKey = new Map(partTypes.map((partType) => [partType.key, partType]));
const supplierIndexes = demoSuppliers.map((_, index) => index);

/** Integer kopecks as roubles with two decimals: 123450 -> '1234.50'. */
export function formatKopecks(kopecks: number): string {
  const roubles = Math.floor(kopecks / 100);
  return `${roubles}.${String(kopecks % 100).padStart(2, '0')}`;
}

function formatGrams(grams: number): string {
  return `${Math.floor(grams / 1000)}.${String(grams % 1000).padStart(3, '0')}`;
}

/** Most shops price in whole roubles; some suppliers keep tens of kopecks or exact kopecks. */
function roundPrice(random: Random, kopecks: number): number {
  const roll = random.next();
  if (roll < 0.65) return Math.max(100, Math.round(kopecks / 100) * 100);
  if (roll < 0.85) return Math.max(10, Math.round(kopecks / 10) * 10);
  return Math.max(1, kopecks);
}

/**
 * Builds the demo catalogue in memory: the well-known families first, then generated families of parts until
 * exactly `offersWanted` offers exist. Everything derives from `random`, so one seed always gives the same plan.
 */
export function planDemoCatalog(random: Random, offersWanted: number): CatalogPlan {
  const parts: PlannedPart[] = [];
  const offers: PlannedOffer[] = [];
  const crossReferences: PlannedCrossReference[] = [];
  /** The reference part of each well-known family: first in the recommendations. */
  const featured: PlannedPart[] = [];
  const takenArticles = new Set<string>();
  const articleKey = (brandName: string, articleNormalized: string) => `${brandName}\u0000${articleNormalized}`;

  const addPart = (
    brandName: string,
    article: string,
    partType: PartType,
    family: { description: string; vehicles: string[]; priceKopecks: number; grams: number },
  ): PlannedPart | null => {
    const articleNormalized = normalizeArticle(article);
    const key = articleKey(brandName, articleNormalized);
    if (takenArticles.has(key)) return null;
    takenArticles.add(key);
    const factor = brandPriceFactors.get(brandName);
    if (factor === undefined) throw new Error(`Unknown demo brand ${brandName}`);
    const grams = Math.max(1, Math.round((family.grams * random.int(950, 1050)) / 1000));
    const part: PlannedPart = {
      brandName,
      article,
      articleNormalized,
      partType,
      description: family.description,
      descriptionWithVehicles:
        family.vehicles.length > 0 ? `${family.description} ${family.vehicles.join(', ')}` : family.description,
      priceKopecks: Math.round((family.priceKopecks * factor) / 1000),
      weight: random.chance(0.08) ? null : formatGrams(grams),
    };
    parts.push(part);
    return part;
  };

  const addOffers = (part: PlannedPart, count: number): void => {
    const wanted = Math.min(count, offersWanted - offers.length);
    for (const supplierIndex of random.sample(supplierIndexes, wanted)) {
      const supplier = demoSuppliers[supplierIndex];
      if (!supplier) continue;
      const markup = random.int(supplier.markup[0], supplier.markup[1]);
      const [stockMin, stockMax] = supplier.stock;
      const unknownDelivery = supplier.defaultDeliveryDays > 0 && random.chance(0.04);
      offers.push({
        part,
        supplierIndex,
        description: random.chance(0.35) ? part.description : part.descriptionWithVehicles,
        deliveryDays: unknownDelivery ? null : supplier.defaultDeliveryDays + random.int(0, supplier.deliverySpread),
        price: formatKopecks(roundPrice(random, Math.round((part.priceKopecks * markup) / 1000))),
        // Skewed towards small stock, as in real price lists.
        quantity: stockMin + Math.floor((stockMax - stockMin) * random.next() ** 2),
      });
    }
  };

  const addKnownFamily = (family: KnownFamily): void => {
    const partType = partTypesByKey.get(family.partTypeKey);
    if (!partType) throw new Error(`Unknown part type ${family.partTypeKey}`);
    const shape = {
      description: family.description,
      vehicles: family.vehicles,
      priceKopecks: family.priceRoubles * 100,
      grams: family.weightGrams,
    };
    const placed = new Map<KnownPart, PlannedPart>();
    const place = (known: KnownPart): PlannedPart => {
      const existing = placed.get(known);
      if (existing) return existing;
      const part = addPart(known.brand, known.article, partType, shape);
      if (!part) throw new Error(`Duplicate well-known article ${known.brand} ${known.article}`);
      placed.set(known, part);
      addOffers(part, known.offers);
      return part;
    };
    const oem = family.oem ? place(family.oem) : null;
    const aftermarket = family.aftermarket.map(place);
    if (aftermarket[0]) featured.push(aftermarket[0]);
    linkFamily(oem, aftermarket);
    for (const { by, old } of family.replaced) {
      crossReferences.push({ a: place(old), b: place(by), type: 'replacement' });
    }
  };

  const linkFamily = (oem: PlannedPart | null, aftermarket: PlannedPart[]): void => {
    const [reference, ...others] = aftermarket;
    if (oem) for (const part of aftermarket) crossReferences.push({ a: oem, b: part, type: 'oem' });
    if (reference) for (const part of others) crossReferences.push({ a: reference, b: part, type: 'analog' });
  };

  const addGeneratedFamily = (): void => {
    const partType = random.pick(partTypes);
    const oemBrand = random.chance(0.8) ? random.pick(oemBrandsFor(partType)) : null;
    const vehicles = random.sample(vehiclesByOemBrand[oemBrand ?? random.pick(oemBrandNames)], random.int(1, 2));
    const makers = random.sample(Object.keys(partType.makers), random.int(2, 5));
    const shape = {
      description: random.pick(partType.descriptions),
      vehicles,
      priceKopecks: random.int(partType.priceRoubles[0], partType.priceRoubles[1]) * 100,
      grams: random.int(partType.weightGrams[0], partType.weightGrams[1]),
    };

    let oem: PlannedPart | null = null;
    if (oemBrand) {
      oem = addPart(oemBrand, writeOemArticle(random, oemBrand, partType), partType, shape);
      // Originals are often not in stock anywhere: the part is then found only through its cross-references.
      if (oem) addOffers(oem, random.chance(0.35) ? 0 : random.int(1, 3));
    }

    const aftermarket: PlannedPart[] = [];
    let mahleArticle: string | undefined;
    for (const maker of makers) {
      // KNECHT is MAHLE's second brand and sells the same numbers.
      const article =
        maker === 'KNECHT' && mahleArticle
          ? mahleArticle
          : fillArticlePattern(random, random.pick(partType.makers[maker] ?? []));
      const part = addPart(maker, article, partType, shape);
      if (!part) continue;
      if (maker === 'MAHLE') mahleArticle = article;
      aftermarket.push(part);
      addOffers(part, random.pick([1, 1, 2, 2, 2, 3, 3, 4, 5, 6]));
      if (random.chance(0.04)) {
        const old = addPart(
          maker,
          fillArticlePattern(random, random.pick(partType.makers[maker] ?? [])),
          partType,
          shape,
        );
        if (old) {
          crossReferences.push({ a: old, b: part, type: 'replacement' });
          addOffers(old, random.int(0, 1));
        }
      }
    }
    linkFamily(oem, aftermarket);
  };

  for (const family of knownFamilies) addKnownFamily(family);
  while (offers.length < offersWanted) addGeneratedFamily();

  return { parts, offers, crossReferences, recommended: pickRecommended(random, offers, featured) };
}

/** The featured parts first, then one part of each other kind, all of them on offer. */
function pickRecommended(random: Random, offers: PlannedOffer[], featured: PlannedPart[]): PlannedPart[] {
  const onOffer = [...new Set(offers.map((offer) => offer.part))];
  const onOfferSet = new Set(onOffer);
  const chosen = featured.filter((part) => onOfferSet.has(part)).slice(0, recommendedCount);
  const kindsShown = new Set(chosen.map((part) => part.partType.key));
  for (const part of random.sample(onOffer, onOffer.length)) {
    if (chosen.length >= recommendedCount) break;
    if (kindsShown.has(part.partType.key)) continue;
    kindsShown.add(part.partType.key);
    chosen.push(part);
  }
  return chosen;
}
