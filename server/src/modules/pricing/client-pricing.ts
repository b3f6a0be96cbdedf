import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/index.ts';
import { NamedStatement } from '../../db/named-statement.ts';
import { offers, suppliers } from '../../db/schema/index.ts';
import type { BasisPoints, PricingProfile } from './policy.ts';
import { sellingPriceSql, type PricedColumns } from './policy-sql.ts';
import { profileFromRules, storedRulesSchema } from './stored-rules.ts';

/** How one caller is priced: their group's current profile and their personal discount. */
export interface ClientPricing {
  /** The `pricing_profiles` row: an order line keeps it. */
  profileId: number;
  profile: PricingProfile;
  /** Names the profile's rules (a digest of them): statements that embed a profile are built once per rules. */
  rulesKey: string;
  discount: BasisPoints;
}

/*
 * Every request reads its group's rules (a small JSON text, with the profile id, in one look-up by key), so a
 * changed profile is seen at the next request by every instance; parsing and compiling happen once per distinct
 * rules text, kept here.
 */
const parsed = new Map<string, { profile: PricingProfile; rulesKey: string }>();
const PARSED_LIMIT = 64;

function parseRules(text: string): { profile: PricingProfile; rulesKey: string } {
  let entry = parsed.get(text);
  if (!entry) {
    const profile = profileFromRules(storedRulesSchema.parse(JSON.parse(text)));
    entry = { profile, rulesKey: createHash('sha1').update(text).digest('hex').slice(0, 16) };
    if (parsed.size >= PARSED_LIMIT) parsed.delete(parsed.keys().next().value!);
    parsed.set(text, entry);
  }
  return entry;
}

const clientParam = sql.placeholder('clientId');

/** The profile of the caller's group (the default group for an anonymous visitor or a client without a group). */
const pricingStatement = new NamedStatement<{ clientId: number | null }>(
  'client_pricing',
  sql`
    select g.profile_id, p.rules::text as rules, coalesce(c.personal_discount, 0)::int as discount
      from (select ${clientParam}::int as client_id) caller
      left join clients c on c.id = caller.client_id
      join client_groups g on g.id = c.group_id or (c.group_id is null and g.is_default)
      join pricing_profiles p on p.id = g.profile_id`,
);

/** How `clientId` (null: an anonymous visitor) is priced right now. */
export async function pricingOf(db: DbExecutor, clientId: number | null): Promise<ClientPricing> {
  const [row] = await pricingStatement.rows<{ profile_id: number; rules: string; discount: number }>(db, {
    clientId,
  });
  if (!row) throw new Error('No default client group: migration 0005 creates Розница');
  return { profileId: row.profile_id, ...parseRules(row.rules), discount: row.discount };
}

/** The name clients see for a supplier: the shop's display name, or the neutral «Склад {id}». */
export const supplierDisplayNameSql = (id: SQL, displayName: SQL): SQL =>
  sql`coalesce(${displayName}, 'Склад ' || ${id})`;

/** The display name of the `suppliers` table's row in a drizzle query. */
export const supplierDisplayName = (): SQL<string> =>
  sql<string>`${supplierDisplayNameSql(sql`${suppliers.id}`, sql`${suppliers.displayName}`)}`;

/** The columns of the `offers` table as the policy reads them; the discount as a bound parameter. */
export const offerPricedColumns = (pricing: ClientPricing): PricedColumns => ({
  purchase: sql`${offers.price}`,
  supplierId: sql`${offers.supplierId}`,
  brandId: sql`${offers.brandId}`,
  personalDiscount: sql`${pricing.discount}::int`,
});

/** The selling price (numeric(14,2), as decimal text) of the `offers` row of a drizzle query, for `pricing`. */
export const offerSellingPrice = (pricing: ClientPricing): SQL<string> =>
  sql<string>`${sellingPriceSql(pricing.profile, offerPricedColumns(pricing))}`;

/**
 * One statement per profile for hot paths whose text embeds the profile (search, basket): built the first time
 * those rules are used, the most recent kept. New rules are a new statement name, so PostgreSQL never runs a
 * plan of the old rules.
 */
export class PricedStatements<Values extends Record<string, unknown>> {
  private readonly built = new Map<string, NamedStatement<Values>>();

  constructor(
    private readonly name: string,
    private readonly build: (profile: PricingProfile, variant: string) => SQL,
    private readonly limit = 64,
  ) {}

  for(pricing: ClientPricing, variant = ''): NamedStatement<Values> {
    const key = `${this.name}${variant}_${pricing.rulesKey}`;
    let statement = this.built.get(key);
    if (!statement) {
      if (this.built.size >= this.limit) this.built.delete(this.built.keys().next().value!);
      statement = new NamedStatement<Values>(key, this.build(pricing.profile, variant));
      this.built.set(key, statement);
    }
    return statement;
  }
}
