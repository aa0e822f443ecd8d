// The store credit ledger (issue 35): the only code that writes `credit_entries`. An ISSUE is a lot with its own
// expiry and readable code; REDEEM, EXPIRE and VOID take from a lot and RESTORE gives back to it. A lot's remainder
// and an account's balance are sums, worked out by the shared rules (credit.ts). Every write that spends or gives
// back locks the account's row first, so two checkouts of one shopper take turns and never spend one rupee twice;
// the table's unique indexes make each write that must happen once (an issue per approved report, an expiry per lot)
// happen once even if it is tried twice, and its guard never gives an order back more of a lot than it holds of it.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { creditBalancePaise, creditCode, creditExpiresAt, paiseToRupees, planGiveBack, planRedemption, spendableLots, type CreditEntryWire, type CreditLot, type CreditWire, type OrderLotSpend } from '@kade/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../catalog/checks';

/** A lot of the account with what is left of it. */
export interface LotRow extends CreditLot {
  code: string;
}

interface EntryRow {
  id: string;
  kind: CreditEntryWire['kind'];
  amount_paise: number;
  reason: string;
  order_id: string | null;
  code: string | null;
  expires_at: Date | string | null;
  created_at: Date | string;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export function toCreditEntryWire(row: EntryRow): CreditEntryWire {
  return {
    _id: row.id,
    kind: row.kind,
    amount: paiseToRupees(row.amount_paise),
    reason: row.reason,
    orderId: row.order_id,
    code: row.code,
    expiresAt: iso(row.expires_at),
    createdAt: iso(row.created_at) as string,
  };
}

const ENTRY_COLUMNS = ['id', 'kind', 'amount_paise', 'reason', 'order_id', 'code', 'expires_at', 'created_at'];

/** What an issue is for: the account, the amount, why, and the order, report and person behind it. */
export interface CreditIssue {
  userId: string;
  amountPaise: number;
  reason: string;
  orderId?: string | null;
  problemId?: string | null;
  actorId: string | null;
  /** Days until it expires (the terms' 30 when not said). */
  days?: number;
}

export function createCreditLedger({ db, clock }: { db: Knex; clock: Clock }) {
  /** Every lot of the account with what is left of it (expired ones too: the caller asks the shared rules). */
  async function lots(trx: Db, userId: string): Promise<LotRow[]> {
    const rows = (await trx.raw(
      `select i.id, i.code, i.expires_at, i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0) as remaining
      from credit_entries i where i.user_id = ? and i.kind = 'ISSUE'`,
      [userId],
    )) as { rows: Array<{ id: string; code: string; expires_at: Date | string; remaining: number | string }> };
    return rows.rows.map((row) => ({ id: row.id, code: row.code, expiresAt: new Date(row.expires_at), remainingPaise: Number(row.remaining) }));
  }

  /** Locks the account's row: spending and giving back take turns per account. */
  async function lockAccount(trx: Knex.Transaction, userId: string): Promise<void> {
    await trx('users').where({ id: userId }).forUpdate().first('id');
  }

  /** Issues a lot: a readable code drawn at random (drawn again in the rare case it is taken). */
  async function issue(trx: Knex.Transaction, credit: CreditIssue): Promise<CreditEntryWire> {
    const now = clock.now();
    for (let attempt = 0; ; attempt++) {
      const code = creditCode(randomBytes(8));
      try {
        // a savepoint, so a code already taken does not spoil the caller's transaction
        const [row] = await trx.transaction(async (sp) =>
          sp('credit_entries')
            .insert({
              user_id: credit.userId,
              kind: 'ISSUE',
              amount_paise: credit.amountPaise,
              reason: credit.reason,
              order_id: credit.orderId ?? null,
              problem_id: credit.problemId ?? null,
              code,
              expires_at: creditExpiresAt(now, credit.days),
              actor_id: credit.actorId,
              created_at: now,
            })
            .returning<EntryRow[]>(ENTRY_COLUMNS),
        );
        return toCreditEntryWire(row as EntryRow);
      } catch (error) {
        const constraint = (error as { constraint?: string }).constraint;
        if (isUniqueViolation(error) && constraint === 'credit_entries_code' && attempt < 5) continue;
        throw error;
      }
    }
  }

  return {
    lots,
    issue,

    /** What the account can spend now. */
    async balancePaise(trx: Db, userId: string): Promise<number> {
      return creditBalancePaise(await lots(trx, userId), clock.now());
    },

    /** GET /api/credit: the balance and the ledger, newest first. */
    async read(userId: string): Promise<CreditWire> {
      const [all, entries] = await Promise.all([
        lots(db, userId),
        db('credit_entries').where({ user_id: userId }).orderBy('created_at', 'desc').orderBy('id').limit(200).select<EntryRow[]>(ENTRY_COLUMNS),
      ]);
      const now = clock.now();
      return {
        balance: paiseToRupees(creditBalancePaise(all, now)),
        entries: entries.map(toCreditEntryWire),
        lots: spendableLots(all, now).map((lot) => ({ _id: lot.id, code: lot.code, remaining: paiseToRupees(lot.remainingPaise), expiresAt: lot.expiresAt.toISOString() })),
      };
    },

    /**
     * Brings what an order holds of the shopper's credit to `targetPaise`, in the caller's transaction (the order's
     * row is locked by its move), and answers what it holds then. Above the target, the difference goes back to the
     * lots it came from, the latest-expiring first, each keeping its own expiry (cancelled: the target is 0; packed
     * for less than the credit used: the new total). Below it (a cancelled order reopened), it spends again, the
     * soonest-expiring lots first, as far as the balance goes. The account is locked first, so this and a checkout
     * of the same shopper take turns; the entries' guard refuses giving back more than the order holds of a lot.
     */
    async settleOrder(trx: Knex.Transaction, change: { userId: string; orderId: string; targetPaise: number; actorId: string | null; reason: string }): Promise<number> {
      await lockAccount(trx, change.userId);
      const heldRows = (await trx.raw(
        `select e.lot_id, i.expires_at, -sum(e.amount_paise) as held
        from credit_entries e join credit_entries i on i.id = e.lot_id
        where e.order_id = ? and e.kind in ('REDEEM', 'RESTORE')
        group by e.lot_id, i.expires_at`,
        [change.orderId],
      )) as { rows: Array<{ lot_id: string; expires_at: Date | string; held: number | string }> };
      const held: OrderLotSpend[] = heldRows.rows.map((row) => ({ lotId: row.lot_id, heldPaise: Number(row.held), expiresAt: new Date(row.expires_at) }));
      const holding = held.reduce((sum, lot) => sum + lot.heldPaise, 0);
      const now = clock.now();
      const entry = { user_id: change.userId, order_id: change.orderId, reason: change.reason, actor_id: change.actorId, created_at: now };
      if (holding > change.targetPaise) {
        const plan = planGiveBack(held, holding - change.targetPaise);
        await trx('credit_entries').insert(plan.map((step) => ({ ...entry, kind: 'RESTORE', amount_paise: step.amountPaise, lot_id: step.lotId })));
        return change.targetPaise;
      }
      if (holding < change.targetPaise) {
        const plan = planRedemption(await lots(trx, change.userId), change.targetPaise - holding, now);
        if (plan.length > 0) await trx('credit_entries').insert(plan.map((step) => ({ ...entry, kind: 'REDEEM', amount_paise: -step.amountPaise, lot_id: step.lotId })));
        return holding + plan.reduce((sum, step) => sum + step.amountPaise, 0);
      }
      return holding;
    },

    /**
     * Writes an EXPIRE entry for every lot past its expiry with something left (the day report's "expired", and the
     * ledger the shopper reads); once per lot. Answers how many lots it expired.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = (await db.raw(
        `select id, user_id, remaining from (
          select i.id, i.user_id, i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0) as remaining
          from credit_entries i
          where i.kind = 'ISSUE' and i.expires_at <= ?
            and not exists (select 1 from credit_entries x where x.lot_id = i.id and x.kind = 'EXPIRE')
        ) lots where remaining > 0
        limit 200`,
        [now],
      )) as { rows: Array<{ id: string; user_id: string; remaining: number | string }> };
      let expired = 0;
      for (const lot of due.rows) {
        const remaining = Number(lot.remaining);
        if (remaining <= 0) continue;
        const inserted = (await db.raw(
          `insert into credit_entries (user_id, kind, amount_paise, lot_id, reason, created_at) values (?, 'EXPIRE', ?, ?, 'expired', ?)
          on conflict (lot_id) where kind = 'EXPIRE' do nothing returning id`,
          [lot.user_id, -remaining, lot.id, now],
        )) as { rows: unknown[] };
        expired += inserted.rows.length;
      }
      return expired;
    },
  };
}

export type CreditLedger = ReturnType<typeof createCreditLedger>;
