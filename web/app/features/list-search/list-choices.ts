import type { ListSearchBrand, ListSearchLine, SearchItem } from '@detal/contract';

/**
 * What the visitor has chosen for one line of a list search: the brand, the offer (the brand's best one unless
 * they took an alternative), how many, and whether the line goes into the basket.
 */
export interface LineChoice {
  brand: string | null;
  offerId: number | null;
  quantity: number;
  include: boolean;
}

export const brandOf = (line: ListSearchLine, brand: string | null): ListSearchBrand | undefined =>
  brand === null ? undefined : line.brands.find((entry) => entry.brand_name === brand);

/** The offers of the chosen brand, best first (the server sorted them by the list's price/delivery switch). */
export const offersOf = (line: ListSearchLine, brand: string | null): readonly SearchItem[] =>
  brandOf(line, brand)?.offers ?? [];

/**
 * A brand's best offer for `quantity` pieces: the first (the server's order) whose stock covers them, else the
 * first; never one that would add 1 of 4 while another has all 4.
 */
export const bestOffer = (offers: readonly SearchItem[], quantity: number): SearchItem | undefined =>
  offers.find((offer) => offer.quantity >= quantity) ?? offers[0];

/** The choice a line starts with: its brand chosen in advance (named, or the only one) and that brand's best offer. */
export function initialChoice(line: ListSearchLine): LineChoice {
  const best = bestOffer(offersOf(line, line.chosen_brand), line.quantity);
  return { brand: line.chosen_brand, offerId: best?.id ?? null, quantity: line.quantity, include: best !== undefined };
}

/** Picking a brand takes its best offer and puts the line in the basket list. */
export function withBrand(line: ListSearchLine, choice: LineChoice, brand: string): LineChoice {
  const best = bestOffer(offersOf(line, brand), choice.quantity);
  return { ...choice, brand, offerId: best?.id ?? null, include: best !== undefined };
}

/** A line that got fewer pieces than asked: which line, what was asked and what went into the basket. */
export interface ShortLine {
  line: number;
  article: string;
  requested: number;
  added: number;
}

/**
 * The lines whose offers had less in stock than asked, from the answer to the add: its items come in the order
 * `itemsToAdd` sent them, so the notice can name each line rather than only count them.
 */
export function shortLines(
  lines: readonly ListSearchLine[],
  choices: readonly LineChoice[],
  answered: ReadonlyArray<{ id: number; requested: number; added: number }>,
): ShortLine[] {
  const sent = lines.flatMap((line, index) => {
    const choice = choices[index];
    if (!choice?.include || !chosenOffer(line, choice) || choice.quantity < 1) return [];
    return [{ line, offer: chosenOffer(line, choice)! }];
  });
  return answered.flatMap((item, index) => {
    const origin = sent[index];
    if (!origin || item.added >= item.requested) return [];
    return [{ line: origin.line.line, article: origin.offer.article, requested: item.requested, added: item.added }];
  });
}

/** The chosen offer of a line, if any. */
export const chosenOffer = (line: ListSearchLine, choice: LineChoice): SearchItem | undefined =>
  offersOf(line, choice.brand).find((offer) => offer.id === choice.offerId);

/** The lines to put into the basket: included, with an offer chosen and a quantity of at least one. */
export function itemsToAdd(
  lines: readonly ListSearchLine[],
  choices: readonly LineChoice[],
): Array<{ id: number; quantity: number }> {
  return lines.flatMap((line, index) => {
    const choice = choices[index];
    if (!choice?.include || !chosenOffer(line, choice) || choice.quantity < 1) return [];
    return [{ id: choice.offerId!, quantity: choice.quantity }];
  });
}
