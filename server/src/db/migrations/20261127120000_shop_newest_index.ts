import type { Knex } from 'knex';

/**
 * The shop's listings newest first, as an index holds them: only what a shopper may see (no variation, not
 * deleted, published), in the listing's own order (newest first, then id). The older `products_visible`
 * index also holds variations, which a newest-first read had to step over one by one (about 2,900 of them
 * before the first product of the All Products page on the benchmark's 10k catalogue), and it lacked the id
 * that breaks ties, so every page was sorted again. With this one the page is the index's first rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index products_shop_newest on products (created_at desc, id) where parent_id is null and deleted_at is null and publish');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index products_shop_newest');
}
