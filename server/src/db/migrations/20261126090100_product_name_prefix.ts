import type { Knex } from 'knex';

/**
 * Names in byte order (C collation), lowercased: search reads the names that start with the text from here in
 * order and stops at its candidate cap, so the exact name and the names starting with the text are always
 * ranked, however many other products match.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index products_name_prefix on products ((lower(name) collate "C"))');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index products_name_prefix');
}
