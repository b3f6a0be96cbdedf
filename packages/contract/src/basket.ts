import { z } from 'zod';
import { bothOrNeither, countSchema, idSchema, textSchema, whenMissing } from './fields.ts';
import { deliveryStatsSchema, noReturnSchema, offerSchema } from './offer.ts';

/** Basket, anonymous or signed in, identified by basket_id + basket_key (contract-decisions.md section 4). */

const BASKET_PAIR_MESSAGE = 'Укажите номер и ключ корзины вместе';

export const basketIdSchema = idSchema;
export const basketKeySchema = textSchema({ error: whenMissing('Не указан ключ корзины') })
  .min(1, 'Не указан ключ корзины')
  .max(128, 'Некорректный ключ корзины');

export const basketRefSchema = z.object({
  basket_id: basketIdSchema,
  basket_key: basketKeySchema,
});
export type BasketRef = z.infer<typeof basketRefSchema>;

/** An anonymous basket sent along (login, registration, first add): both ids, or neither. */
export const optionalBasketRefShape = {
  basket_id: basketIdSchema.nullish(),
  basket_key: basketKeySchema.nullish(),
};
export const basketPairCheck = bothOrNeither('basket_id', 'basket_key', BASKET_PAIR_MESSAGE);

/** A quantity put into a basket: 1..int4. */
export const basketQuantitySchema = z
  .int32('Количество должно быть целым числом')
  .min(1, 'Количество должно быть не меньше 1');

/** A basket line: the offer's fields with `id` = basket item id, plus the offer id and the line's state. */
export const basketItemSchema = offerSchema.extend({
  offer_id: idSchema,
  quantity_in_basket: basketQuantitySchema,
  /** The offer's price differs from the one seen when the line was added. */
  no_return: noReturnSchema,
  delivery_stats: deliveryStatsSchema,
  price_changed: z.boolean().meta({
    description:
      "True when the line's selling price for this client (`price`, now) differs from the selling price the client saw when the line was added: a changed purchase price, pricing profile, client group or personal discount",
  }),
});
export type BasketItem = z.infer<typeof basketItemSchema>;

export const basketSummarySchema = basketRefSchema.extend({
  /** Lines, not pieces. */
  total_positions_in_basket: countSchema,
});
export type BasketSummary = z.infer<typeof basketSummarySchema>;

export const basketSchema = basketSummarySchema.extend({
  items: z.array(basketItemSchema),
});
export type Basket = z.infer<typeof basketSchema>;

export const basketShowRequestSchema = basketRefSchema;
export type BasketShowRequest = z.infer<typeof basketShowRequestSchema>;

/** Null (or absent) ids create a new basket. Only `item.id` is read: price and the rest come from the offer. */
export const basketAddItemRequestSchema = z
  .object({
    ...optionalBasketRefShape,
    item: z.object({ id: idSchema }, { error: whenMissing('Не указан товар') }),
    quantity: basketQuantitySchema.default(1),
    /**
     * (beyond; issue 32, point 6) The part searched when the offer is added as its analog: the search's
     * `normalized_article` (or the article typed) and `brand_name`. The order line then counts for that pair.
     */
    analog_of: z
      .object({
        article: textSchema().trim().min(1).max(64),
        brand_name: textSchema().trim().min(1).max(128),
      })
      .optional(),
  })
  .superRefine(basketPairCheck);
export type BasketAddItemRequest = z.infer<typeof basketAddItemRequestSchema>;

export const BASKET_QUANTITY_STEPS = [1, -1] as const;

export const basketChangeQuantityRequestSchema = basketRefSchema.extend({
  id: idSchema,
  quantity_in_basket: z.literal(BASKET_QUANTITY_STEPS, { error: 'Количество меняется на 1 или -1' }),
});
export type BasketChangeQuantityRequest = z.infer<typeof basketChangeQuantityRequestSchema>;

/** (beyond the spec) A typed quantity for a line, kept within 1 and the offer's stock as the steps are. */
export const basketSetQuantityRequestSchema = basketRefSchema.extend({
  id: idSchema,
  quantity_in_basket: basketQuantitySchema,
});
export type BasketSetQuantityRequest = z.infer<typeof basketSetQuantityRequestSchema>;

export const basketDeleteItemRequestSchema = basketRefSchema.extend({ id: idSchema });
export type BasketDeleteItemRequest = z.infer<typeof basketDeleteItemRequestSchema>;

export const basketCleaningRequestSchema = basketRefSchema;
export type BasketCleaningRequest = z.infer<typeof basketCleaningRequestSchema>;
