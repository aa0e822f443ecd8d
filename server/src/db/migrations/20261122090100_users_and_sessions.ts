import type { Knex } from 'knex';

/** Accounts, rotating refresh tokens, password-reset codes and the shared rate-limit buckets. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.text('name').notNullable();
    t.text('email').notNullable(); // the login identity: the pseudo e-mail made from the mobile number
    t.text('mobile').notNullable();
    t.text('password_hash').notNullable();
    t.text('avatar').notNullable().defaultTo('');
    t.text('role').notNullable().defaultTo('USER');
    t.text('status').notNullable().defaultTo('Active');
    t.boolean('verify_email').notNullable().defaultTo(false);
    t.timestamp('last_login_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`role in ('USER', 'ADMIN')`, [], 'users_role_check');
    t.check(`status in ('Active', 'Disabled')`, [], 'users_status_check');
  });
  await knex.raw('create unique index users_email_unique on users (lower(email))');
  await knex.raw('create unique index users_mobile_unique on users (mobile)');
  await knex.raw('create index users_name_trgm on users using gin (lower(name) gin_trgm_ops)');

  await knex.schema.createTable('refresh_tokens', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.uuid('family_id').notNullable(); // every rotation of one login shares a family; reuse revokes it whole
    t.text('token_hash').notNullable().unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.text('user_agent');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
    t.index(['family_id']);
  });

  await knex.schema.createTable('password_reset_codes', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Shown to admins on purpose: staff read the code to the customer by phone. Valid 10 minutes, single use.
    t.text('code').notNullable();
    t.integer('failed_attempts').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('verified_at', { useTz: true });
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id', 'created_at']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('rate_limit_buckets', (t) => {
    t.text('key').primary();
    t.integer('hits').notNullable().defaultTo(0);
    t.timestamp('reset_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('rate_limit_buckets');
  await knex.schema.dropTable('password_reset_codes');
  await knex.schema.dropTable('refresh_tokens');
  await knex.schema.dropTable('users');
}
