import type { Knex } from 'knex';

/**
 * A shelf's products in the shop's order, straight from an index (issue 17, item 1). Each category and
 * sub-category link carries its product's `created_at` (`product_created_at`, kept equal by triggers) and is
 * indexed by (shelf, newest first, product id), so a listing page walks its shelf's index and stops after the
 * page: about `offset + limit` rows whatever the shelf's size and whichever plan PostgreSQL keeps for the prepared
 * statement. Before, a page collected every product of its shelf and sorted them (All Products: the whole
 * catalogue, 12 ms at 10k products under the generic plan of a prepared statement), or walked the whole
 * catalogue newest first looking for a small shelf's products.
 */
const LINKS = [
  { table: 'product_categories', shelf: 'category_id' },
  { table: 'product_sub_categories', shelf: 'sub_category_id' },
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function kade_link_product_created_at() returns trigger language plpgsql as $$
    begin
      select p.created_at into new.product_created_at from products p where p.id = new.product_id;
      return new;
    end $$`);
  await knex.raw(`create or replace function kade_product_created_at_changed() returns trigger language plpgsql as $$
    begin
      update product_categories set product_created_at = new.created_at where product_id = new.id;
      update product_sub_categories set product_created_at = new.created_at where product_id = new.id;
      return null;
    end $$`);
  for (const { table, shelf } of LINKS) {
    await knex.raw(`alter table ${table} add column product_created_at timestamptz`);
    await knex.raw(`update ${table} l set product_created_at = p.created_at from products p where p.id = l.product_id`);
    await knex.raw(`alter table ${table} alter column product_created_at set not null`);
    await knex.raw(`create trigger ${table}_product_created_at before insert or update of product_id, product_created_at on ${table}
      for each row execute function kade_link_product_created_at()`);
    await knex.raw(`create index ${table}_shelf_newest on ${table} (${shelf}, product_created_at desc, product_id)`);
  }
  await knex.raw(`create trigger products_created_at_changed after update of created_at on products
    for each row when (old.created_at is distinct from new.created_at) execute function kade_product_created_at_changed()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists products_created_at_changed on products');
  for (const { table } of LINKS) {
    await knex.raw(`drop trigger if exists ${table}_product_created_at on ${table}`);
    await knex.raw(`drop index if exists ${table}_shelf_newest`);
    await knex.raw(`alter table ${table} drop column product_created_at`);
  }
  await knex.raw('drop function if exists kade_product_created_at_changed()');
  await knex.raw('drop function if exists kade_link_product_created_at()');
}
