import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/src/db/index.ts';

/** An offer as the shop keeps it: what the client must never see (purchase price, real supplier name) included. */
export interface KeptOffer {
  id: number;
  brand: string;
  /** Kopecks the shop pays its supplier. */
  purchaseKopecks: number;
  /** The supplier's real name. */
  supplier: string;
  /** The name clients see. */
  shownSupplier: string;
  deliveryProbability: number | null;
}

/**
 * The offers of an article (normalized: 'OC90') as the app's embedded database holds them, read while the app is
 * stopped (PGlite admits one process at a time): the test's own knowledge of purchase prices and real names.
 */
export async function readOffers(dataDir: string, articleNormalized: string): Promise<KeptOffer[]> {
  const database = await openDatabase({ dataDir });
  try {
    const result = await database.db.execute<{
      id: string;
      brand: string;
      purchase_kopecks: number;
      supplier: string;
      shown_supplier: string;
      delivery_probability: number | null;
    }>(sql`
      select o.id::text, b.name as brand, (o.price * 100)::int as purchase_kopecks, s.name as supplier,
             coalesce(s.display_name, 'Склад ' || s.id) as shown_supplier, s.delivery_probability
        from offers o
        join brands b on b.id = o.brand_id
        join suppliers s on s.id = o.supplier_id
       where o.article_normalized = ${articleNormalized}
       order by o.id`);
    return result.rows.map((row) => ({
      id: Number(row.id),
      brand: row.brand,
      purchaseKopecks: Number(row.purchase_kopecks),
      supplier: row.supplier,
      shownSupplier: row.shown_supplier,
      deliveryProbability: row.delivery_probability,
    }));
  } finally {
    await database.close();
  }
}
