import { randomUUID } from 'node:crypto';
import { kopecksToDecimal, toKopecks } from '@detal/contract';
import type { Db } from '../../db/index.ts';
import { bills, clients, orderItems, orders } from '../../db/schema.ts';
import { writeShopSetting, type ShopSettingValues } from '../../db/shop-settings.ts';
import { openSession } from '../auth/sessions.ts';

/**
 * Rows for the bills tests, written straight into the tables the orders and auth modules own, so that a test
 * states exactly the bill it reads back (date, sum, lines, paid).
 */

export const TEST_REQUISITES: ShopSettingValues['requisites'] = {
  name: 'ООО «Деталь-Тест»',
  inn: '7701234567',
  kpp: '770101001',
  address: '115280, г. Москва, ул. Ленинская Слобода, д. 19',
  bank_name: 'ПАО «Тестбанк», г. Москва',
  bik: '044525999',
  settlement_account: '40702810900000012345',
  correspondent_account: '30101810400000000999',
};

export async function writeBillSettings(db: Db, vatRate: number | null): Promise<void> {
  await writeShopSetting(db, 'requisites', TEST_REQUISITES);
  await writeShopSetting(db, 'vat', { rate: vatRate });
}

export interface TestClient {
  id: number;
  token: string;
}

/** A client with an open session (through the auth module's own session code). */
export async function insertClient(
  db: Db,
  name: { firstName?: string; lastName?: string; companyName?: string | null } = {},
): Promise<TestClient> {
  const [client] = await db
    .insert(clients)
    .values({
      email: `client-${randomUUID()}@example.test`,
      // Never checked here: these clients sign in through openSession, not with a password.
      passwordHash: 'test-only',
      firstName: name.firstName ?? 'Иван',
      lastName: name.lastName ?? 'Петров',
      middleName: 'Сергеевич',
      companyName: name.companyName ?? null,
      phoneNumber: '+79991234567',
    })
    .returning({ id: clients.id });
  return { id: client!.id, token: await openSession(db, client!.id, new Date()) };
}

export interface TestLine {
  article: string;
  brandName: string;
  description: string;
  price: string;
  quantity: number;
}

export interface TestOrderInput {
  clientId: number;
  lines: TestLine[];
  deliveryPrice?: string;
  deliveryMethodName?: string;
  companyName?: string | null;
  /** The order's and the bill's time. */
  at?: Date;
  paid?: boolean;
}

/** `count` lines of distinct parts at varied prices (with kopecks) and quantities. */
export function testLines(count: number): TestLine[] {
  const parts = ['Фильтр масляный', 'Колодки тормозные передние', 'Свеча зажигания иридиевая', 'Ремень ГРМ'];
  const brands = ['KNECHT', 'BREMBO', 'NGK', 'GATES', 'MANN-FILTER'];
  return Array.from({ length: count }, (_, index) => ({
    article: `TST${String(index + 1).padStart(3, '0')}`,
    brandName: brands[index % brands.length]!,
    description: parts[index % parts.length]!,
    price: kopecksToDecimal(10_000 + index * 1_237),
    quantity: (index % 3) + 1,
  }));
}

/** An order with its lines and its bill, as checkout writes them; answers the ids and the total in kopecks. */
export async function insertOrderWithBill(
  db: Db,
  input: TestOrderInput,
): Promise<{ orderId: number; billId: number; totalKopecks: number }> {
  const deliveryPrice = input.deliveryPrice ?? '0.00';
  const totalKopecks =
    input.lines.reduce((sum, line) => sum + toKopecks(line.price) * line.quantity, 0) + toKopecks(deliveryPrice);
  const at = input.at ?? new Date();
  const total = kopecksToDecimal(totalKopecks);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        clientId: input.clientId,
        submissionKey: randomUUID(),
        email: 'buyer@example.test',
        firstName: 'Иван',
        lastName: 'Петров',
        middleName: 'Сергеевич',
        companyName: input.companyName ?? null,
        phoneNumber: '+79991234567',
        deliveryMethodId: 2,
        deliveryMethodName: input.deliveryMethodName ?? 'Курьер по Москве',
        deliveryPrice,
        totalPrice: total,
        countPosition: input.lines.length,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    if (input.lines.length > 0) await tx.insert(orderItems).values(input.lines.map((line) => ({ orderId, ...line })));
    const [bill] = await tx
      .insert(bills)
      .values({
        orderId,
        clientId: input.clientId,
        priceSum: total,
        paid: input.paid ?? false,
        paidAt: input.paid ? at : null,
        dateBill: at,
        createdAt: at,
      })
      .returning({ id: bills.id });
    return { orderId, billId: bill!.id, totalKopecks };
  });
}
