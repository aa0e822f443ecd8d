// What checkout needs for a promo code and store credit (issue 35): the code the server accepted for this cart (checked
// again when the basket changes), or why it refused it in the shopper's words; and the account's spendable credit lots.
// The figures are the server's (the promo's discount) and the shared rule's (checkoutPayment), never the screen's own.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRs, rupeesToPaise, type CreditLot, type PromoCheckWire } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/show-error';
import { useShopperDateTime } from '../../../lib/shop-clock';
import { checkoutApi } from '../api/checkout-api';

/** Why a typed code does not apply, in plain words: the reason's sentence, with what more the shopper can do. */
export function usePromoRefusalText(): (error: unknown) => string {
  const { t } = useTranslation();
  const { date } = useShopperDateTime();
  return (error) => {
    if (!(error instanceof ApiError)) return errorText(error);
    const data = (error.data ?? {}) as { amountNeeded?: unknown; expiresAt?: unknown; credit?: unknown };
    switch (error.code) {
      case 'PROMO_MINIMUM':
        return typeof data.amountNeeded === 'number'
          ? `${t('errors.PROMO_MINIMUM')} ${t('promo.addMore', { amount: formatRs(rupeesToPaise(data.amountNeeded)) })}`
          : t('errors.PROMO_MINIMUM');
      case 'PROMO_EXPIRED':
        return typeof data.expiresAt === 'string' ? t('promo.expiredOn', { date: date(data.expiresAt) }) : t('errors.PROMO_EXPIRED');
      case 'PROMO_UNKNOWN':
        return data.credit === true ? t('promo.ownCredit') : t('errors.PROMO_UNKNOWN');
      case 'PROMO_USED_UP':
      case 'PROMO_NOT_YOURS':
        return t(`errors.${error.code}`);
      default:
        return errorText(error);
    }
  };
}

export interface PromoState {
  /** The code the server accepted and what it takes off this basket, or null. */
  applied: PromoCheckWire | null;
  /** Why the last code typed was refused, in the shopper's words, or null. */
  refusal: string | null;
  checking: boolean;
  apply: (code: string) => Promise<void>;
  remove: () => void;
  /** The server refused the applied code when the order was placed (used up meanwhile, expired): say why, drop it. */
  refusedAtPlacing: (error: unknown) => void;
}

/**
 * A promo code for the cart whose basket (the subtotal after the basket discount, paise) is `basketPaise`: applied
 * through the server's check, and checked again whenever the basket changes, since a promo's discount and minimum
 * are judged on it.
 */
export function usePromo(basketPaise: number): PromoState {
  const [applied, setApplied] = useState<PromoCheckWire | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const say = usePromoRefusalText();
  const refusalText = useRef(say);
  refusalText.current = say;
  // the latest check wins: an answer to an older one (a code typed again, a basket changed) is dropped
  const latest = useRef(0);
  // the basket the last check was asked for: a change of it asks again (once, whatever the server answers)
  const askedFor = useRef<number | null>(null);
  const basket = useRef(basketPaise);
  basket.current = basketPaise;

  const check = useCallback(async (code: string) => {
    const ask = ++latest.current;
    askedFor.current = basket.current;
    setChecking(true);
    try {
      const answer = await checkoutApi.checkPromo(code);
      if (ask !== latest.current) return;
      setApplied(answer.data);
      setRefusal(null);
    } catch (error) {
      if (ask !== latest.current) return;
      setApplied(null);
      setRefusal(refusalText.current(error));
    } finally {
      if (ask === latest.current) setChecking(false);
    }
  }, []);

  const code = applied?.code;
  useEffect(() => {
    if (code && askedFor.current !== null && askedFor.current !== basketPaise) void check(code);
  }, [basketPaise, check, code]);

  const drop = (why: string | null) => {
    latest.current += 1;
    askedFor.current = null;
    setApplied(null);
    setRefusal(why);
    setChecking(false);
  };
  return {
    applied,
    refusal,
    checking,
    apply: check,
    remove: () => drop(null),
    refusedAtPlacing: (error) => drop(refusalText.current(error)),
  };
}

/** The account's spendable credit lots (soonest expiry first), read once on arrival; none until they come. */
export function useCreditLots(enabled: boolean): CreditLot[] {
  const [lots, setLots] = useState<CreditLot[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    // a failed read leaves no credit shown: the server still applies it and the order says what it used
    checkoutApi.credit().then(
      (answer) => {
        if (live) setLots(answer.data.lots.map((lot) => ({ id: lot._id, remainingPaise: rupeesToPaise(lot.remaining), expiresAt: new Date(lot.expiresAt) })));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return lots;
}
