import type { Knex } from 'knex';

/**
 * An order line's product is checked against `product_stock`, not `products`. A foreign key check locks the row it
 * points at (FOR KEY SHARE), which writes that row's header: pointing at `products`, every order line wrote a lock
 * into a searchable product row, and two orders of one product at once made PostgreSQL create a multixact for it.
 * The order's write has just taken the stock of every line, so the stock row is already locked by the same
 * transaction and the check costs next to nothing. The meaning is the same: every product has one stock row,
 * removed with its product (on delete cascade), which now clears the product of the order lines that sold it (on
 * delete set null), as before. Measured: issue 17, docs/BENCHMARKS.md.
 */
export async function up(knex: Knex): Promise<void> {
  // Every product has its stock row (product-service.ts writes one with each product); any made before that rule get 0.
  await knex.raw('insert into product_stock (product_id, stock) select p.id, 0 from products p where not exists (select 1 from product_stock s where s.product_id = p.id)');
  await knex.raw('alter table order_lines drop constraint order_lines_product_id_foreign');
  await knex.raw(`alter table order_lines add constraint order_lines_product_stock_foreign
    foreign key (product_id) references product_stock (product_id) on delete set null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table order_lines drop constraint order_lines_product_stock_foreign');
  await knex.raw(`alter table order_lines add constraint order_lines_product_id_foreign
    foreign key (product_id) references products (id) on delete set null`);
}
