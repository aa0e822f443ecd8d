// Promo codes (issue 35): admins create, list and delete them; a shopper checks one against their cart. A promo
// applies to the subtotal after the basket discount, before the delivery fee (shared credit.ts). A code that is
// another account's store credit is refused as not theirs.
import type { Knex } from 'knex';
import {
  basketDiscountPaise,
  formatRs,
  normalizeCode,
  paiseToRupees,
  promoDiscountPaise,
  promoExpiresAt,
  promoRefusal,
  rupeesToPaise,
  type PromoCheckWire,
  type PromoCodeWire,
  type PromoCreateInput,
  type PromoKind,
  type PromoRule,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { AppError, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';
import { isUniqueViolation } from '../catalog/checks';

export interface PromoRow {
  id: string;
  code: string;
  kind: PromoKind;
  value: string | number;
  min_basket_paise: number;
  max_uses: number | null;
  per_customer: number | null;
  expires_at: Date | string;
  uses?: number | string;
}

/** A promo row as the shared rules read it: a FIXED value in paise, a PERCENT in percent. */
export function promoRule(row: PromoRow): PromoRule {
  const value = Number(row.value);
  return {
    kind: row.kind,
    value: row.kind === 'FIXED' ? rupeesToPaise(value) : value,
    minBasketPaise: row.min_basket_paise,
    maxUses: row.max_uses,
    perCustomer: row.per_customer,
    expiresAt: new Date(row.expires_at),
  };
}

function toPromoWire(row: PromoRow): PromoCodeWire {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: Number(row.value),
    minBasket: paiseToRupees(row.min_basket_paise),
    maxUses: row.max_uses,
    perCustomer: row.per_customer,
    expiresAt: new Date(row.expires_at).toISOString(),
    uses: Number(row.uses ?? 0),
  };
}

const USES = `(select count(*) from promo_uses u where u.promo_id = p.id and u.released_at is null)`;

/** What a promo answers about a basket: its discount, or the 400 that says why it does not apply. */
export interface PromoVerdict {
  row: PromoRow;
  discountPaise: number;
}

/**
 * The refusal of a typed code that is no live promo (`field` names it on the wire: the check's `code`, the
 * order's `promoCode`): another account's credit code, the caller's own credit code, or nothing known.
 */
export function unknownPromo(userId: string, credit: { user_id: string } | undefined, field: string): AppError {
  if (credit && credit.user_id !== userId) return new AppError('PROMO_NOT_YOURS', 'That credit code belongs to another account.', { field });
  if (credit) return new AppError('PROMO_UNKNOWN', 'That is your store credit code: your credit is applied at checkout by itself.', { field, details: { credit: true } });
  return new AppError('PROMO_UNKNOWN', 'That code is not known. Please check it and try again.', { field });
}

/**
 * A live promo judged against a basket (the subtotal after the basket discount) and its uses counted (in all, and
 * the caller's): its discount, or the 400 that says why it does not apply, naming `field`.
 */
export function promoVerdict(row: PromoRow, counts: { uses: number | string; mine: number | string } | undefined, basePaise: number, now: Date, field: string): PromoVerdict {
  const rule = promoRule(row);
  const refusal = promoRefusal(rule, { now, basePaise, uses: Number(counts?.uses ?? 0), usesByShopper: Number(counts?.mine ?? 0) });
  if (refusal === 'PROMO_EXPIRED') throw new AppError(refusal, `${row.code} has expired.`, { field, details: { expiresAt: rule.expiresAt.toISOString() } });
  if (refusal === 'PROMO_USED_UP') throw new AppError(refusal, `${row.code} has been used up.`, { field });
  if (refusal === 'PROMO_MINIMUM') {
    const needed = rule.minBasketPaise - basePaise;
    throw new AppError(refusal, `${row.code} needs a basket of ${formatRs(rule.minBasketPaise)}: add ${formatRs(needed)} more.`, {
      field,
      details: { minBasket: paiseToRupees(rule.minBasketPaise), amountNeeded: paiseToRupees(needed) },
    });
  }
  return { row, discountPaise: promoDiscountPaise(rule, basePaise) };
}

export function createPromoService({ db, clock }: { db: Knex; clock: Clock }) {
  async function byId(trx: Db, id: string): Promise<PromoRow | undefined> {
    return trx('promo_codes as p').where('p.id', id).first<PromoRow | undefined>('p.*', trx.raw(`${USES} as uses`));
  }

  /**
   * The promo a shopper typed, judged against a basket (the subtotal after the basket discount): its discount, or
   * a 400 naming why not (unknown, another account's credit, expired, used up, minimum not met). `forUpdate` locks
   * the promo's row, so orders placed at once count each other's uses.
   */
  async function judge(trx: Db, user: AuthUser, typed: string, basePaise: number, forUpdate = false): Promise<PromoVerdict> {
    const code = normalizeCode(typed);
    const query = trx('promo_codes as p').where('p.code', code).whereNull('p.deleted_at');
    if (forUpdate) query.forUpdate();
    const row = await query.first<PromoRow | undefined>('p.*');
    if (!row) {
      const credit = await trx('credit_entries').where({ code, kind: 'ISSUE' }).first<{ user_id: string } | undefined>('user_id');
      throw unknownPromo(user.id, credit, 'code');
    }
    const counts = (await trx('promo_uses')
      .where({ promo_id: row.id })
      .whereNull('released_at')
      .select(trx.raw('count(*) as uses'), trx.raw('count(*) filter (where user_id = ?) as mine', [user.id]))) as Array<{ uses: number | string; mine: number | string }>;
    return promoVerdict(row, counts[0], basePaise, clock.now(), 'code');
  }

  return {
    judge,

    async create(actor: AuthUser, input: PromoCreateInput): Promise<PromoCodeWire> {
      const now = clock.now();
      try {
        const [row] = await db('promo_codes')
          .insert({
            code: input.code,
            kind: input.kind,
            value: input.value,
            min_basket_paise: rupeesToPaise(input.minBasket),
            max_uses: input.maxUses ?? null,
            per_customer: input.perCustomer ?? null,
            expires_at: input.expiresAt ? new Date(input.expiresAt) : promoExpiresAt(now),
            created_by: actor.id,
            created_at: now,
          })
          .returning<PromoRow[]>('*');
        return toPromoWire({ ...(row as PromoRow), uses: 0 });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(`A promo code ${input.code} already exists.`, 'PROMO_CODE_TAKEN', { code: input.code });
        throw error;
      }
    },

    async list(): Promise<PromoCodeWire[]> {
      const rows = (await db('promo_codes as p').whereNull('p.deleted_at').orderBy('p.created_at', 'desc').orderBy('p.id').select('p.*', db.raw(`${USES} as uses`))) as PromoRow[];
      return rows.map(toPromoWire);
    },

    /** Deletes a code (softly: orders that used it keep its name); another delete of it is 404. */
    async remove(id: string): Promise<PromoCodeWire> {
      const row = await byId(db, id);
      if (!row || (row as { deleted_at?: unknown }).deleted_at) throw notFound('There is no such promo code.');
      // the update decides: of two deletes at once, the one that finds it still live deletes it; the other is told it is gone
      const deleted = await db('promo_codes').where({ id }).whereNull('deleted_at').update({ deleted_at: clock.now() });
      if (deleted === 0) throw notFound('There is no such promo code.');
      return toPromoWire(row);
    },

    /** POST /api/promo-codes/check: what the code takes off the caller's cart now. */
    async check(user: AuthUser, typed: string, cartSubtotalPaise: number): Promise<PromoCheckWire> {
      const basePaise = cartSubtotalPaise - basketDiscountPaise(cartSubtotalPaise);
      const verdict = await judge(db, user, typed, basePaise);
      return {
        code: verdict.row.code,
        kind: verdict.row.kind,
        value: Number(verdict.row.value),
        discount: paiseToRupees(verdict.discountPaise),
        basket: paiseToRupees(basePaise),
        expiresAt: new Date(verdict.row.expires_at).toISOString(),
      };
    },
  };
}

export type PromoService = ReturnType<typeof createPromoService>;
