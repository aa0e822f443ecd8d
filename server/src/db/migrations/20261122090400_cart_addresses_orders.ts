import type { Knex } from 'knex';

/** Carts, delivery addresses, orders with their line snapshots and events, and idempotency keys. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cart_items', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.integer('quantity').notNullable().defaultTo(1);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['user_id', 'product_id']);
    t.check('quantity > 0', [], 'cart_items_quantity_check');
  });

  // Column names say what they hold; the wire keeps the spec's names (mapping in @kade/shared address.ts).
  await knex.schema.createTable('addresses', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('label').notNullable(); // wire: address_line
    t.text('address_text').notNullable(); // wire: city
    t.text('landmark').notNullable().defaultTo(''); // wire: state
    t.text('contact_mobile').notNullable(); // wire: pincode
    t.text('place_type').notNullable().defaultTo(''); // wire: mobile
    t.text('location_text').notNullable().defaultTo(''); // wire: country
    t.double('latitude');
    t.double('longitude');
    t.double('accuracy');
    t.double('distance_km');
    t.boolean('status').notNullable().defaultTo(true);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'status']);
  });

  await knex.schema.createTable('orders', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('order_code').notNullable().unique(); // short, read aloud by staff
    t.uuid('user_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.text('status').notNullable().defaultTo('Pending');
    t.text('payment_method').notNullable().defaultTo('Cash on Delivery');
    t.text('payment_status').notNullable().defaultTo('');
    t.text('delivery_option').notNullable();
    t.integer('undiscounted_paise').notNullable();
    t.integer('subtotal_paise').notNullable();
    t.integer('basket_discount_paise').notNullable().defaultTo(0);
    t.integer('delivery_fee_paise').notNullable().defaultTo(0);
    t.integer('rounding_paise').notNullable().defaultTo(0);
    t.integer('total_paise').notNullable();
    t.uuid('address_id').references('addresses.id').onDelete('SET NULL');
    t.jsonb('delivery_address').notNullable(); // snapshot at the time of the order
    t.text('location').notNullable().defaultTo('Location not available');
    t.double('latitude');
    t.double('longitude');
    t.uuid('taken_by').references('users.id').onDelete('SET NULL'); // the counter that moved it to Processing
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('total_paise >= 0', [], 'orders_total_check');
  });
  await knex.raw('create index orders_status_created on orders (status, created_at desc)');
  await knex.raw('create index orders_user_created on orders (user_id, created_at desc)');
  await knex.raw('create index orders_updated on orders (updated_at)');

  await knex.schema.createTable('order_lines', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.uuid('product_id').references('products.id').onDelete('SET NULL');
    t.integer('position').notNullable();
    t.text('name').notNullable();
    t.text('unit').notNullable().defaultTo('');
    t.text('image').notNullable().defaultTo('');
    t.text('category').notNullable().defaultTo('');
    t.integer('original_price_paise').notNullable();
    t.decimal('discount', 5, 2).notNullable().defaultTo(0);
    t.integer('price_paise').notNullable(); // unit price after discount, as charged
    t.integer('quantity').notNullable();
    t.check('quantity > 0', [], 'order_lines_quantity_check');
    t.index(['order_id', 'position']);
    t.index(['product_id']);
  });

  await knex.schema.createTable('order_events', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('order_id').notNullable().references('orders.id').onDelete('CASCADE');
    t.uuid('actor_id').references('users.id').onDelete('SET NULL');
    t.text('from_status');
    t.text('to_status').notNullable();
    t.text('note');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['order_id', 'created_at']);
  });

  await knex.schema.createTable('idempotency_keys', (t) => {
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.text('key').notNullable();
    t.text('request_hash').notNullable();
    t.integer('response_status');
    t.jsonb('response_body');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['user_id', 'key']);
    t.index(['created_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('idempotency_keys');
  await knex.schema.dropTable('order_events');
  await knex.schema.dropTable('order_lines');
  await knex.schema.dropTable('orders');
  await knex.schema.dropTable('addresses');
  await knex.schema.dropTable('cart_items');
}
