import type { Knex } from 'knex';

// The delivery options' labels as they stood when this migration was written (shared DELIVERY_OPTIONS); a later
// option gets its row from the migration that adds it. Migrations never import rules that may change.
const OPTION_LABELS = ['20 Minutes to 30 Minutes', '50 Minutes to 1 Hour', 'Between 2 Hours to 2.30 Hours'];
const OPEN_STATUSES = ['Pending', 'Processing', 'Shipped', '10 Minutes delay traffic conditions'];

/**
 * Store operations (issue 19): busy mode (one row: the pause in force, if any), each delivery option's capacity of
 * open orders (null: unlimited), and when each server instance last had a staff dashboard or counter connected
 * (with the counters' heartbeats, whether anyone would see a new order).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('store_state', (t) => {
    t.integer('id').primary();
    t.text('pause_scope'); // 'all' | 'fastest' | null
    t.timestamp('pause_until', { useTz: true });
    t.uuid('paused_by').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('paused_at', { useTz: true });
  });
  await knex.raw(`alter table store_state add constraint store_state_one_row check (id = 1)`);
  await knex.raw(`alter table store_state add constraint store_state_scope check (pause_scope is null or pause_scope in ('all', 'fastest'))`);
  await knex('store_state').insert({ id: 1 });

  await knex.schema.createTable('delivery_slots', (t) => {
    t.text('label').primary();
    t.integer('capacity');
  });
  await knex.raw(`alter table delivery_slots add constraint delivery_slots_capacity check (capacity is null or capacity >= 0)`);
  await knex('delivery_slots').insert(OPTION_LABELS.map((label) => ({ label, capacity: null })));

  await knex.schema.createTable('staff_presence', (t) => {
    t.text('instance_id').primary();
    t.timestamp('seen_at', { useTz: true }).notNullable();
  });

  // Counting an option's open orders reads only the open ones.
  // (DDL takes no bound parameters: the statuses are this file's own constants, quoted here.)
  await knex.raw(`create index orders_open_by_option on orders (delivery_option) where status in (${OPEN_STATUSES.map((s) => `'${s}'`).join(', ')})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists orders_open_by_option');
  await knex.schema.dropTable('staff_presence');
  await knex.schema.dropTable('delivery_slots');
  await knex.schema.dropTable('store_state');
}
