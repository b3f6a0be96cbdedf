import { count, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { step2RequestSchema, type BasketRef, type Step2Request } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { basketItems, bills, deliveryAddresses, offers, orderItems, orders } from '../../db/schema.ts';
import { writeShopSetting } from '../../db/shop-settings.ts';
import { demoShopSettings } from '../../seed/shop-settings.ts';
import { newBasketKey } from '../basket/basket-key.ts';
import { insertBasket, insertClient, insertTestOffers } from '../basket/test-fixtures.ts';

/** Test data for checkout: a client with a basket of exact lines, and what the database holds afterwards. */

/** The demo shop's methods: 1 pick-up (0.00, no address), 2 courier (350.00), 3 transport company (600.00). */
export const deliveryMethods = demoShopSettings.delivery_methods;

export async function writeDeliveryMethods(db: Db): Promise<void> {
  await writeShopSetting(db, 'delivery_methods', deliveryMethods);
}

export interface SceneLine {
  price: string;
  stock: number;
  inBasket: number;
}

export interface CheckoutScene {
  clientId: number;
  basket: BasketRef;
  /** Basket line ids, in the order of the scene's lines. */
  lineIds: number[];
  offerIds: number[];
  /** A saved delivery address of the client. */
  addressId: number;
}

let sceneCount = 0;

/** A client with one saved address and their own basket holding one line per `lines` entry (seen at its price). */
export async function createCheckoutScene(db: Db, lines: readonly SceneLine[]): Promise<CheckoutScene> {
  sceneCount += 1;
  const clientId = await insertClient(db, `Покупатель${sceneCount}`);
  const offerIds = await insertTestOffers(
    db,
    lines.map((line, index) => ({ article: `ORD${sceneCount}-${index + 1}`, price: line.price, quantity: line.stock })),
  );
  const key = newBasketKey();
  const basketId = await insertBasket(
    db,
    key,
    clientId,
    lines.map((line, index) => ({ offerId: offerIds[index]!, quantity: line.inBasket, priceSeen: line.price })),
  );
  const stored = await db
    .select({ id: basketItems.id, offerId: basketItems.offerId })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId));
  const lineIds = offerIds.map((offerId) => stored.find((line) => line.offerId === offerId)!.id);
  const [address] = await db
    .insert(deliveryAddresses)
    .values({ clientId, address: 'г. Москва, ул. Тверская, д. 1, кв. 5' })
    .returning({ id: deliveryAddresses.id });
  return { clientId, basket: { basket_id: basketId, basket_key: key }, lineIds, offerIds, addressId: address!.id };
}

/** The step-2 form as the web sends it (before validation). */
export type Step2Input = z.input<typeof step2RequestSchema>;

/** The step-2 form for the scene's lines: courier to the saved address. */
export function step2Input(scene: CheckoutScene, lineIds: readonly number[] = scene.lineIds): Step2Input {
  return {
    ...scene.basket,
    itemsForOrder: [...lineIds],
    client_shops_email: 'buyer@example.ru',
    first_name: 'Иван',
    last_name: 'Петров',
    middle_name: '',
    company_name: 'ООО «Ромашка»',
    phone_number: '8 (999) 123-45-67',
    delivery_method_id: 2,
    delivery_address_id: scene.addressId,
    delivery_address: null,
    desired_date: null,
    desired_time: '7:30 pm',
    comment: 'Позвонить за час',
  };
}

/** The same form, validated by the contract (what a handler receives). */
export const step2Request = (input: Step2Input): Step2Request => step2RequestSchema.parse(input);

/** How many orders, order lines and bills a client has. */
export async function countsOf(db: Db, clientId: number): Promise<{ orders: number; lines: number; bills: number }> {
  const [orderCount] = await db.select({ n: count() }).from(orders).where(eq(orders.clientId, clientId));
  const [lineCount] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orders.clientId, clientId));
  const [billCount] = await db.select({ n: count() }).from(bills).where(eq(bills.clientId, clientId));
  return { orders: orderCount!.n, lines: lineCount!.n, bills: billCount!.n };
}

/** Stock of the offers, in the order of `offerIds`. */
export async function stockOf(db: Db, offerIds: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: offers.id, quantity: offers.quantity })
    .from(offers)
    .where(inArray(offers.id, [...offerIds]));
  return offerIds.map((id) => rows.find((row) => row.id === id)!.quantity);
}

/** The basket's lines as stored: id, quantity and price seen, by line id. */
export function basketLinesOf(db: Db, basketId: number) {
  return db
    .select({ id: basketItems.id, quantity: basketItems.quantity, priceSeen: basketItems.priceSeen })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId))
    .orderBy(basketItems.id);
}
