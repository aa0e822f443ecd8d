import type { Knex } from 'knex';

/**
 * What each rider holds, as a running balance (`rider_cash.held_paise`): every cash amount recorded on an order
 * carried by the rider, less every hand-in. The day report's "brought forward" was the sum of the rider's whole
 * history before the day, a cost that grew with every order the shop ever delivered; it is now this balance less
 * what was recorded since the day began, which reads only the rows from that day on (the index on
 * `orders.cash_collected_at` and on `cash_hand_ins.received_at`).
 *
 * Triggers keep the balance, so every way a row changes counts the same: a delivery by a rider or by staff, the
 * cash of an order given to another rider, an order or a hand-in removed, a correction made in SQL. Each takes the
 * old row's part off and puts the new row's on, in the writing transaction; a rider's balance row is locked by
 * that update, so two deliveries of one rider at once add one after the other. An order counts while it has a
 * rider, an amount and a time (as the report has always counted it).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create table rider_cash (
    rider_id uuid primary key references users (id) on delete cascade,
    held_paise bigint not null default 0
  )`);
  await knex.raw(`insert into rider_cash (rider_id, held_paise)
    select t.rider_id, sum(t.paise) from (
      select o.rider_id, o.cash_collected_paise::bigint as paise from orders o
        where o.rider_id is not null and o.cash_collected_paise is not null and o.cash_collected_at is not null
      union all
      select h.rider_id, -h.amount_paise::bigint from cash_hand_ins h
    ) t group by t.rider_id`);

  // A balance is taken from with a plain update (its row exists: the amount was added through it), so removing a
  // rider's account, which sets their orders' rider to null, never writes a row for an account being removed.
  await knex.raw(`create or replace function kade_rider_cash_add(rider uuid, paise bigint) returns void language plpgsql as $$
    begin
      if paise > 0 then
        insert into rider_cash as c (rider_id, held_paise) values (rider, paise)
          on conflict (rider_id) do update set held_paise = c.held_paise + excluded.held_paise;
      elsif paise < 0 then
        update rider_cash set held_paise = held_paise + paise where rider_id = rider;
      end if;
    end $$`);
  await knex.raw(`create or replace function kade_rider_cash_orders() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        if old.rider_id is not null and old.cash_collected_paise is not null and old.cash_collected_at is not null then
          perform kade_rider_cash_add(old.rider_id, -old.cash_collected_paise::bigint);
        end if;
      end if;
      if tg_op <> 'DELETE' then
        if new.rider_id is not null and new.cash_collected_paise is not null and new.cash_collected_at is not null then
          perform kade_rider_cash_add(new.rider_id, new.cash_collected_paise::bigint);
        end if;
      end if;
      return null;
    end $$`);
  await knex.raw(`create or replace function kade_rider_cash_hand_ins() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform kade_rider_cash_add(old.rider_id, old.amount_paise::bigint);
      end if;
      if tg_op <> 'DELETE' then
        -- a hand-in is taken off a balance that exists: the rule lets a rider hand in only what they hold (plus a
        -- margin), and a balance row is written with the first cash a rider is given
        insert into rider_cash as c (rider_id, held_paise) values (new.rider_id, -new.amount_paise::bigint)
          on conflict (rider_id) do update set held_paise = c.held_paise + excluded.held_paise;
      end if;
      return null;
    end $$`);
  // An order placed has no rider and no cash: these fire only when a row carries or changes a rider's cash.
  await knex.raw(`create trigger orders_rider_cash_insert after insert on orders for each row
    when (new.rider_id is not null and new.cash_collected_paise is not null and new.cash_collected_at is not null)
    execute function kade_rider_cash_orders()`);
  await knex.raw(`create trigger orders_rider_cash_update after update of rider_id, cash_collected_paise, cash_collected_at on orders
    for each row when (old.rider_id is distinct from new.rider_id or old.cash_collected_paise is distinct from new.cash_collected_paise
      or (old.cash_collected_at is null) <> (new.cash_collected_at is null))
    execute function kade_rider_cash_orders()`);
  await knex.raw(`create trigger orders_rider_cash_delete after delete on orders for each row
    when (old.rider_id is not null and old.cash_collected_paise is not null and old.cash_collected_at is not null)
    execute function kade_rider_cash_orders()`);
  await knex.raw(`create trigger cash_hand_ins_rider_cash after insert or delete or update of rider_id, amount_paise on cash_hand_ins
    for each row execute function kade_rider_cash_hand_ins()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists cash_hand_ins_rider_cash on cash_hand_ins');
  await knex.raw('drop trigger if exists orders_rider_cash_delete on orders');
  await knex.raw('drop trigger if exists orders_rider_cash_update on orders');
  await knex.raw('drop trigger if exists orders_rider_cash_insert on orders');
  await knex.raw('drop function if exists kade_rider_cash_hand_ins()');
  await knex.raw('drop function if exists kade_rider_cash_orders()');
  await knex.raw('drop function if exists kade_rider_cash_add(uuid, bigint)');
  await knex.raw('drop table if exists rider_cash');
}
