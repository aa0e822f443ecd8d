import type { Knex } from 'knex';

/**
 * Stock in a table of its own. Every order changes the stock of what it sells; as a column of `products` each
 * change wrote a new version of the whole searchable row, and when its page had no room (the usual case) a
 * new entry in every index, the two GIN indexes' pending lists included: search slowed down as the shop sold
 * until vacuum caught up. Here an order rewrites a narrow row that no search index covers; its only index is
 * the primary key, which a stock change never touches, so with the free space left on each page
 * (fillfactor 70) the change is a HOT update and writes no index entry at all.
 *
 * The schema change and the data it carries over are one step: the column's values are copied before it is
 * dropped, in the same transaction.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table product_stock (
    product_id uuid primary key references products (id) on delete cascade,
    stock integer not null default 0,
    constraint product_stock_check check (stock >= 0)
  ) with (fillfactor = 70)`);
  await knex.raw('insert into product_stock (product_id, stock) select id, stock from products');
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('stock');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.integer('stock').notNullable().defaultTo(0);
  });
  await knex.raw('update products p set stock = s.stock from product_stock s where s.product_id = p.id');
  await knex.raw('alter table products add constraint products_stock_check check (stock >= 0)');
  await knex.schema.dropTable('product_stock');
}
