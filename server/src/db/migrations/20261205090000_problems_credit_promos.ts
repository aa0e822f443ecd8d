import type { Knex } from 'knex';

/**
 * Keeping the terms' promises (issue 35). `problem_reports` are a shopper's reports on a delivered order, with their
 * lines (`problem_lines`: what, how many, why, and the value it had on the order) and the store's decision: a refund
 * of some amount as store credit or as cash the store pays back (due by `cash_due_at` until `cash_paid_at`).
 *
 * `credit_entries` is the ledger of store credit: an ISSUE is a lot (its amount, its expiry and a readable `code`
 * unique among lots); REDEEM, EXPIRE and VOID take from a lot and RESTORE gives back to it, each naming the lot in
 * `lot_id`, signed so that a lot's remainder and an account's balance are sums. Unique indexes make the writes
 * that must happen once happen once: one ISSUE per approved report, one REDEEM and one RESTORE per order and lot,
 * one EXPIRE per lot.
 *
 * `promo_codes` are the admins' codes (a FIXED amount in paise or a PERCENT), `promo_uses` each order's use of one
 * (released when the order is cancelled). Orders keep the promo code and discount and the credit they used.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table problem_reports (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    status text not null default 'OPEN',
    note text not null default '',
    photos jsonb not null default '[]'::jsonb,
    refund_as text,
    amount_paise integer,
    decision_note text,
    decided_by uuid references users (id) on delete set null,
    decided_at timestamptz,
    cash_due_at timestamptz,
    cash_paid_at timestamptz,
    cash_paid_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint problem_reports_status_check check (status in ('OPEN', 'APPROVED', 'DECLINED')),
    constraint problem_reports_refund_check check (refund_as is null or refund_as in ('CREDIT', 'CASH')),
    constraint problem_reports_amount_check check (amount_paise is null or amount_paise >= 0),
    constraint problem_reports_decided_check check ((status = 'OPEN') = (decided_at is null))
  )`);
  await knex.raw('create index problem_reports_order on problem_reports (order_id)');
  await knex.raw('create index problem_reports_status on problem_reports (status, created_at)');
  await knex.raw('create index problem_reports_user on problem_reports (user_id, created_at)');
  await knex.raw(`create table problem_lines (
    id uuid primary key default gen_random_uuid(),
    problem_id uuid not null references problem_reports (id) on delete cascade,
    product_id uuid,
    name text not null,
    quantity integer not null,
    reason text not null,
    value_paise integer not null,
    constraint problem_lines_quantity_check check (quantity > 0),
    constraint problem_lines_reason_check check (reason in ('DAMAGED', 'DEFECTIVE', 'EXPIRED', 'WRONG_ITEM', 'MISSING')),
    constraint problem_lines_value_check check (value_paise >= 0)
  )`);
  await knex.raw('create index problem_lines_problem on problem_lines (problem_id)');

  await knex.raw(`create table credit_entries (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    kind text not null,
    amount_paise integer not null,
    lot_id uuid references credit_entries (id) on delete cascade,
    order_id uuid references orders (id) on delete set null,
    problem_id uuid references problem_reports (id) on delete set null,
    reason text not null default '',
    code text,
    expires_at timestamptz,
    actor_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    constraint credit_entries_kind_check check (kind in ('ISSUE', 'REDEEM', 'EXPIRE', 'VOID', 'RESTORE')),
    constraint credit_entries_sign_check check (
      (kind in ('ISSUE', 'RESTORE') and amount_paise > 0) or (kind in ('REDEEM', 'EXPIRE', 'VOID') and amount_paise < 0)),
    constraint credit_entries_lot_check check ((kind = 'ISSUE') = (lot_id is null)),
    constraint credit_entries_issue_check check (kind <> 'ISSUE' or (code is not null and expires_at is not null))
  )`);
  await knex.raw('create index credit_entries_user on credit_entries (user_id, created_at)');
  await knex.raw('create index credit_entries_lot on credit_entries (lot_id)');
  await knex.raw("create unique index credit_entries_code on credit_entries (code) where kind = 'ISSUE'");
  await knex.raw("create unique index credit_entries_problem_issue on credit_entries (problem_id) where kind = 'ISSUE' and problem_id is not null");
  await knex.raw("create unique index credit_entries_redeem_once on credit_entries (order_id, lot_id) where kind = 'REDEEM'");
  await knex.raw("create unique index credit_entries_restore_once on credit_entries (order_id, lot_id) where kind = 'RESTORE'");
  await knex.raw("create unique index credit_entries_expire_once on credit_entries (lot_id) where kind = 'EXPIRE'");

  await knex.raw(`create table promo_codes (
    id uuid primary key default gen_random_uuid(),
    code text not null,
    kind text not null,
    value numeric(12, 2) not null,
    min_basket_paise integer not null default 0,
    max_uses integer,
    per_customer integer,
    expires_at timestamptz not null,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    deleted_at timestamptz,
    constraint promo_codes_kind_check check (kind in ('FIXED', 'PERCENT')),
    constraint promo_codes_value_check check (value > 0 and (kind = 'FIXED' or value <= 100)),
    constraint promo_codes_limits_check check (min_basket_paise >= 0 and (max_uses is null or max_uses > 0) and (per_customer is null or per_customer > 0))
  )`);
  await knex.raw('create unique index promo_codes_live_code on promo_codes (code) where deleted_at is null');
  await knex.raw(`create table promo_uses (
    id uuid primary key default gen_random_uuid(),
    promo_id uuid not null references promo_codes (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    order_id uuid not null references orders (id) on delete cascade,
    discount_paise integer not null,
    released_at timestamptz,
    created_at timestamptz not null default now(),
    constraint promo_uses_discount_check check (discount_paise >= 0)
  )`);
  await knex.raw('create unique index promo_uses_order on promo_uses (order_id)');
  await knex.raw('create index promo_uses_promo on promo_uses (promo_id, user_id) where released_at is null');

  await knex.raw(`alter table orders
    add column promo_code text,
    add column promo_discount_paise integer not null default 0,
    add column credit_used_paise integer not null default 0,
    add constraint orders_promo_credit_check check (promo_discount_paise >= 0 and credit_used_paise >= 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table orders drop column promo_code, drop column promo_discount_paise, drop column credit_used_paise');
  await knex.raw('drop table promo_uses');
  await knex.raw('drop table promo_codes');
  await knex.raw('drop table credit_entries');
  await knex.raw('drop table problem_lines');
  await knex.raw('drop table problem_reports');
}
