import type { Knex } from 'knex';

/**
 * Categories, sub-categories and products. A variation is a product row with a parent: it has its own
 * name, images, unit, stock, price, discount and publish flag and goes into carts and orders like any product.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('image').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index categories_name_unique on categories (lower(btrim(name)))');

  await knex.schema.createTable('sub_categories', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('image').notNullable().defaultTo('');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index sub_categories_name_unique on sub_categories (lower(btrim(name)))');

  await knex.schema.createTable('sub_category_categories', (t) => {
    t.uuid('sub_category_id').notNullable().references('sub_categories.id').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('categories.id').onDelete('CASCADE');
    t.primary(['sub_category_id', 'category_id']);
    t.index(['category_id']);
  });

  await knex.schema.createTable('products', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('parent_id').references('products.id').onDelete('CASCADE'); // set on variations
    t.text('name').notNullable();
    t.text('unit').notNullable().defaultTo('');
    t.jsonb('images').notNullable().defaultTo('[]');
    t.integer('price_paise').notNullable();
    t.decimal('discount', 5, 2).notNullable().defaultTo(0);
    t.integer('stock').notNullable().defaultTo(0);
    t.integer('total_stock').notNullable().defaultTo(100);
    t.text('description').notNullable().defaultTo('');
    t.jsonb('more_details').notNullable().defaultTo('{}');
    t.boolean('publish').notNullable().defaultTo(true);
    t.boolean('single_quantity').notNullable().defaultTo(false);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check('price_paise >= 0', [], 'products_price_check');
    t.check('stock >= 0', [], 'products_stock_check');
    t.check('total_stock >= 0', [], 'products_total_stock_check');
    t.check('discount >= 0 and discount <= 100', [], 'products_discount_check');
    t.index(['parent_id']);
  });
  // Search: whole words through full text, prefixes and typos through trigrams, both on the name.
  await knex.raw(`alter table products add column search_vector tsvector
    generated always as (to_tsvector('simple', coalesce(name, ''))) stored`);
  await knex.raw('create index products_search_vector on products using gin (search_vector)');
  await knex.raw('create index products_name_trgm on products using gin (lower(name) gin_trgm_ops)');
  await knex.raw('create index products_visible on products (created_at desc) where deleted_at is null and publish');

  await knex.schema.createTable('product_categories', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('category_id').notNullable().references('categories.id').onDelete('RESTRICT');
    t.primary(['product_id', 'category_id']);
    t.index(['category_id', 'product_id']);
  });

  await knex.schema.createTable('product_sub_categories', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('sub_category_id').notNullable().references('sub_categories.id').onDelete('RESTRICT');
    t.primary(['product_id', 'sub_category_id']);
    t.index(['sub_category_id', 'product_id']);
  });

  // Related products shown beside a product (the spec's `product` list of ids).
  await knex.schema.createTable('product_links', (t) => {
    t.uuid('product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.uuid('linked_product_id').notNullable().references('products.id').onDelete('CASCADE');
    t.primary(['product_id', 'linked_product_id']);
    t.check('product_id <> linked_product_id', [], 'product_links_not_self');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('product_links');
  await knex.schema.dropTable('product_sub_categories');
  await knex.schema.dropTable('product_categories');
  await knex.schema.dropTable('products');
  await knex.schema.dropTable('sub_category_categories');
  await knex.schema.dropTable('sub_categories');
  await knex.schema.dropTable('categories');
}
