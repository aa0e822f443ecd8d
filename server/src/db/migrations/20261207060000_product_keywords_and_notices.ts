import type { Knex } from 'knex';

/**
 * Issue 36 item 9 and issue 37 item 2.
 *
 * `products.keywords`: the words a shopper may type for a product besides its names (Singlish such as "sini" for
 * sugar, other spellings), a jsonb list of texts (at most 20, each 1–40 characters, checked by the shared schema).
 *
 * Every instance keeps a search index of the published products in memory (modules/catalog/search-index.ts), so
 * every change that alters what a search answers sends a notice on `kade_products`, delivered at commit to every
 * listening instance (as `kade_catalogue` does for the category lists):
 * - a `products` row inserted, updated or deleted: `p <id>` (a variation: its parent's id; the index re-reads it);
 * - a `product_stock` row: `s <id> <stock>` (the stock travels in the notice: an order's stock change costs no read);
 * - a product's category, sub-category or related-product links: `p <product id>`.
 * PostgreSQL drops a notice repeated within one transaction, so a statement touching one product many times sends one.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table products add column keywords jsonb not null default '[]'`);
  await knex.raw(`create or replace function kade_product_changed() returns trigger language plpgsql as $$
    declare
      row_id uuid;
    begin
      if tg_table_name = 'products' then
        if tg_op = 'DELETE' then
          row_id := coalesce(old.parent_id, old.id);
        else
          row_id := coalesce(new.parent_id, new.id);
        end if;
        perform pg_notify('kade_products', 'p ' || row_id);
      elsif tg_table_name = 'product_stock' then
        if tg_op = 'DELETE' then
          perform pg_notify('kade_products', 's ' || old.product_id || ' 0');
        else
          perform pg_notify('kade_products', 's ' || new.product_id || ' ' || new.stock);
        end if;
      elsif tg_op = 'DELETE' then
        perform pg_notify('kade_products', 'p ' || old.product_id);
      else
        perform pg_notify('kade_products', 'p ' || new.product_id);
      end if;
      return null;
    end $$`);
  for (const table of PRODUCT_TABLES) {
    await knex.raw(`create trigger ${table}_notice after insert or update or delete on ${table}
      for each row execute function kade_product_changed()`);
  }
}

const PRODUCT_TABLES = ['products', 'product_stock', 'product_categories', 'product_sub_categories', 'product_links'];

export async function down(knex: Knex): Promise<void> {
  for (const table of PRODUCT_TABLES) await knex.raw(`drop trigger if exists ${table}_notice on ${table}`);
  await knex.raw('drop function if exists kade_product_changed()');
  await knex.raw('alter table products drop column keywords');
}
