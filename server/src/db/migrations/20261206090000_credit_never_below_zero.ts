import type { Knex } from 'knex';

/**
 * A lot of store credit never goes below zero, whatever writes to it (issue 35). Placing an order spends credit in
 * its write statement from lots it read a moment before; two checkouts of one shopper at once (two phones) could
 * each read the same remainder. So every entry that takes from a lot (REDEEM, EXPIRE, VOID) first locks the lot's
 * ISSUE row, then sums the lot again with a fresh snapshot (a new query in plpgsql sees what committed while it
 * waited) and refuses, raising `kade_credit_overdrawn` (SQLSTATE P0001, its message naming the lot), when the entry
 * would take more than is left. The placement tries again once with the lots read afresh.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`create or replace function kade_credit_entries_guard() returns trigger language plpgsql as $$
    declare
      left_paise bigint;
    begin
      if new.kind in ('REDEEM', 'EXPIRE', 'VOID') then
        perform 1 from credit_entries where id = new.lot_id and kind = 'ISSUE' for update;
        select i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0)
          into left_paise from credit_entries i where i.id = new.lot_id and i.kind = 'ISSUE';
        if left_paise is null or left_paise + new.amount_paise < 0 then
          raise exception 'kade_credit_overdrawn: lot % has % paise left, % asked', new.lot_id, coalesce(left_paise, 0), -new.amount_paise;
        end if;
      end if;
      return new;
    end $$`);
  await knex.raw(`create trigger credit_entries_guard before insert on credit_entries
    for each row execute function kade_credit_entries_guard()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger credit_entries_guard on credit_entries');
  await knex.raw('drop function kade_credit_entries_guard()');
}
