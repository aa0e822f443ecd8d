import type { Knex } from 'knex';
import * as neverBelowZero from './20261206090000_credit_never_below_zero';

/**
 * An order's use of credit can now shrink as well as end (issue 35): packing that lowers the total below the credit
 * the order used gives the difference back, and a reopened order may spend again. So an order and a lot may have
 * several REDEEM and RESTORE entries, and the once-per-order-and-lot indexes go. What replaces them is the rule they
 * stood for, checked on every insert by the entries' guard: an order never gets back more of a lot than it holds of
 * it (what it redeemed from the lot less what it was given back), so a rupee is never given back twice. Writers
 * also lock the shopper's account row first, so two changes of one order's credit take turns.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index credit_entries_redeem_once');
  await knex.raw('drop index credit_entries_restore_once');
  await knex.raw("create index credit_entries_order on credit_entries (order_id, lot_id) where kind in ('REDEEM', 'RESTORE')");
  await knex.raw(`create or replace function kade_credit_entries_guard() returns trigger language plpgsql as $$
    declare
      left_paise bigint;
      held_paise bigint;
    begin
      if new.kind in ('REDEEM', 'EXPIRE', 'VOID', 'RESTORE') then
        perform 1 from credit_entries where id = new.lot_id and kind = 'ISSUE' for update;
      end if;
      if new.kind in ('REDEEM', 'EXPIRE', 'VOID') then
        select i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0)
          into left_paise from credit_entries i where i.id = new.lot_id and i.kind = 'ISSUE';
        if left_paise is null or left_paise + new.amount_paise < 0 then
          raise exception 'kade_credit_overdrawn: lot % has % paise left, % asked', new.lot_id, coalesce(left_paise, 0), -new.amount_paise;
        end if;
      elsif new.kind = 'RESTORE' then
        select -coalesce(sum(e.amount_paise), 0) into held_paise from credit_entries e
          where e.lot_id = new.lot_id and e.order_id is not distinct from new.order_id and e.kind in ('REDEEM', 'RESTORE');
        if new.order_id is null or held_paise < new.amount_paise then
          raise exception 'kade_credit_overdrawn: order % holds % paise of lot %, % to give back', new.order_id, held_paise, new.lot_id, new.amount_paise;
        end if;
      end if;
      return new;
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index credit_entries_order');
  await knex.raw("create unique index credit_entries_redeem_once on credit_entries (order_id, lot_id) where kind = 'REDEEM'");
  await knex.raw("create unique index credit_entries_restore_once on credit_entries (order_id, lot_id) where kind = 'RESTORE'");
  // the guard as it was: the earlier migration makes it again
  await knex.raw('drop trigger credit_entries_guard on credit_entries');
  await neverBelowZero.up(knex);
}
