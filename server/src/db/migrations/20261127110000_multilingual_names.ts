import type { Knex } from 'knex';

/**
 * Names in Sinhala and Tamil beside the English one (issue 21): optional on categories, sub-categories and
 * products (variations too, being products rows), and copied onto each order line as it was sold, with the
 * language the order was placed in, so the receipt prints the names the shopper read.
 *
 * A search text in Sinhala or Tamil looks only at that language's names (see catalog/search.ts), so each gets
 * the English name's three indexes of its own: whole words (an expression GIN over its tsvector; the English
 * `search_vector` column stays as it is, so adding the names rewrites no row), look-alikes (trigrams) and
 * prefixes in byte order. The columns are nullable without a default: adding them changes no stored row.
 */
const NAMED_TABLES = ['categories', 'sub_categories', 'products'] as const;
const LANGUAGES = ['si', 'ta'] as const;

export async function up(knex: Knex): Promise<void> {
  for (const table of NAMED_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.text('name_si');
      t.text('name_ta');
    });
  }
  for (const language of LANGUAGES) {
    const column = `name_${language}`;
    await knex.raw(`create index products_${column}_words on products using gin (to_tsvector('simple', coalesce(${column}, '')))`);
    await knex.raw(`create index products_${column}_trgm on products using gin (lower(${column}) gin_trgm_ops)`);
    await knex.raw(`create index products_${column}_prefix on products ((lower(${column}) collate "C"))`);
  }
  await knex.schema.alterTable('order_lines', (t) => {
    t.text('name_si');
    t.text('name_ta');
  });
  await knex.schema.alterTable('orders', (t) => {
    t.text('language').notNullable().defaultTo('en');
  });
  await knex.raw(`alter table orders add constraint orders_language check (language in ('en', 'si', 'ta'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table orders drop constraint orders_language');
  await knex.schema.alterTable('orders', (t) => t.dropColumn('language'));
  await knex.schema.alterTable('order_lines', (t) => {
    t.dropColumn('name_si');
    t.dropColumn('name_ta');
  });
  for (const language of LANGUAGES) {
    for (const suffix of ['words', 'trgm', 'prefix']) await knex.raw(`drop index products_name_${language}_${suffix}`);
  }
  for (const table of NAMED_TABLES) {
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('name_si');
      t.dropColumn('name_ta');
    });
  }
}
