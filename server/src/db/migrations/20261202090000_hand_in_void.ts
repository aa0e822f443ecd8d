import type { Knex } from 'knex';

/**
 * A hand-in recorded by mistake is voided, never deleted (issue 30, item 3): who voided it, when and why stay on
 * the row (`voided_by`, `voided_at`, `void_reason`; a voided row has both a time and a reason). A voided hand-in no
 * longer counts against what the rider holds: the balance trigger of 20261201090000 takes only live hand-ins off
 * `rider_cash.held_paise`, so voiding one gives its amount back in the voiding transaction, and the trigger now also
 * fires when `voided_at` changes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table cash_hand_ins
    add column voided_at timestamptz,
    add column voided_by uuid references users (id) on delete set null,
    add column void_reason text`);
  await knex.raw(`alter table cash_hand_ins add constraint cash_hand_ins_void_check
    check ((voided_at is null) = (void_reason is null))`);
  await knex.raw(`create or replace function kade_rider_cash_hand_ins() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' and old.voided_at is null then
        perform kade_rider_cash_add(old.rider_id, old.amount_paise::bigint);
      end if;
      if tg_op <> 'DELETE' and new.voided_at is null then
        insert into rider_cash as c (rider_id, held_paise) values (new.rider_id, -new.amount_paise::bigint)
          on conflict (rider_id) do update set held_paise = c.held_paise + excluded.held_paise;
      end if;
      return null;
    end $$`);
  await knex.raw('drop trigger if exists cash_hand_ins_rider_cash on cash_hand_ins');
  await knex.raw(`create trigger cash_hand_ins_rider_cash after insert or delete or update of rider_id, amount_paise, voided_at on cash_hand_ins
    for each row execute function kade_rider_cash_hand_ins()`);
}

export async function down(knex: Knex): Promise<void> {
  // Back to every hand-in counting: a voided one is taken off the balance again before its columns go.
  await knex.raw('drop trigger if exists cash_hand_ins_rider_cash on cash_hand_ins');
  await knex.raw(`update rider_cash c set held_paise = c.held_paise - v.paise
    from (select rider_id, sum(amount_paise)::bigint as paise from cash_hand_ins where voided_at is not null group by rider_id) v
    where v.rider_id = c.rider_id`);
  await knex.raw(`create or replace function kade_rider_cash_hand_ins() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        perform kade_rider_cash_add(old.rider_id, old.amount_paise::bigint);
      end if;
      if tg_op <> 'DELETE' then
        insert into rider_cash as c (rider_id, held_paise) values (new.rider_id, -new.amount_paise::bigint)
          on conflict (rider_id) do update set held_paise = c.held_paise + excluded.held_paise;
      end if;
      return null;
    end $$`);
  await knex.raw(`create trigger cash_hand_ins_rider_cash after insert or delete or update of rider_id, amount_paise on cash_hand_ins
    for each row execute function kade_rider_cash_hand_ins()`);
  await knex.raw('alter table cash_hand_ins drop constraint if exists cash_hand_ins_void_check');
  await knex.raw('alter table cash_hand_ins drop column if exists void_reason, drop column if exists voided_by, drop column if exists voided_at');
}
