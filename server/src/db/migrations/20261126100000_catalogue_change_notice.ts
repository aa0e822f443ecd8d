import type { Knex } from 'knex';

/**
 * Every change to the categories, the sub-categories or their links sends a notice on the channel
 * `kade_catalogue` (once per statement), which PostgreSQL delivers only when the change commits, to every
 * server instance listening. The instances keep those lists in memory and drop them on the notice: whoever
 * changed them (the admin screens on any instance, a script, a restore) the next read sees the change.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function kade_catalogue_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kade_catalogue', tg_table_name);
      return null;
    end $$`);
  for (const table of ['categories', 'sub_categories', 'sub_category_categories']) {
    await knex.raw(`create trigger ${table}_changed after insert or update or delete or truncate on ${table}
      for each statement execute function kade_catalogue_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['categories', 'sub_categories', 'sub_category_categories']) {
    await knex.raw(`drop trigger if exists ${table}_changed on ${table}`);
  }
  await knex.raw('drop function if exists kade_catalogue_changed()');
}
