import type { Knex } from 'knex';

/** Orders whose journey had ended (shared `isClosedStatus`, written out: a migration keeps the rule of its day). */
const CLOSED = ['Delivered', 'Cancelled', 'Cancelled Out Of Service Area'];

/**
 * A rider's 'Could not deliver' kept on the order (issue 20): the reason, when, and which rider brought it back, so
 * the staff's flag on the order card survives a reload. Held until the order is given to a rider again or
 * its journey ends (Delivered or cancelled). Orders
 * already brought back and still open take them from their last 'returned' event when no assignment came after it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.text('returned_reason');
    t.timestamp('returned_at', { useTz: true });
    t.uuid('returned_by').references('users.id').onDelete('SET NULL');
  });
  await knex.raw(`
    update orders o set returned_reason = e.note, returned_at = e.created_at, returned_by = e.actor_id
    from (
      select distinct on (order_id) order_id, kind, note, created_at, actor_id
      from order_events
      where kind in ('returned', 'assigned', 'reassigned')
      order by order_id, created_at desc, id desc
    ) e
    where e.order_id = o.id and e.kind = 'returned' and o.rider_id is null
      and o.status not in (${CLOSED.map(() => '?').join(', ')})`, [...CLOSED]);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('returned_reason');
    t.dropColumn('returned_at');
    t.dropColumn('returned_by');
  });
}
