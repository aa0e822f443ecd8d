import type { Knex } from 'knex';

/**
 * Riders and cash on delivery that reconciles (issue 20): the RIDER role and its shift; on each order the rider
 * carrying it, when it was assigned, picked up and delivered, and the cash recorded at the door (paise, when, by
 * whom, the reason when it differed from the total, flagged for staff); what kind of event an order event is
 * (a status move, or an assignment); and the cash riders hand in to the store.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('USER', 'STAFF', 'ADMIN', 'RIDER'))`);
  await knex.schema.alterTable('users', (t) => {
    t.boolean('on_shift').notNullable().defaultTo(false);
  });

  await knex.schema.alterTable('orders', (t) => {
    t.uuid('rider_id').references('users.id').onDelete('SET NULL');
    t.timestamp('assigned_at', { useTz: true });
    t.timestamp('picked_up_at', { useTz: true });
    t.integer('cash_collected_paise');
    t.timestamp('cash_collected_at', { useTz: true });
    t.uuid('cash_collected_by').references('users.id').onDelete('SET NULL');
    t.text('cash_note');
    t.boolean('cash_flagged').notNullable().defaultTo(false);
  });
  if (!(await knex.schema.hasColumn('orders', 'delivered_at'))) {
    await knex.schema.alterTable('orders', (t) => {
      t.timestamp('delivered_at', { useTz: true });
    });
  }
  await knex.raw('alter table orders add constraint orders_cash_collected_check check (cash_collected_paise is null or cash_collected_paise >= 0)');
  // A rider's page reads their orders; the day report reads the cash recorded in a day.
  await knex.raw('create index orders_rider on orders (rider_id, status) where rider_id is not null');
  await knex.raw('create index orders_cash_collected on orders (cash_collected_at) where cash_collected_at is not null');

  // null: a status move (from_status -> to_status); 'assigned', 'reassigned', 'unassigned', 'picked_up',
  // 'returned': a rider event, with who from and to in `details`.
  await knex.schema.alterTable('order_events', (t) => {
    t.text('kind');
    t.jsonb('details');
  });

  await knex.schema.createTable('cash_hand_ins', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('rider_id').notNullable().references('users.id').onDelete('RESTRICT');
    t.integer('amount_paise').notNullable();
    t.uuid('received_by').references('users.id').onDelete('SET NULL');
    t.timestamp('received_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.text('note');
    t.check('amount_paise > 0', [], 'cash_hand_ins_amount_check');
    t.index(['rider_id', 'received_at']);
    t.index(['received_at']);
  });

  // Orders delivered before this: their delivery time from their Delivered event, and a delivered cash order was
  // paid its total (no delivered cash order reads 'Not Paid').
  await knex.raw(`update orders o set delivered_at = (select max(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'Delivered') where o.status = 'Delivered' and o.delivered_at is null`);
  await knex.raw(`update orders set payment_status = 'Paid', cash_collected_paise = total_paise, cash_collected_at = coalesce(delivered_at, updated_at) where status = 'Delivered' and payment_method = 'Cash on Delivery' and payment_status <> 'Paid'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('cash_hand_ins');
  await knex.schema.alterTable('order_events', (t) => {
    t.dropColumn('kind');
    t.dropColumn('details');
  });
  await knex.raw('drop index if exists orders_cash_collected');
  await knex.raw('drop index if exists orders_rider');
  await knex.schema.alterTable('orders', (t) => {
    t.dropColumn('rider_id');
    t.dropColumn('assigned_at');
    t.dropColumn('picked_up_at');
    t.dropColumn('delivered_at');
    t.dropColumn('cash_collected_paise');
    t.dropColumn('cash_collected_at');
    t.dropColumn('cash_collected_by');
    t.dropColumn('cash_note');
    t.dropColumn('cash_flagged');
  });
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('on_shift');
  });
  await knex.raw(`update users set role = 'USER' where role = 'RIDER'`);
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('USER', 'STAFF', 'ADMIN'))`);
}
