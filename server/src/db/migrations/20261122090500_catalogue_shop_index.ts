import type { Knex } from 'knex';

/**
 * The products a shopper may see, as a covering index: listings join the category and sub-category links
 * to it and sort by created_at without touching the table (an index-only scan per linked product).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create index products_shop_visible on products (id) include (created_at)
    where parent_id is null and deleted_at is null and publish`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index products_shop_visible');
}
