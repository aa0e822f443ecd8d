import type { Knex } from 'knex';

/** When an order was taken (its ringing stopped on every counter); `taken_by` already says who. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.timestamp('taken_at', { useTz: true });
  });
  // Orders taken before this column existed were taken when they first left Pending.
  await knex.raw(`update orders o set taken_at = (select min(e.created_at) from order_events e where e.order_id = o.id and e.from_status = 'Pending') where o.taken_by is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('taken_at');
  });
}
