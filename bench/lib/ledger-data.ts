import type pg from 'pg';

/*
 * The client ledger's bench data (issue 31), written in SQL only (generate_series, window functions), never
 * through the app: `--clients` clients, a tenth of them workshops with a payer, and about `--entries` entries over
 * five years ending today. Ids are given explicitly (client n, its account n, payer n/10) so the figures can name
 * them; the identity sequences are moved past them afterwards.
 *
 * - Retail clients (nine in ten): pay in advance, then receive; a pair of entries of the same amount, due on its
 *   day. An odd count leaves an advance on the account. One in a hundred is in the group «Предоплата».
 * - Workshops (a tenth, each with a payer): cycles of nine entries: seven shipments due after the deferral, an
 *   eighth entry that is a reversal of the seventh, a staff adjustment (credit or debit) or one more shipment, and a
 *   payment of exactly what the cycle left owing. The last cycle is still open (debt, some of it overdue). Every
 *   third workshop stopped paying 20 to 140 days ago: those are the debtors with overdue debt, and the ones late by
 *   more than 30 days are on the automatic stop-list. Groups «СТО» (limit 150,000, 14 days) and the first
 *   `bigAccounts` in «Опт» (limit 1,000,000, 30 days) with `bigEntries` entries each; one in seven workshops has its
 *   own override (limit 300,000, 21 days).
 * - The cached position on each account row (balance, open debits, oldest open due) is computed in SQL the way
 *   modules/ledger/allocation.ts does it (no credit here names a bill, so oldest due first), and checked against
 *   allocation.ts for a sample of accounts by the bench.
 */

export interface LedgerDataSize {
  clients: number;
  entries: number;
  bigAccounts: number;
  bigEntries: number;
}

/** How many entries account `n` gets, as SQL over the client number `n` (see the shape above). */
function entryCountSql(size: LedgerDataSize): { workshop: string; retail: string; big: string } {
  const workshops = Math.floor(size.clients / 10);
  const retail = size.clients - workshops;
  const bigTotal = size.bigAccounts * size.bigEntries;
  // Two thirds of what is left to workshops, a third to retail clients; spread around the mean.
  const workshopMean = Math.max(
    20,
    Math.round(((size.entries - bigTotal) * 2) / 3 / Math.max(1, workshops - size.bigAccounts)),
  );
  const retailMean = Math.max(2, Math.round((size.entries - bigTotal) / 3 / Math.max(1, retail)));
  return {
    big: String(size.bigEntries),
    workshop: `(${Math.round(workshopMean / 2)} + (n * 131) % ${workshopMean + 1})`,
    retail: `(1 + (n * 7919) % ${2 * retailMean - 1})`,
  };
}

/** Groups, clients, payers, terms, accounts and entries; then the accounts' cached positions and stop-list. */
export async function writeLedgerData(client: pg.Client, size: LedgerDataSize): Promise<void> {
  const counts = entryCountSql(size);
  await client.query(`set work_mem = '256MB'`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  await client.query(`set synchronous_commit = off`);

  await client.query(`
    insert into client_groups (name, profile_id)
    select name, (select min(id) from pricing_profiles) from unnest(array['СТО', 'Опт', 'Предоплата']) as name`);
  await client.query(`
    insert into credit_terms (group_id, credit_limit, deferral_days, prepay_required)
    select id, case name when 'СТО' then 150000 when 'Опт' then 1000000 end,
           case name when 'СТО' then 14 when 'Опт' then 30 end,
           name = 'Предоплата'
      from client_groups where name in ('СТО', 'Опт', 'Предоплата')`);

  // Client n: a workshop when n % 10 = 0 (the first bigAccounts of them wholesale), else retail.
  await client.query(
    `
    insert into clients (id, email, password_hash, first_name, last_name, company_name, phone_number, is_business,
                         inn, group_id)
    overriding system value
    select n, 'client-' || n || '@bench-ledger.invalid', 'bench-only', 'Клиент',
           case when n % 10 = 0 then 'Мастеров ' else 'Покупателев ' end || n,
           case when n % 10 = 0 then 'ООО «Автосервис ' || n || '»' end,
           '+79' || lpad(n::text, 9, '0'), n % 10 = 0,
           case when n % 10 = 0 then lpad(n::text, 10, '7') end,
           case when n % 10 = 0 and n <= $2::int * 10 then (select id from client_groups where name = 'Опт')
                when n % 10 = 0 then (select id from client_groups where name = 'СТО')
                when n % 100 = 1 then (select id from client_groups where name = 'Предоплата') end
      from generate_series(1, $1::int) as n`,
    [size.clients, size.bigAccounts],
  );
  await client.query(`
    insert into payers (id, client_id, kind, full_name, short_name, inn, kpp, ogrn, legal_address, bank_name, bik,
                        correspondent_account, settlement_account, is_default)
    overriding system value
    select id / 10, id, 'legal_entity', 'Общество с ограниченной ответственностью «Автосервис ' || id || '»',
           company_name, inn, '770101001', lpad(id::text, 13, '1'), 'г. Москва, ул. Моторная, д. ' || (id % 200 + 1),
           'ПАО Сбербанк', '044525225', '30101810400000000225', lpad(id::text, 20, '4'), true
      from clients where id % 10 = 0`);
  await client.query(`
    insert into credit_terms (client_id, credit_limit, deferral_days)
    select id, 300000, 21 from clients where id % 70 = 0`);
  await client.query(`
    insert into ledger_accounts (id, client_id, payer_id)
    overriding system value
    select id, id, case when id % 10 = 0 then id / 10 end from clients`);

  // The entries, fast: no foreign-key or no-update triggers while loading, secondary indexes built afterwards.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(`
    select indexname as name, indexdef as definition from pg_indexes
     where tablename = 'ledger_entries' and indexname <> 'ledger_entries_pkey'`);
  for (const index of indexes) await client.query(`drop index "${index.name}"`);
  await client.query(`set session_replication_role = replica`);
  await client.query(`
    create temporary table bench_entry_plan as
    with account as (
      select a.id as account_id, a.id as n, a.id % 10 = 0 as workshop,
             case when a.id % 10 = 0 and a.id <= ${size.bigAccounts} * 10 then ${counts.big}
                  when a.id % 10 = 0 then ${counts.workshop.replaceAll('n', 'a.id')}
                  else ${counts.retail.replaceAll('n', 'a.id')} end as entries,
             coalesce(own.deferral_days, grp.deferral_days, 0) as deferral,
             -- a third of the workshops stopped paying this many days ago
             case when a.id % 30 = 0 and a.id > ${size.bigAccounts} * 10 then 20 + (a.id * 7) % 121 end as late_days,
             -- five years for workshops; retail clients came at some point of them
             case when a.id % 10 = 0 then 1825 else 60 + (a.id * 37) % 1765 end as span
        from ledger_accounts a
        join clients c on c.id = a.client_id
        left join credit_terms own on own.client_id = c.id
        left join credit_terms grp on grp.group_id = c.group_id
    )
    select account_id, workshop, late_days, k, k / 9 as cycle, k % 9 as slot, deferral,
           (current_date - span + (k::bigint * span / entries)::int)::date as day,
           (50000 + (account_id::bigint * 7907 + (case when workshop then k else k / 2 end)::bigint * 104729) % 950000) as kopecks
      from account, generate_series(0, entries - 1) as k`);
  await client.query(`
    insert into ledger_entries (id, account_id, kind, side, amount, occurred_on, due_on, reverses_id, reason,
                                created_at)
    overriding system value
    with typed as (
      select p.*,
             case when not workshop then case when k % 2 = 0 then 'payment' else 'shipment' end
                  when slot < 7 then 'shipment'
                  when slot = 7 then case cycle % 10 when 3 then 'reversal' when 5 then 'adjustment-credit'
                                                     when 8 then 'adjustment-debit' else 'shipment' end
                  else 'payment' end as what
        from bench_entry_plan p
    ),
    signed as (
      select t.*,
             case what when 'reversal' then lag(kopecks) over cycle_rows
                       when 'adjustment-credit' then 10000 when 'adjustment-debit' then 15000
                       when 'payment' then case when workshop then 0 else kopecks end
                       else kopecks end as own_kopecks
        from typed t
      window cycle_rows as (partition by account_id, cycle order by slot)
    ),
    priced as (
      -- a workshop's payment: exactly what its cycle left owing (debits minus credits before it)
      select s.*,
             case when workshop and what = 'payment'
                  then sum(case when what in ('shipment', 'adjustment-debit') then own_kopecks
                                when what in ('reversal', 'adjustment-credit') then -own_kopecks else 0 end)
                         over (partition by account_id, cycle)
                  else own_kopecks end as amount_kopecks
        from signed s
    ),
    kept as (
      -- the late payers' payments after they stopped paying never came
      select * from priced
       where not (what = 'payment' and workshop and late_days is not null and day > current_date - late_days)
    ),
    numbered as (
      select k2.*, row_number() over (order by day, account_id, k) as id from kept k2
    )
    select id, account_id,
           case what when 'adjustment-credit' then 'adjustment' when 'adjustment-debit' then 'adjustment' else what end,
           case when what in ('payment', 'reversal', 'adjustment-credit') then 'credit' else 'debit' end,
           (amount_kopecks / 100.0)::numeric(12, 2), day,
           case when what = 'shipment' then day + deferral end,
           case when what = 'reversal' then lag(id) over (partition by account_id order by k) end,
           case what when 'reversal' then 'Ошибочная отгрузка' when 'adjustment-credit' then 'Скидка за объём'
                     when 'adjustment-debit' then 'Доставка' when 'payment' then 'Платёжное поручение' else '' end,
           day::timestamptz + interval '12 hours'
      from numbered`);
  await client.query(`set session_replication_role = origin`);
  for (const index of indexes) await client.query(index.definition);
  for (const table of ['clients', 'payers', 'ledger_accounts', 'ledger_entries', 'client_groups']) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }

  await client.query('analyze ledger_entries, ledger_accounts, clients, credit_terms');
  await writeCachedPositions(client);
}

/** The cached position of every account, as allocation.ts derives it (no credit names a bill here); the stop-list. */
export async function writeCachedPositions(client: pg.Client): Promise<void> {
  // The anti-join's estimate (reverses_id is almost always null) is one row: a nested loop would take hours.
  await client.query('set enable_nestloop = off');
  await client.query(`
    with live as (
      select e.account_id, e.id, e.side, e.amount, coalesce(e.due_on, e.occurred_on) as due
        from ledger_entries e
        left join ledger_entries r on r.reverses_id = e.id
       where e.reverses_id is null and r.id is null
    ),
    paid as (select account_id, sum(amount) as credits from live where side = 'credit' group by account_id),
    debits as (
      select account_id, id, amount, due, sum(amount) over (partition by account_id order by due, id) as upto
        from live where side = 'debit'
    ),
    open as (
      select d.account_id, d.id, d.due, least(d.amount, d.upto - coalesce(p.credits, 0)) as open
        from debits d left join paid p using (account_id)
       where d.upto > coalesce(p.credits, 0)
    ),
    position as (
      select account_id,
             jsonb_agg(jsonb_build_object('entry_id', id, 'due_on', to_char(due, 'YYYY-MM-DD'), 'open', open::text)
                       order by due, id) as open_debits,
             min(due) as oldest
        from open group by account_id
    ),
    balance as (
      select account_id, sum(case side when 'credit' then amount else -amount end) as balance
        from ledger_entries group by account_id
    )
    update ledger_accounts a
       set balance = b.balance, open_debits = coalesce(p.open_debits, '[]'::jsonb), oldest_open_due = p.oldest
      from balance b left join position p using (account_id)
     where a.id = b.account_id`);
  await client.query(`
    update ledger_accounts set stop_kind = 'auto', stop_reason = 'Просроченный долг более 30 дн.',
                               stopped_at = (oldest_open_due + 31)::timestamptz
     where oldest_open_due < current_date - 30`);
  await client.query(`
    update ledger_accounts set stop_kind = 'manual', stop_reason = 'Спорная отгрузка, до выяснения', stopped_at = now()
     where id % 997 = 0 and stop_kind is null`);
}
