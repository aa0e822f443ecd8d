import { useEffect, useRef, useState } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { can, DELIVERY_OPTIONS, formatRs, locationText, paiseToRupees, rupeesToPaise, TEXT, type OrderWire } from '@kade/shared';
import { BillDetails } from '../../../components/bill-details';
import { ApiError, api } from '../../../lib/api-client';
import { currentPosition } from '../../../lib/geolocation';
import { imageAt } from '../../../lib/images';
import { showError } from '../../../lib/show-error';
import { cartAtom, checkoutAddressIdAtom, checkoutOptionAtom, ordersAtom, userAtom, type CartLine } from '../../../state/atoms';
import { useCartActions } from '../../../state/cart-actions';
import { useLanguage } from '../../../state/language';
import { useLocalName } from '../../../state/local-name';
import { cartTotals } from '../../../state/cart-totals';
import { useCheckoutData } from '../hooks/use-checkout-data';
import { closedNotice, optionNotice } from '../../../lib/ordering-text';
import { useShopConfig } from '../../../lib/shop-config';
import { useOrdering, useRefreshOrdering } from '../../../state/ordering';
import { AddressChoice } from './address-choice';
import './checkout.css';
import { Loading } from '../../../components/loading';

/** The server's totals when it refused an order because the prices changed (409 TOTALS_CHANGED), in rupees. */
interface ServerTotals {
  subTotalAmt: number;
  basketDiscount: number;
  deliveryFee: number;
  totalAmt: number;
}

type Outcome = { kind: 'placed'; message: string } | { kind: 'prices'; message: string; totals: ServerTotals } | null;

/** A modal message with one green confirm button (the order's success, or the server's new totals). */
function OutcomeDialog({ outcome, onConfirm }: { outcome: NonNullable<Outcome>; onConfirm: () => void }) {
  const button = useRef<HTMLButtonElement | null>(null);
  useEffect(() => button.current?.focus(), []);
  const title = outcome.kind === 'placed' ? 'Order placed' : 'Prices changed';
  return (
    <div className="checkout-dialog__backdrop">
      <div className="checkout-dialog" role="alertdialog" aria-modal="true" aria-labelledby="outcome-title" aria-describedby="outcome-text">
        <h2 id="outcome-title">{title}</h2>
        <p id="outcome-text">{outcome.message}</p>
        {outcome.kind === 'prices' ? (
          <dl className="checkout-dialog__totals" aria-label="New totals">
            <div>
              <dt>Items total</dt>
              <dd>{formatRs(rupeesToPaise(outcome.totals.subTotalAmt))}</dd>
            </div>
            <div>
              <dt>Basket discount</dt>
              <dd>-{formatRs(rupeesToPaise(outcome.totals.basketDiscount))}</dd>
            </div>
            <div>
              <dt>Delivery fee</dt>
              <dd>{outcome.totals.deliveryFee === 0 ? 'Free' : formatRs(rupeesToPaise(outcome.totals.deliveryFee))}</dd>
            </div>
            <div className="checkout-dialog__grand">
              <dt>Grand total</dt>
              <dd>{formatRs(rupeesToPaise(outcome.totals.totalAmt))}</dd>
            </div>
          </dl>
        ) : null}
        <button ref={button} type="button" className="button button--confirm" onClick={onConfirm}>
          {outcome.kind === 'placed' ? 'OK' : 'Review order'}
        </button>
      </div>
    </div>
  );
}

function ShipmentLines({ lines }: { lines: readonly CartLine[] }) {
  const nameOf = useLocalName();
  return (
    <ul className="checkout__lines">
      {lines.map((line) => (
        <li key={line._id}>
          <img src={imageAt(line.productId.image[0], 160)} alt="" width={40} height={40} />
          <span>
            {nameOf(line.productId)} <span className="checkout__unit">{line.productId.unit}</span>
          </span>
          <span>× {line.quantity}</span>
        </li>
      ))}
    </ul>
  );
}

/** A random key for one order attempt (getRandomValues works outside secure contexts, unlike randomUUID). */
function newAttemptKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The order's location: where the phone is now, or 'Location not available' (denial never blocks the order). */
async function orderLocation(): Promise<string> {
  try {
    return locationText(await currentPosition());
  } catch {
    toast(TEXT.locationNotAvailable);
    return TEXT.locationNotAvailable;
  }
}

/** The refusals of placing an order that mean the shop's ordering state changed: the screen reads it again. */
const ORDERING_REFUSALS = new Set(['STORE_UNATTENDED', 'STORE_PAUSED', 'OPTION_PAUSED', 'OPTION_FULL', 'SHOP_CLOSED']);

/** What the shopper still has to choose before Cash on Delivery can be pressed, in words; null when nothing. */
function missingChoice(address: boolean, option: boolean): string | null {
  if (!address && !option) return 'Please select an address and a delivery option before placing the order.';
  if (!address) return TEXT.selectAddress;
  if (!option) return TEXT.selectDeliveryOption;
  return null;
}

/**
 * /checkout/payment: 'Shipment of N items', 'Choose your address', 'Select a Delivery Option', the bill from
 * the shared rules, the notes, 'Online Payment' (disabled) and 'Cash on Delivery'. The server prices the order
 * again: if its totals differ, the new totals are shown and nothing is placed.
 */
export default function CheckoutPaymentPage() {
  const user = useAtomValue(userAtom);
  const [cart, setCart] = useAtom(cartAtom);
  const setOrders = useSetAtom(ordersAtom);
  const [chosen, setChosen] = useAtom(checkoutAddressIdAtom);
  const [option, setOption] = useAtom(checkoutOptionAtom);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // One key per order attempt: a retry after a lost answer cannot place the order twice (the server replays it).
  const attemptKey = useRef<string | null>(null);
  const { ready, addresses } = useCheckoutData('/checkout/payment');
  const { reload } = useCartActions();
  const navigate = useNavigate();
  const { timeZone } = useShopConfig();
  // The order records the language it was placed in: its receipt prints the product names in it.
  const language = useLanguage();
  const ordering = useOrdering();
  const refreshOrdering = useRefreshOrdering();

  // Arriving at the payment step reads whether the shop takes orders afresh (then live: app/ordering-sync.tsx).
  useEffect(() => {
    void refreshOrdering();
  }, [refreshOrdering]);

  // No address at all: back to the address step ('Please add an address before checkout.').
  useEffect(() => {
    if (!ready || !addresses) return;
    if (addresses.length === 0) {
      toast.error(TEXT.addAddressFirst);
      navigate('/checkout', { replace: true });
    } else if (chosen && !addresses.some((a) => a._id === chosen)) setChosen(null);
  }, [addresses, chosen, navigate, ready, setChosen]);

  if (!ready || !addresses || addresses.length === 0) {
    return <Loading />;
  }

  const totals = cartTotals(cart, option);
  const missing = missingChoice(chosen !== null, option !== null);
  const optionState = (label: string) => ordering?.options.find((each) => each.label === label);
  // Why Cash on Delivery cannot be pressed now: the shop takes no orders, the chosen option cannot be chosen
  // any more (paused or full since it was picked), or a choice is missing.
  const closed = closedNotice(ordering, timeZone);
  const optionBlocked = option ? optionNotice(optionState(option), timeZone) : null;
  const blocked = closed
    ? [`${closed.title}.`, closed.message, closed.until].filter(Boolean).join(' ')
    : optionBlocked
      ? `${option}: ${optionBlocked}`
      : missing;
  const placeOrder = async () => {
    if (!chosen) {
      toast.error(TEXT.selectAddress);
      return;
    }
    if (!option) {
      toast.error(TEXT.selectDeliveryOption);
      return;
    }
    setBusy(true);
    try {
      const location = await orderLocation();
      attemptKey.current ??= newAttemptKey();
      const body = {
        list_items: cart.map((line) => ({ _id: line._id, productId: line.productId._id, quantity: line.quantity })),
        addressId: chosen,
        subTotalAmt: paiseToRupees(totals.subtotalPaise),
        totalAmt: paiseToRupees(totals.grandTotalPaise),
        location,
        Choose: option,
        language,
      };
      const answer = await api<OrderWire>('POST', '/api/order/cash-on-delivery', body, { headers: { 'Idempotency-Key': attemptKey.current } });
      attemptKey.current = null;
      setOrders((old) => ({ ...old, count: old.count + 1 }));
      setOutcome({ kind: 'placed', message: answer.message });
    } catch (error) {
      // Only a lost answer (no reply) keeps the key for the retry; a refusal starts a new attempt.
      if (!(error instanceof ApiError && error.status === 0)) attemptKey.current = null;
      if (error instanceof ApiError && error.code === 'TOTALS_CHANGED') {
        setOutcome({ kind: 'prices', message: error.message, totals: error.data as ServerTotals });
        await reload().catch(() => undefined);
      } else {
        showError(error);
        if (error instanceof ApiError && error.code !== undefined && ORDERING_REFUSALS.has(error.code)) await refreshOrdering();
        if (error instanceof ApiError && (error.code === 'CART_CHANGED' || error.code === 'OUT_OF_STOCK' || error.code === 'PRODUCT_UNAVAILABLE')) {
          await reload().catch(() => undefined);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (outcome?.kind === 'placed') {
      setCart([]);
      setChosen(null);
      setOption(null);
      navigate('/success', { replace: true, state: { kind: 'Order' } });
    }
    setOutcome(null);
  };

  return (
    <section className="checkout">
      <h1>Checkout</h1>
      <h2 className="checkout__shipment">{TEXT.shipmentOf(totals.itemCount)}</h2>
      <ShipmentLines lines={cart} />
      <AddressChoice addresses={addresses} chosen={chosen} onChoose={setChosen} isAdmin={can(user?.role, 'addresses.manage')} returnTo="/checkout/payment" />
      <fieldset className="checkout__options">
        <legend>
          <h2>{TEXT.selectDeliveryOptionTitle}</h2>
        </legend>
        {DELIVERY_OPTIONS.map((each) => {
          const fee = each.fee(totals.subtotalPaise);
          const state = optionState(each.label);
          const why = optionNotice(state, timeZone);
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
                  <strong>{each.label}</strong>
                  <span>{fee === 0 ? 'Free delivery' : `Delivery fee ${formatRs(fee)}`}</span>
                </span>
              </label>
              {why ? (
                <p className="checkout__option-why">
                  <span id={whyId}>{why}</span>
                  {state?.suggestion && option !== state.suggestion ? (
                    <button type="button" className="button button--ghost checkout__option-try" onClick={() => setOption(state.suggestion)}>
                      Choose {state.suggestion}
                    </button>
                  ) : null}
                </p>
              ) : null}
            </div>
          );
        })}
      </fieldset>
      <BillDetails lines={cart} option={option} />
      <aside className="checkout__notes" aria-label="Notes">
        <p>
          <strong>Cancellation policy:</strong> you can cancel an order until it is packed. Once packed, it cannot be cancelled.
        </p>
        <p lang="ta">
          <strong>ரத்து கொள்கை:</strong> பொதி செய்யப்படும் வரை ஆர்டரை ரத்து செய்யலாம். பொதி செய்த பின் ரத்து செய்ய முடியாது.
        </p>
        <p>
          <strong>Delivery staff:</strong> pay our delivery staff only the amount on your bill. They will never ask for an OTP, PIN or card number.
        </p>
        <p lang="ta">
          <strong>டெலிவரி ஊழியர்கள்:</strong> உங்கள் பில்லில் உள்ள தொகையை மட்டும் செலுத்துங்கள். அவர்கள் ஒருபோதும் OTP, PIN அல்லது அட்டை எண்ணைக் கேட்க மாட்டார்கள்.
        </p>
      </aside>
      {/* Whenever Cash on Delivery is disabled, say why: the shop takes no orders, the option cannot be chosen now, or a choice is missing (read out as it changes). */}
      <p id="checkout-missing" className="checkout__missing" role="status">
        {blocked ?? ''}
      </p>
      <div className="checkout__pay">
        <button type="button" className="button button--ghost" disabled>
          {TEXT.onlinePayment}
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={busy || blocked !== null}
          aria-describedby={blocked ? 'checkout-missing' : undefined}
          onClick={() => void placeOrder()}
        >
          {busy ? 'Placing order…' : TEXT.cashOnDelivery}
        </button>
      </div>
      {outcome ? <OutcomeDialog outcome={outcome} onConfirm={confirm} /> : null}
    </section>
  );
}
