import type { Knex } from 'knex';

/**
 * Issue 37: PostgreSQL's search (catalog/search.ts, the fallback while the read model builds or cannot hear the
 * catalogue's notices) finds products by their `keywords` too, as the search in memory does: a shopper typing the
 * Singlish 'sini' gets the sugars during a rebuild as well.
 *
 * `search_vector` holds the keywords' words beside the English name's, weighted B (the name's are D, to_tsvector's
 * own weight), so one GIN index answers a text whose words are in the name, in the keywords or some in each (the
 * memory's match: every word starts a word of the names or keywords). The ranking tells them apart by weight
 * (`word:D`, `word:*D`: the name's words only), so a product found only through its keywords ranks after the name
 * matches. A generated column's expression cannot be altered before PostgreSQL 17: the column is made again, which
 * rewrites `products` once and builds its index again (dropped with the column).
 */
const WITH_KEYWORDS = `to_tsvector('simple', coalesce(name, '')) || setweight(to_tsvector('simple', keywords), 'B')`;
const NAME_ONLY = `to_tsvector('simple', coalesce(name, ''))`;

async function searchVector(knex: Knex, expression: string): Promise<void> {
  await knex.raw('alter table products drop column search_vector');
  await knex.raw(`alter table products add column search_vector tsvector generated always as (${expression}) stored`);
  await knex.raw('create index products_search_vector on products using gin (search_vector)');
}

export async function up(knex: Knex): Promise<void> {
  await searchVector(knex, WITH_KEYWORDS);
}

export async function down(knex: Knex): Promise<void> {
  await searchVector(knex, NAME_ONLY);
}
