import type { Knex } from 'knex';

const PREFERENCES = "('SIMILAR', 'ASK', 'NONE')";
const PROPOSAL_STATUSES = "('PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'AUTO_ACCEPTED')";

/**
 * Packing that tells the truth (issue 33). Products (and variations, which are product rows) gain an optional
 * barcode, kept as 13 digits (shared barcode.ts) and unique among products not deleted. Cart and order lines carry
 * the shopper's substitution choice, remembered per shopper and product in `substitution_choices`. An order line
 * gains `found` (null until packed); an order its `revision` (0 at placing), the total it was placed with and what
 * checkout promised (basket discount rate and delivery fee, filled at the first revision from the placed order).
 * `order_proposals` holds the substitutes staff proposed, with the substitute's unit price and the unit price
 * charged unless the shopper accepts the dearer one; at most one live (pending or kept) proposal per line.
 * `stock_corrections` records each stock set by packing (a short line sets its product's stock to 0).
 * `order_events` gains the revision it records (what changed goes in its `details`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table products add column barcode text');
  await knex.raw("alter table products add constraint products_barcode_check check (barcode is null or barcode ~ '^[0-9]{13}$')");
  await knex.raw('create unique index products_barcode_unique on products (barcode) where barcode is not null and deleted_at is null');

  await knex.raw(`alter table cart_items add column substitution text not null default 'SIMILAR'
    constraint cart_items_substitution_check check (substitution in ${PREFERENCES})`);
  await knex.raw(`create table substitution_choices (
    user_id uuid not null references users (id) on delete cascade,
    product_id uuid not null references products (id) on delete cascade,
    preference text not null constraint substitution_choices_check check (preference in ${PREFERENCES}),
    updated_at timestamptz not null default now(),
    primary key (user_id, product_id)
  )`);

  await knex.raw(`alter table order_lines
    add column found integer,
    add column substitution text not null default 'SIMILAR',
    add constraint order_lines_found_check check (found is null or (found >= 0 and found <= quantity)),
    add constraint order_lines_substitution_check check (substitution in ${PREFERENCES})`);
  await knex.raw(`alter table orders
    add column revision integer not null default 0,
    add column original_total_paise integer,
    add column checkout_basket_rate numeric(5, 2),
    add column checkout_fee_paise integer,
    add constraint orders_revision_check check (revision >= 0)`);

  await knex.raw(`create table order_proposals (
    id uuid primary key default gen_random_uuid(),
    order_id uuid not null references orders (id) on delete cascade,
    line_id uuid not null references order_lines (id) on delete cascade,
    substitute_id uuid references products (id) on delete set null,
    name text not null,
    name_si text,
    name_ta text,
    unit text not null default '',
    image text not null default '',
    unit_price_paise integer not null,
    charge_paise integer not null,
    quantity integer not null,
    status text not null,
    expires_at timestamptz not null,
    proposed_by uuid references users (id) on delete set null,
    answered_by uuid references users (id) on delete set null,
    answered_at timestamptz,
    created_at timestamptz not null default now(),
    constraint order_proposals_status_check check (status in ${PROPOSAL_STATUSES}),
    constraint order_proposals_quantity_check check (quantity > 0),
    constraint order_proposals_price_check check (unit_price_paise >= 0 and charge_paise >= 0 and charge_paise <= unit_price_paise)
  )`);
  await knex.raw('create index order_proposals_order on order_proposals (order_id, created_at)');
  await knex.raw("create unique index order_proposals_live_line on order_proposals (line_id) where status in ('PENDING', 'ACCEPTED', 'AUTO_ACCEPTED')");
  await knex.raw("create index order_proposals_pending_expiry on order_proposals (expires_at) where status = 'PENDING'");

  await knex.raw(`create table stock_corrections (
    id uuid primary key default gen_random_uuid(),
    product_id uuid not null references products (id) on delete cascade,
    from_stock integer not null,
    to_stock integer not null,
    reason text not null,
    order_id uuid references orders (id) on delete set null,
    actor_id uuid references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`);
  await knex.raw('create index stock_corrections_product on stock_corrections (product_id, created_at desc)');

  await knex.raw('alter table order_events add column revision integer');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table order_events drop column if exists revision');
  await knex.raw('drop table if exists stock_corrections');
  await knex.raw('drop table if exists order_proposals');
  await knex.raw(`alter table orders drop constraint if exists orders_revision_check,
    drop column if exists checkout_fee_paise, drop column if exists checkout_basket_rate,
    drop column if exists original_total_paise, drop column if exists revision`);
  await knex.raw(`alter table order_lines drop constraint if exists order_lines_substitution_check,
    drop constraint if exists order_lines_found_check, drop column if exists substitution, drop column if exists found`);
  await knex.raw('drop table if exists substitution_choices');
  await knex.raw('alter table cart_items drop column if exists substitution');
  await knex.raw('drop index if exists products_barcode_unique');
  await knex.raw('alter table products drop constraint if exists products_barcode_check, drop column if exists barcode');
}
