import type { Offer } from '@detal/contract';
import { paths } from '../../paths.ts';

/** The full search result of the offer's brand and article (prices of every supplier and the analogs). */
export const offerSearchPath = (offer: Offer): string => paths.searchBrand(offer.brand_name, offer.article);

/** '5 шт.' in stock, or 'Нет в наличии' (as the add-to-basket control says too). */
export const stockText = (quantity: number): string => (quantity > 0 ? `${quantity} шт.` : 'Нет в наличии');
