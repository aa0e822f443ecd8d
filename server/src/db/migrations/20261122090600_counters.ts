import type { Knex } from 'knex';

/** The counter apps' heartbeat: which counters and printers are online, and when each last answered. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('counters', (t) => {
    t.uuid('id').primary(); // chosen by the counter app at its first start
    t.text('name').notNullable();
    t.uuid('user_id').references('users.id').onDelete('SET NULL');
    t.text('printer_state').notNullable().defaultTo('not-configured');
    t.text('printer_error');
    t.integer('queued_jobs').notNullable().defaultTo(0);
    t.text('app_version').notNullable().defaultTo('');
    t.timestamp('printer_seen_at', { useTz: true });
    t.timestamp('last_seen_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('counters');
}
