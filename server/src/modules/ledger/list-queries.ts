import { sql, type SQL } from 'drizzle-orm';
import type { LedgerEntryKind } from '@detal/contract';

/*
 * The SQL of the ledger's two long lists (decision 0057), one statement each, paged in the database: the debtors
 * (every ledger owing something or stopped, its debt from the cached balance, its overdue from the cached figure
 * of the day or the cached open debits, its limit from the terms) and a ledger's entries (the running balance a window over all of the ledger's entries, the page
 * cut after it). Numbers come back as text (bigint and numeric differ between the drivers).
 */

export const DEBTOR_SORT_KEYS = {
  overdue: sql`overdue`,
  days_overdue: sql`days_overdue`,
  debt: sql`debt`,
  limit_used: sql`coalesce(limit_used, -1)`,
} as const;

export interface DebtorPageRequest {
  sort: keyof typeof DEBTOR_SORT_KEYS;
  only_attention: boolean;
  page: number;
  per_page: number;
}

export interface DebtorRow extends Record<string, unknown> {
  /** Null only in the one row answered for a page past the end (it carries the total). */
  id: number | null;
  client_id: number;
  payer_id: number | null;
  balance: string;
  oldest_due: string | null;
  stop_kind: string | null;
  stop_reason: string | null;
  stopped_at: string | null;
  credit_limit: string | null;
  debt: string;
  overdue: string;
  limit_used: string | null;
  days_overdue: number;
  first_name: string;
  last_name: string;
  company_name: string | null;
  email: string;
  phone_number: string;
  payer_name: string | null;
  total: string;
}

/** The overdue of the account row `row` on `today`, summed from its cached open debits due before today. */
export const overdueSql = (row: SQL, today: string) => sql`
  (select coalesce(sum((d ->> 'open')::numeric), 0) from jsonb_array_elements(${row}.open_debits) as d
    where d ->> 'due_on' < ${today})`;

/**
 * The overdue of the account row `row` on `today`: the cached figure when it was written or refreshed today
 * (decision 0066), zero when its oldest open due is not before today, else summed from its open debits.
 */
const overdueOf = (row: SQL, today: string) => sql`
  case when ${row}.overdue_on = ${today}::date then ${row}.overdue
       when ${row}.oldest_open_due < ${today}::date then ${overdueSql(row, today)}
       else 0 end`;

/** The credit limit in force for client row `client` (its own terms, else its group's, else the default group's). */
const creditLimitOf = (client: SQL) => sql`
  coalesce((select own.credit_limit from credit_terms own where own.client_id = ${client}.id),
           (select grp.credit_limit from credit_terms grp
             where grp.group_id = coalesce(${client}.group_id, (select g.id from client_groups g where g.is_default))))`;

/** The same for every debtor at once: joins (hashed by the planner), where a subquery per row was four times slower. */
const limitJoins = sql`
  join clients c on c.id = a.client_id
  left join credit_terms own on own.client_id = a.client_id
  left join credit_terms grp on grp.group_id = coalesce(c.group_id, (select g.id from client_groups g where g.is_default))`;

/** Debt over limit in percent, one decimal; null without a limit. */
const limitUsedOf = (debt: SQL, limit: SQL) => sql`
  case when ${limit} is null or ${limit} = 0 then null else round(${debt} * 1000 / ${limit}) / 10 end`;

/**
 * A page of debtors on day `today` ('yyyy-mm-dd'), and the count of all of them in every row. The debt is the
 * cached balance's negative: allocation leaves no credit unused while a debit is open (allocation.ts), so what is
 * open is exactly what the balance owes. The overdue and the limit are worked out for every debtor only when they
 * sort or filter; otherwise for the page's rows alone (the limit needs each debtor's client and terms: reading
 * them for all 9,000 debtors of a big shop was half the first page's time, decision 0066).
 */
export function debtorPageQuery(body: DebtorPageRequest, today: string): SQL {
  const key = DEBTOR_SORT_KEYS[body.sort];
  const overdueForAll = body.sort === 'overdue' || body.only_attention;
  const limitForAll = body.sort === 'limit_used' || body.only_attention;
  return sql`
    with debtor as (
      select a.id, a.oldest_open_due, greatest(-a.balance, 0) as debt,
             ${overdueForAll ? overdueOf(sql`a`, today) : sql`null::numeric`} as overdue,
             ${limitForAll ? sql`coalesce(own.credit_limit, grp.credit_limit)` : sql`null::numeric`} as credit_limit
        from ledger_accounts a
        ${limitForAll ? limitJoins : sql``}
       where (a.oldest_open_due is not null or a.stop_kind is not null)
         and (a.balance < 0 or a.stop_kind is not null)
    ),
    measured as (
      select debtor.*, ${limitUsedOf(sql`debt`, sql`credit_limit`)} as limit_used,
             case when oldest_open_due < ${today}::date then ${today}::date - oldest_open_due else 0 end as days_overdue
        from debtor
    ),
    listed as (
      select * from measured
       where ${!body.only_attention} or limit_used > 80 or overdue > 0
    ),
    page as (
      select listed.*, ${key} as sort_key from listed
       order by sort_key desc, id
       limit ${body.per_page} offset ${(body.page - 1) * body.per_page}
    )
    select page.id, pa.client_id, pa.payer_id, pa.balance::text as balance,
           pa.oldest_open_due::text as oldest_due, pa.stop_kind, pa.stop_reason,
           to_char(pa.stopped_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as stopped_at,
           lim.credit_limit::text as credit_limit, page.debt::text as debt,
           coalesce(page.overdue, ${overdueOf(sql`pa`, today)})::text as overdue,
           ${limitUsedOf(sql`page.debt`, sql`lim.credit_limit`)}::text as limit_used,
           page.days_overdue, c.first_name, c.last_name, c.company_name,
           c.email, c.phone_number, p.short_name as payer_name, (select count(*) from listed)::text as total
      from (select 1) as one
      left join page on true
      left join ledger_accounts pa on pa.id = page.id
      left join clients c on c.id = pa.client_id
      left join lateral (select coalesce(page.credit_limit, ${creditLimitOf(sql`c`)}) as credit_limit offset 0) lim on true
      left join payers p on p.id = pa.payer_id
     order by page.sort_key desc, page.id`;
}

export interface EntryPageRequest {
  account_id: number;
  kind?: LedgerEntryKind | null;
  date_from?: string | null;
  date_to?: string | null;
  newest_first?: boolean;
  page: number;
  per_page: number;
}

export interface EntryRow extends Record<string, unknown> {
  /** Null only in the one row answered for a page past the end (it carries the total). */
  id: string | null;
  kind: string;
  side: string;
  amount: string;
  occurred_on: string;
  due_on: string | null;
  bill_id: number | null;
  shipment_id: number | null;
  reverses_id: string | null;
  reason: string;
  running_balance: string;
  reversed: boolean;
  total: string;
}

/**
 * A page of a ledger's entries, oldest first (the back office asks newest first), each with the balance after it,
 * and the count passing the filters.
 */
export function entryPageQuery(body: EntryPageRequest): SQL {
  const filters = [sql`true`];
  if (body.kind != null) filters.push(sql`kind = ${body.kind}`);
  if (body.date_from != null) filters.push(sql`occurred_on >= ${body.date_from}`);
  if (body.date_to != null) filters.push(sql`occurred_on <= ${body.date_to}`);
  const direction = body.newest_first ? sql`desc` : sql`asc`;
  return sql`
    with running as (
      select e.id, e.kind, e.side, e.amount, e.occurred_on, e.due_on, e.bill_id, e.shipment_id, e.reverses_id,
             e.reason,
             sum(case e.side when 'credit' then e.amount else -e.amount end) over (order by e.id) as running_balance
        from ledger_entries e
       where e.account_id = ${body.account_id}
    ),
    listed as (select * from running where ${sql.join(filters, sql` and `)}),
    page as (
      select * from listed order by id ${direction} limit ${body.per_page} offset ${(body.page - 1) * body.per_page}
    )
    select page.id::text as id, page.kind, page.side, page.amount::text as amount,
           page.occurred_on::text as occurred_on, page.due_on::text as due_on, page.bill_id, page.shipment_id,
           page.reverses_id::text as reverses_id, page.reason, page.running_balance::text as running_balance,
           exists (select 1 from ledger_entries r where r.reverses_id = page.id) as reversed,
           (select count(*) from listed)::text as total
      from (select 1) as one
      left join page on true
     order by page.id ${direction}`;
}
