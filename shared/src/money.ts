// Money. Inside Kade every amount is an integer number of paise (1/100 rupee); only the wire (the HTTP
// API) carries rupees as plain numbers such as 249.5. These are the only conversions and the only
// rounding of item prices.

/** Paise in one rupee. */
export const PAISE_PER_RUPEE = 100;

/**
 * Removes the floating-point noise of a decimal computation (1.005 * 100 = 100.49999999999999) so that
 * rounding sees the value a person would write. Twelve significant digits keep every amount up to
 * ten crore rupees exact to a thousandth of a paisa.
 */
function clean(value: number): number {
  return Number(value.toPrecision(12));
}

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${String(value)}`);
}

/** Rounds half away from zero and never returns -0. */
function roundHalfAwayFromZero(value: number): number {
  const rounded = Math.sign(value) * Math.round(Math.abs(value));
  return rounded === 0 ? 0 : rounded;
}

/** Rupees (wire) to paise: rounds to the nearest paisa, halves away from zero (1.005 -> 101). */
export function rupeesToPaise(rupees: number): number {
  assertFinite(rupees, 'rupees');
  return roundHalfAwayFromZero(clean(rupees * PAISE_PER_RUPEE));
}

/** Paise to rupees for the wire (24950 -> 249.5). */
export function paiseToRupees(paise: number): number {
  assertFinite(paise, 'paise');
  return clean(paise / PAISE_PER_RUPEE);
}

const RUPEE_FORMAT = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/**
 * An amount as shown to people: 'Rs.' then Indian digit grouping and two decimals
 * (125000 -> 'Rs.1,250.00', 10000000 -> 'Rs.1,00,000.00'). A negative amount reads '-Rs.50.00'.
 */
export function formatRs(paise: number): string {
  assertFinite(paise, 'paise');
  const whole = roundHalfAwayFromZero(paise);
  const sign = whole < 0 ? '-' : '';
  return `${sign}Rs.${RUPEE_FORMAT.format(Math.abs(whole) / PAISE_PER_RUPEE)}`;
}

function assertDiscount(discountPercent: number): void {
  assertFinite(discountPercent, 'discount');
  if (discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`discount must be between 0 and 100, got ${discountPercent}`);
  }
}

/**
 * The item price a shopper pays: the price minus the discount percent, rounded UP to whole rupees.
 * - With no discount (0) the price is returned as it is, paise included (Rs.99.50 stays Rs.99.50).
 * - With any discount above 0 the result is a whole number of rupees (a multiple of 100 paise), but
 *   never above the price itself (Rs.99.50 at 0.1% off is Rs.99.50, not Rs.100).
 * - 100% off is free.
 */
export function discountedPricePaise(pricePaise: number, discountPercent: number): number {
  if (!Number.isInteger(pricePaise) || pricePaise < 0) {
    throw new RangeError(`price must be a whole number of paise, 0 or more, got ${pricePaise}`);
  }
  assertDiscount(discountPercent);
  if (discountPercent === 0) return pricePaise;
  const netRupees = clean((pricePaise * (100 - discountPercent)) / (100 * PAISE_PER_RUPEE));
  return Math.min(pricePaise, Math.ceil(netRupees) * PAISE_PER_RUPEE);
}

/** The badge beside a struck-through price: '15% off', or null when there is no discount. */
export function discountPercentLabel(discountPercent: number): string | null {
  assertDiscount(discountPercent);
  return discountPercent > 0 ? `${clean(discountPercent)}% off` : null;
}
