import type { Knex } from 'knex';

/**
 * The language a shopper chose for the shop (issue 21): 'en', 'si' or 'ta', or null while they have not chosen
 * (the app then follows the phone). Kept on the account so signing in on another phone speaks it too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.string('language', 2).nullable();
  });
  await knex.raw("alter table users add constraint users_language_check check (language in ('en', 'si', 'ta'))");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (table) => {
    table.dropChecks(['users_language_check']);
    table.dropColumn('language');
  });
}
