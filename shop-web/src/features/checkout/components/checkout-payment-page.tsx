import { useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { can, checkoutPayment, creditBalancePaise, DELIVERY_OPTIONS, deliveryOptionByLabel, formatPerKg, formatRs, formatWeight, locationText, minimumShortfallPaise, paiseToRupees, rupeesToPaise, TEXT } from '@kade/shared';
import { BillDetails } from '../../../components/bill-details';
import { ApiError } from '../../../lib/api-client';
import { checkoutApi } from '../api/checkout-api';
import { currentPosition } from '../../../lib/geolocation';
import { imageAt } from '../../../lib/images';
import { errorText, showError } from '../../../lib/show-error';
import { cartSetHereAtom } from '../../../state/cart-freshness';
import { cartAtom, checkoutAddressIdAtom, checkoutOptionAtom, ordersAtom, userAtom, type CartLine } from '../../../state/atoms';
import { useCartActions } from '../../../state/cart-actions';
import { useLanguage } from '../../../state/language';
import { useLocalName, useLocalUnit } from '../../../state/local-name';
import { askedGrams, cartCheckout, perKgPaidPaise, weighedEstimatePaise, weighedRule } from '../../../state/weighed';
import { serverNow } from '../../../lib/server-clock';
import { useCheckoutData } from '../hooks/use-checkout-data';
import { closedNotice, optionNotice } from '../../../lib/ordering-text';
import { useShopConfig } from '../../../lib/shop-config';
import { useOrdering, useRefreshOrdering } from '../../../state/ordering';
import { lineChoice } from '../../../state/substitution-choice';
import { AddressChoice } from './address-choice';
import { CreditLine } from './credit-line';
import { PromoBox } from './promo-box';
import { usePromo, useCreditLots } from '../hooks/use-payment';
import { placedFacts } from '../placed-facts';
import { isOfflineLine } from '../../../state/offline-cart';
import { newAttemptKey, outbox, useOutboxKey, type OutboxEntry } from '../../../state/outbox';
import { OrderSubstitution } from './order-substitution';
import './checkout.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** The server's totals when it refused an order because the prices changed (409 TOTALS_CHANGED), in rupees. */
interface ServerTotals {
  subTotalAmt: number;
  basketDiscount: number;
  deliveryFee: number;
  /** The promo's discount (issue 35; 0 or absent without one). */
  promoDiscount?: number;
  totalAmt: number;
}

type Outcome = { message: string; totals: ServerTotals } | null;

/**
 * The server's new totals when it refused the order because they changed, with one green button back to the bill.
 * (A placed order goes straight to /success with a toast of the server's message: one confirmation, not two.)
 */
function OutcomeDialog({ outcome, onConfirm }: { outcome: NonNullable<Outcome>; onConfirm: () => void }) {
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => button.current?.focus(), []);
  const { t } = useTranslation();
  return (
    <div className="checkout-dialog__backdrop">
      <div className="checkout-dialog" role="alertdialog" aria-modal="true" aria-labelledby="outcome-title" aria-describedby="outcome-text">
        <h2 id="outcome-title">{t('checkout.pricesChangedTitle')}</h2>
        <p id="outcome-text">{outcome.message}</p>
        <dl className="checkout-dialog__totals" aria-label={t('checkout.newTotals')}>
          <div>
            <dt>{t('bill.itemsTotalPlain')}</dt>
            <dd>{formatRs(rupeesToPaise(outcome.totals.subTotalAmt))}</dd>
          </div>
          <div>
            <dt>{t('bill.basketDiscountPlain')}</dt>
            <dd>-{formatRs(rupeesToPaise(outcome.totals.basketDiscount))}</dd>
          </div>
          <div>
            <dt>{t('bill.deliveryFee')}</dt>
            <dd>{outcome.totals.deliveryFee === 0 ? t('bill.free') : formatRs(rupeesToPaise(outcome.totals.deliveryFee))}</dd>
          </div>
          {outcome.totals.promoDiscount ? (
            <div>
              <dt>{t('promo.billLinePlain')}</dt>
              <dd>-{formatRs(rupeesToPaise(outcome.totals.promoDiscount))}</dd>
            </div>
          ) : null}
          <div className="checkout-dialog__grand">
            <dt>{t('bill.grandTotal')}</dt>
            <dd>{formatRs(rupeesToPaise(outcome.totals.totalAmt))}</dd>
          </div>
        </dl>
        <button ref={button} type="button" className="button button--confirm" onClick={onConfirm}>
          {t('checkout.reviewOrder')}
        </button>
      </div>
    </div>
  );
}

/** The lines to be sent: a count each, or for a weighed line (issue 34) the weight asked and its estimate. */
function ShipmentLines({ lines }: { lines: readonly CartLine[] }) {
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const language = useLanguage();
  const { t } = useTranslation();
  return (
    <ul className="checkout__lines">
      {lines.map((line) => {
        const rule = weighedRule(line.productId);
        return (
          <li key={line._id}>
            <img src={imageAt(line.productId.image[0], 160)} alt="" width={40} height={40} />
            <span>
              {nameOf(line.productId)} <span className="checkout__unit">{rule ? formatPerKg(perKgPaidPaise(line.productId), language) : unitOf(line.productId.unit)}</span>
            </span>
            {rule ? (
              <span className="checkout__weighed">
                {formatWeight(askedGrams(rule, line.quantity))}{' '}
                <span className="checkout__estimate">{t('weighed.estimate', { amount: formatRs(weighedEstimatePaise(line.productId, rule, line.quantity)) })}</span>
              </span>
            ) : (
              <span>× {line.quantity}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The checkout's notes in Tamil, which SPEC.md shows under the English ones for a shopper reading English; a
 * shopper who chose Tamil or Sinhala reads the notes in their own language from the catalogue.
 */
const TAMIL_NOTES = {
  cancelTitle: 'ரத்து கொள்கை:',
  cancelText: 'பொதி செய்யப்படும் வரை ஆர்டரை ரத்து செய்யலாம். பொதி செய்த பின் ரத்து செய்ய முடியாது.',
  staffTitle: 'டெலிவரி ஊழியர்கள்:',
  staffText: 'உங்கள் பில்லில் உள்ள தொகையை மட்டும் செலுத்துங்கள். அவர்கள் ஒருபோதும் OTP, PIN அல்லது அட்டை எண்ணைக் கேட்க மாட்டார்கள்.',
} as const;

function TamilNote({ title, text }: { title: string; text: string }) {
  return (
    <p lang="ta">
      <strong>{title}</strong> {text}
    </p>
  );
}

/**
 * The order's location: where the phone is now, or 'Location not available' (denial never blocks the order).
 * The order records the English words (staff read them); the shopper is told in their language.
 */
async function orderLocation(notice: string): Promise<string> {
  try {
    return locationText(await currentPosition());
  } catch {
    toast(notice);
    return TEXT.locationNotAvailable;
  }
}

/**
 * What the screen reads again after a refusal of placing an order, besides saying it: the shop's ordering state
 * (it changed: closed, paused, an option full) or the cart (a line changed, sold out or no longer sold).
 */
function rereadAfter(code: ApiError['code']): 'ordering' | 'cart' | null {
  switch (code) {
    case 'STORE_UNATTENDED':
    case 'STORE_PAUSED':
    case 'OPTION_PAUSED':
    case 'OPTION_FULL':
    case 'SHOP_CLOSED':
      return 'ordering';
    case 'CART_CHANGED':
    case 'OUT_OF_STOCK':
    case 'PRODUCT_UNAVAILABLE':
      return 'cart';
    default:
      return null;
  }
}

/** What the shopper still has to choose before Cash on Delivery can be pressed, as a catalogue key; null when nothing. */
function missingChoice(address: boolean, option: boolean): string | null {
  if (!address && !option) return 'checkout.selectBoth';
  if (!address) return 'checkout.selectAddress';
  if (!option) return 'checkout.selectOption';
  return null;
}

/**
 * /checkout/payment: 'Shipment of N items', 'Choose your address', 'Select a Delivery Option', a promo code and the
 * store credit (issue 35), the bill from the shared rules, the notes, 'Online Payment' (disabled, coming soon) and
 * 'Cash on Delivery', which stays at the foot of a phone's screen with the amount to pay (issue 36). The server
 * prices the order again: if its totals differ, the new totals are shown and nothing is placed.
 */
export default function CheckoutPaymentPage() {
  const user = useAtomValue(userAtom);
  const cart = useAtomValue(cartAtom);
  const setCartHere = useSetAtom(cartSetHereAtom);
  const setOrders = useSetAtom(ordersAtom);
  const [chosen, setChosen] = useAtom(checkoutAddressIdAtom);
  const [option, setOption] = useAtom(checkoutOptionAtom);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [useCredit, setUseCredit] = useState(true);
  // One key per order attempt: a retry after a lost answer cannot place the order twice (the server replays it).
  const attemptKey = useRef<string | null>(null);
  const { ready, addresses } = useCheckoutData(paths.checkoutPayment);
  const { reload } = useCartActions();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const { timeZone, shopHours, minOrderRupees, weightTolerancePercent } = useShopConfig();
  // The order records the language it was placed in: its receipt prints the product names in it.
  const language = useLanguage();
  const ordering = useOrdering();
  const refreshOrdering = useRefreshOrdering();
  const { estimate: totals, atMost } = cartCheckout(cart, option, weightTolerancePercent);
  // a promo applies to the subtotal after the basket discount (checked again by the server when that changes)
  const promo = usePromo(totals.subtotalPaise - totals.basketDiscountPaise);
  const lots = useCreditLots(ready);

  // an order already waits to be sent (placed offline): a second one waits for it, so neither is lost
  const waitingKey = useOutboxKey();

  // The success page is fetched now, so that an order placed with no network can still say it waits (issue 37).
  useEffect(() => {
    void import('./success-page').catch(() => undefined);
  }, []);

  // Arriving at the payment step reads whether the shop takes orders afresh (then live: app/ordering-sync.tsx).
  useEffect(() => {
    void refreshOrdering();
  }, [refreshOrdering]);

  // No address at all: back to the address step ('Please add an address before checkout.').
  useEffect(() => {
    if (!ready || !addresses) return;
    if (addresses.length === 0) {
      toast.error(t('checkout.addAddressFirst'));
      navigate(paths.checkout, { replace: true });
    } else if (chosen && !addresses.some((a) => a._id === chosen)) setChosen(null);
  }, [addresses, chosen, navigate, ready, setChosen, t]);

  if (!ready || !addresses || addresses.length === 0) {
    return <Loading />;
  }

  const now = new Date(serverNow());
  const promoPaise = promo.applied ? rupeesToPaise(promo.applied.discount) : 0;
  // what placing will decide, by the same shared rule the server places with: the total after the promo, the
  // credit that pays (soonest-expiring first) and the cash left to collect
  const payment = checkoutPayment({ totals, atMostBeforeRoundingPaise: atMost?.beforeRoundingPaise ?? null, promoDiscountPaise: promoPaise, lots, useCredit, now });
  const balancePaise = creditBalancePaise(lots, now);
  const shortfall = minimumShortfallPaise(totals, minOrderRupees * 100);
  const missingKey = missingChoice(chosen !== null, option !== null);
  const missing = missingKey ? t(missingKey) : null;
  const optionName = (label: string) => {
    const code = deliveryOptionByLabel(label)?.code;
    return code ? t(`delivery.${code}`) : label;
  };
  const optionState = (label: string) => ordering?.options.find((each) => each.label === label);
  // Why Cash on Delivery cannot be pressed now: the shop takes no orders, the chosen option cannot be chosen
  // any more (paused or full since it was picked), or a choice is missing.
  const shopper = { say: t, language, optionName };
  const closed = closedNotice(ordering, timeZone, { ...shopper, shopHours });
  const optionBlocked = option ? optionNotice(optionState(option), timeZone, shopper) : null;
  const blocked = waitingKey
    ? t('outbox.oneWaiting')
    : closed
    ? [`${closed.title}.`, closed.message, closed.until].filter(Boolean).join(' ')
    : optionBlocked
      ? `${optionName(option ?? '')}: ${optionBlocked}`
      : (missing ?? (shortfall > 0 ? t('cart.addMore', { amount: formatRs(shortfall) }) : null));
  // a choice still to make is a step, not an error: it is said plainly, not in red, until the shopper has chosen
  const blockTone = waitingKey || closed || optionBlocked || (!missing && shortfall > 0) ? 'problem' : 'step';
  const placeOrder = async () => {
    if (!chosen) {
      toast.error(t('checkout.selectAddress'));
      return;
    }
    if (!option) {
      toast.error(t('checkout.selectOption'));
      return;
    }
    setBusy(true);
    try {
      const location = await orderLocation(t('checkout.locationNotAvailable'));
      attemptKey.current ??= newAttemptKey();
      const body = {
        // each line's "If out of stock" as the screen shows it (checkout's one choice sets them all)
        list_items: cart.map((line) => ({ ...(isOfflineLine(line) ? {} : { _id: line._id }), productId: line.productId._id, quantity: line.quantity, substitution: lineChoice(line) })),
        addressId: chosen,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        // after the promo, before credit (issue 35)
        totalAmt: paiseToRupees(payment.totalPaise),
        location,
        Choose: option,
        language,
        ...(promo.applied ? { promoCode: promo.applied.code } : {}),
        useCredit,
      };
      const key = attemptKey.current;
      // no network (issue 37 item 5): the order waits on the phone with this attempt's key and goes when it is back
      const keep = () => {
        const entry: OutboxEntry = { key, body, userId: user?._id ?? '', savedAt: new Date().toISOString() };
        if (!outbox.put(entry)) return false;
        attemptKey.current = null;
        setChosen(null);
        setOption(null);
        toast(t('outbox.waitingToast'));
        navigate(paths.success, { replace: true, state: { kind: 'Order', waiting: true } });
        return true;
      };
      if (typeof navigator !== 'undefined' && navigator.onLine === false && keep()) return;
      let answer;
      try {
        answer = await checkoutApi.placeCashOnDelivery(body, key);
      } catch (error) {
        if (error instanceof ApiError && error.status === 0 && keep()) return;
        throw error;
      }
      attemptKey.current = null;
      setOrders((old) => ({ ...old, count: old.count + 1 }));
      // one confirmation: the server's message (in the shopper's language) as it goes, then the success page with the order's facts
      toast.success(t('checkout.placedMessage'));
      setCartHere([]);
      setChosen(null);
      setOption(null);
      navigate(paths.success, { replace: true, state: { kind: 'Order', order: placedFacts(answer.data) } });
    } catch (error) {
      // Only a lost answer (no reply) keeps the key for the retry; a refusal starts a new attempt.
      if (!(error instanceof ApiError && error.status === 0)) attemptKey.current = null;
      if (error instanceof ApiError && error.code === 'TOTALS_CHANGED') {
        setOutcome({ message: errorText(error), totals: error.data as ServerTotals });
        await reload().catch(() => undefined);
      } else if (error instanceof ApiError && error.field === 'promoCode') {
        // the code stopped applying since it was checked (used up, expired): said where it was typed, and dropped
        promo.refusedAtPlacing(error);
        showError(error);
      } else {
        showError(error);
        const reread = error instanceof ApiError ? rereadAfter(error.code) : null;
        if (reread === 'ordering') await refreshOrdering();
        if (reread === 'cart') await reload().catch(() => undefined);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="checkout">
      <h1>{t('checkout.title')}</h1>
      <h2 className="checkout__shipment">{t('checkout.shipment', { count: totals.itemCount })}</h2>
      <ShipmentLines lines={cart} />
      <AddressChoice addresses={addresses} chosen={chosen} onChoose={setChosen} isAdmin={can(user?.role, 'addresses.manage')} returnTo="/checkout/payment" />
      <fieldset className="checkout__options">
        <legend>
          <h2>{t('checkout.optionTitle')}</h2>
        </legend>
        {DELIVERY_OPTIONS.map((each) => {
          const fee = each.fee(totals.subtotalPaise);
          const state = optionState(each.label);
          const why = optionNotice(state, timeZone, shopper);
          const whyId = `option-why-${each.code}`;
          return (
            <div key={each.code} className="checkout__option">
              <label className={`choice${option === each.label ? ' choice--on' : ''}${why ? ' choice--off' : ''}`}>
                <input
                  type="radio"
                  name="delivery-option"
                  value={each.label}
                  checked={option === each.label}
                  disabled={why !== null}
                  aria-describedby={why ? whyId : undefined}
                  onChange={() => setOption(each.label)}
                />
                <span className="choice__text">
                  <strong>{t(`delivery.${each.code}`)}</strong>
                  <span>{fee === 0 ? t('checkout.freeDelivery') : t('checkout.deliveryFee', { amount: formatRs(fee) })}</span>
                </span>
              </label>
              {why ? (
                <p className="checkout__option-why">
                  <span id={whyId}>{why}</span>
                  {state?.suggestion && option !== state.suggestion ? (
                    <button type="button" className="button button--ghost checkout__option-try" onClick={() => setOption(state.suggestion)}>
                      {t('checkout.chooseOption', { option: optionName(state.suggestion) })}
                    </button>
                  ) : null}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <OrderSubstitution lines={cart} />
      <PromoBox promo={promo} />
      <CreditLine balancePaise={balancePaise} creditPaise={payment.creditPaise} expiresAt={payment.creditExpiresAt} useCredit={useCredit} onUseCredit={setUseCredit} />
      <BillDetails lines={cart} option={option} paid={{ promoCode: promo.applied?.code ?? null, promoPaise, payment }} />
      <aside className="checkout__notes" aria-label={t('checkout.notes.label')}>
        <p>
          <strong>{t('checkout.notes.cancelTitle')}</strong> {t('checkout.notes.cancelText')}
        </p>
        {language === 'en' ? <TamilNote title={TAMIL_NOTES.cancelTitle} text={TAMIL_NOTES.cancelText} /> : null}
        <p>
          <strong>{t('checkout.notes.staffTitle')}</strong> {t('checkout.notes.staffText')}
        </p>
        {language === 'en' ? <TamilNote title={TAMIL_NOTES.staffTitle} text={TAMIL_NOTES.staffText} /> : null}
      </aside>
      {/* Not offered yet: plainly off, and saying so. */}
      <button type="button" className="button checkout__online" disabled>
        <span>{t('checkout.onlinePayment')}</span>
        <span className="checkout__soon">
          {t('orderFlow.comingSoon')}
        </span>
      </button>
      {/* Cash on Delivery stays in view at the foot of the screen, with what it does and the amount to pay. */}
      <div className="checkout__pay" role="region" aria-label={t('orderFlow.payBar')}>
        {/* Whenever Cash on Delivery is disabled, say why: the shop takes no orders, the option cannot be chosen now, or a choice is missing (read out as it changes). */}
        <p id="checkout-missing" className={`checkout__missing checkout__missing--${blockTone}`} role="status">
          {blocked ?? ''}
        </p>
        <div className="checkout__pay-row">
          <p className="checkout__pay-total">
            <span>{t('orderFlow.toPay')}</span>
            <strong data-testid="pay-total">{formatRs(payment.cashPaise)}</strong>
          </p>
          <button
            type="button"
            className="button button--primary checkout__cod"
            disabled={busy || blocked !== null}
            aria-describedby={blocked ? 'checkout-missing' : undefined}
            onClick={() => void placeOrder()}
          >
            <span className="checkout__cod-name">{busy ? t('checkout.placing') : t('checkout.cashOnDelivery')}</span>
            <span className="checkout__cod-what">{t('orderFlow.codWhat')}</span>
          </button>
        </div>
      </div>
      {outcome ? <OutcomeDialog outcome={outcome} onConfirm={() => setOutcome(null)} /> : null}
    </section>
  );
}
