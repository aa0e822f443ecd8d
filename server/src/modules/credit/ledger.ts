// The store credit ledger (issue 35): the only code that writes `credit_entries`. An ISSUE is a lot with its own
// expiry and readable code; REDEEM, EXPIRE and VOID take from a lot and RESTORE gives back to it. A lot's remainder
// and an account's balance are sums, worked out by the shared rules (credit.ts). Every write that spends or gives
// back locks the account's row first, so two checkouts of one shopper take turns and never spend one rupee twice;
// the table's unique indexes make each write that must happen once (an issue per approved report, a redemption
// and a restoration per order and lot, an expiry per lot) happen once even if it is tried twice.
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { creditBalancePaise, creditCode, creditExpiresAt, paiseToRupees, planRedemption, type CreditEntryWire, type CreditLot, type CreditWire } from '@kade/shared';
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
      return { balance: paiseToRupees(creditBalancePaise(all, clock.now())), entries: entries.map(toCreditEntryWire) };
    },

    /**
     * Spends up to `wantedPaise` of the account's credit on an order, the soonest-expiring lots first, in the caller's
     * transaction; answers what it spent (less than wanted when the balance is less). The account is locked first;
     * an order that already redeemed spends nothing again.
     */
    async redeem(trx: Knex.Transaction, userId: string, orderId: string, wantedPaise: number): Promise<number> {
      if (wantedPaise <= 0) return 0;
      await lockAccount(trx, userId);
      const already = await trx('credit_entries').where({ order_id: orderId, kind: 'REDEEM' }).first('id');
      if (already) return 0;
      const now = clock.now();
      const plan = planRedemption(await lots(trx, userId), wantedPaise, now);
      if (plan.length === 0) return 0;
      await trx('credit_entries').insert(
        plan.map((step) => ({ user_id: userId, kind: 'REDEEM', amount_paise: -step.amountPaise, lot_id: step.lotId, order_id: orderId, reason: 'order', created_at: now })),
      );
      return plan.reduce((sum, step) => sum + step.amountPaise, 0);
    },

    /**
     * Gives back what an order redeemed (it was cancelled), each amount to the lot it came from, so it keeps that
     * lot's expiry; once per order and lot. Answers what it gave back.
     */
    async restore(trx: Knex.Transaction, orderId: string, actorId: string | null): Promise<number> {
      const redeemed = await trx('credit_entries').where({ order_id: orderId, kind: 'REDEEM' }).select<Array<{ user_id: string; lot_id: string; amount_paise: number }>>('user_id', 'lot_id', 'amount_paise');
      if (redeemed.length === 0) return 0;
      await lockAccount(trx, redeemed[0]!.user_id);
      const restored = new Set(
        ((await trx('credit_entries').where({ order_id: orderId, kind: 'RESTORE' }).pluck('lot_id')) as string[]),
      );
      const now = clock.now();
      const rows = redeemed
        .filter((row) => !restored.has(row.lot_id))
        .map((row) => ({ user_id: row.user_id, kind: 'RESTORE', amount_paise: -row.amount_paise, lot_id: row.lot_id, order_id: orderId, reason: 'order cancelled', actor_id: actorId, created_at: now }));
      if (rows.length > 0) await trx('credit_entries').insert(rows);
      return rows.reduce((sum, row) => sum + row.amount_paise, 0);
    },

    /**
     * Writes an EXPIRE entry for every lot past its expiry with something left (the day report's "expired", and the
     * ledger the shopper reads); once per lot. Answers how many lots it expired.
     */
    async expireDue(): Promise<number> {
      const now = clock.now();
      const due = (await db.raw(
        `select i.id, i.user_id, i.amount_paise + coalesce((select sum(e.amount_paise) from credit_entries e where e.lot_id = i.id), 0) as remaining
        from credit_entries i
        where i.kind = 'ISSUE' and i.expires_at <= ?
          and not exists (select 1 from credit_entries x where x.lot_id = i.id and x.kind = 'EXPIRE')
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
