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

/** The choice a line starts with: its brand chosen in advance (named, or the only one) and that brand's best offer. */
export function initialChoice(line: ListSearchLine): LineChoice {
  const [best] = offersOf(line, line.chosen_brand);
  return { brand: line.chosen_brand, offerId: best?.id ?? null, quantity: line.quantity, include: best !== undefined };
}

/** Picking a brand takes its best offer and puts the line in the basket list. */
export function withBrand(line: ListSearchLine, choice: LineChoice, brand: string): LineChoice {
  const [best] = offersOf(line, brand);
  return { ...choice, brand, offerId: best?.id ?? null, include: best !== undefined };
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
