import type { Knex } from 'knex';

/** Counter clerks get an account of their own: the STAFF role (shared/src/permissions.ts says what it may do). */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('USER', 'STAFF', 'ADMIN'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`update users set role = 'USER' where role = 'STAFF'`);
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('USER', 'ADMIN'))`);
}
