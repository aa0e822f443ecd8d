import type { Knex } from 'knex';

/**
 * Selling by weight (issue 34). A product (or variation, a product row) is sold EACH, as before, or by WEIGHT: its
 * `price_paise` is then per kg, it is bought in steps of `step_grams` from `min_grams` to `max_grams`, an optional
 * 5-digit `scale_code` (unique among products not deleted) ties it to the shop scale's labels, and its
 * `product_stock.stock` counts grams. An order line keeps how it was sold: `sell_by`, the step and the asked `grams`
 * (quantity counts steps), and from packing the scale's `weighed_grams` and the `charged_grams` (the weighed grams up
 * to the tolerance cap, unless the shopper accepted the heavier weight). An order keeps `max_total_paise`, the "at
 * most" figure its checkout showed, revised with it. A proposal is a substitute (as before) or, `kind` HEAVIER, a
 * weighed line over the tolerance waiting for the shopper's tap, with the grams weighed.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table products
    add column sell_by text not null default 'EACH',
    add column step_grams integer,
    add column min_grams integer,
    add column max_grams integer,
    add column scale_code text,
    add constraint products_sell_by_check check (sell_by in ('EACH', 'WEIGHT')),
    add constraint products_weighed_rule_check check (
      sell_by = 'EACH' or (step_grams is not null and min_grams is not null and max_grams is not null
        and step_grams >= 10 and min_grams >= step_grams and min_grams <= max_grams)),
    add constraint products_scale_code_check check (scale_code is null or scale_code ~ '^[0-9]{1,6}$')`);
  await knex.raw('create unique index products_scale_code_unique on products (scale_code) where scale_code is not null and deleted_at is null');

  await knex.raw(`alter table order_lines
    add column sell_by text not null default 'EACH',
    add column step_grams integer,
    add column grams integer,
    add column weighed_grams integer,
    add column charged_grams integer,
    add constraint order_lines_sell_by_check check (sell_by in ('EACH', 'WEIGHT')),
    add constraint order_lines_weighed_check check (
      sell_by = 'EACH' or (step_grams is not null and grams is not null and grams = quantity * step_grams)),
    add constraint order_lines_grams_check check (
      (weighed_grams is null or weighed_grams > 0) and (charged_grams is null or (charged_grams > 0 and weighed_grams is not null and charged_grams <= weighed_grams)))`);
  await knex.raw('alter table orders add column max_total_paise integer');

  await knex.raw(`alter table order_proposals
    add column kind text not null default 'SUBSTITUTE',
    add column weighed_grams integer,
    add constraint order_proposals_kind_check check (kind in ('SUBSTITUTE', 'HEAVIER')),
    add constraint order_proposals_heavier_check check (kind = 'SUBSTITUTE' or weighed_grams > 0)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table order_proposals drop column kind, drop column weighed_grams');
  await knex.raw('alter table orders drop column max_total_paise');
  await knex.raw('alter table order_lines drop column sell_by, drop column step_grams, drop column grams, drop column weighed_grams, drop column charged_grams');
  await knex.raw('drop index products_scale_code_unique');
  await knex.raw('alter table products drop column sell_by, drop column step_grams, drop column min_grams, drop column max_grams, drop column scale_code');
}
