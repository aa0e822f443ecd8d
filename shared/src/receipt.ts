// The receipt (SPEC.md section 9, DESIGN.md sections 5 and 9): one model built from an order, and its text
// layout for a 72 mm thermal printer (48 columns). The HTML print page and the ESC/POS printer both use it,
// so the two never disagree. The receipt doubles as a pick list: big order number, delivery option, cash to
// collect, lines in shelf order, and the order id as a barcode.
import { addressLines } from './address';
import type { AddressWire } from './address';
import { NO_STRIP_CATEGORIES, compareCategoryNames, sameName } from './catalogue';
import type { Named } from './catalogue';
import { TEXT } from './shown-text';
import { DEFAULT_TIME_ZONE, formatDateTime } from './hours';
import { localName, type Language } from './language';
import { formatRs, rupeesToPaise } from './money';
import { BASKET_TIERS, basketDiscountPaise, basketDiscountRate, discountAtRatePaise } from './pricing';
import { statusLabel } from './order-status';
import { formatReceiptKg, formatReceiptWeighed, weighedAmountPaise } from './weight';
import type { SellBy } from './weight-rule';
import { printableText } from './text';
import { hourLabel, itemSoldText, REPORT_PERCENTILE, REPORT_TOP_ITEMS, type DayReport, type PackingFigures } from './report';
import { keepsSubstitute, keptSubstituteUnit, type ProposalStatus } from './substitution';
import { LOCATION_NOT_AVAILABLE } from './zone';

/** Columns of a 72 mm receipt in the printer's standard font (576 dots at 12 dots a character). */
export const RECEIPT_COLUMNS = 48;
/** The narrowest layout receiptTextLines accepts. */
export const RECEIPT_MIN_COLUMNS = 24;

/** One product line of an order, as the order stores it (price in rupees, after discount). */
export interface ReceiptOrderProduct {
  /** The product ordered (a kept substitute names it as the line it stands in for). */
  productId?: string | null;
  quantity: number;
  /** How many were found at packing (issue 33), or null/absent until packed: then all are sent. */
  found?: number | null;
  product_details: {
    name: string;
    /** The Sinhala and Tamil names as sold (issue 21): the receipt prints the one of the order's language. */
    nameSi?: string | null;
    nameTa?: string | null;
    unit?: string | null;
    price: number;
    image?: string | readonly string[] | null;
    category?: Named | readonly Named[] | null;
  };
  /**
   * Sold by weight (issue 34, the order wire's fields): `price` above is then per kg, `grams` the asked weight,
   * `weighedGrams` the scale's (null until packed) and `chargedGrams` what is charged (null until packed).
   */
  sellBy?: SellBy | null;
  grams?: number | null;
  weighedGrams?: number | null;
  chargedGrams?: number | null;
  /** The line's amount as the server decided it (rupees): printed as it is when present. */
  lineTotal?: number | null;
}

/** The parts of an order a receipt needs (wire shape, amounts in rupees). */
export interface ReceiptOrder {
  orderId: string;
  /** Who ordered (issue 36): the order wire carries `{ name }` for staff, the bare id for a shopper. */
  userId?: string | { name?: string | null } | null;
  /** Issue 35: the store credit the order used and the cash to collect (its total less that credit), in rupees. */
  creditUsed?: number | null;
  cashToCollect?: number | null;
  createdAt: Date | string | number;
  order_status?: string | null;
  payment_method?: string | null;
  payment_status?: string | null;
  Choose?: string | null;
  /** The language the shopper ordered in: product names are printed in it (English when missing). */
  language?: Language | null;
  location?: string | null;
  delivery_address?: Partial<Record<keyof AddressWire, string | null>> | null;
  products: readonly ReceiptOrderProduct[];
  totalAmt: number;
  subTotalAmt?: number | null;
  deliveryFee?: number | null;
  /**
   * The bill's parts as the order records them (rupees; issue 36): the basket discount, the promo code and what it
   * took off (issue 35), and the rounding down to Rs.10. Missing (an older order, a fixture): worked out from the
   * subtotal, fee and total.
   */
  basketDiscount?: number | null;
  promoCode?: string | null;
  promoDiscount?: number | null;
  roundingAmt?: number | null;
  /** How many times packing changed the order (issue 33): above 0 the receipt is the REVISED bill. */
  revision?: number | null;
  /** The total the order was placed with (rupees), kept beside the revised total. */
  originalTotalAmt?: number | null;
  /** The substitutes proposed for short lines; those kept (ACCEPTED, AUTO_ACCEPTED) are on the bill. */
  proposals?: readonly ReceiptProposal[] | null;
  /** The most the order can come to while a weighed line is unweighed (rupees, issue 34), else null. */
  maxTotalAmt?: number | null;
}

/** A proposed substitute as the revised bill reads it (the order wire's ProposalWire). */
export interface ReceiptProposal {
  productId: string | null;
  name: string;
  nameSi?: string | null;
  nameTa?: string | null;
  unit?: string | null;
  /** Its unit price (rupees): charged when the shopper ACCEPTED it. */
  price: number;
  /** The unit price charged otherwise: at most the ordered line's. */
  chargedPrice: number;
  quantity: number;
  status: ProposalStatus;
}

export interface ReceiptOptions {
  shopName: string;
  /** The store's address and phone under its name, from the server's shop configuration. */
  shopAddress?: string;
  shopPhone?: string;
  /** An optional last line (the server's RECEIPT_FOOTER). */
  footer?: string;
  timeZone?: string;
  /** True when printed again on purpose: the receipt then says REPRINT. */
  reprint?: boolean;
}

/**
 * A line sold by weight (issue 34), as the receipt prints it: '0.742 kg x Rs.480.00/kg'. `unitPricePaise` of its
 * line is then the price per kg.
 */
export interface ReceiptWeight {
  /** The grams charged: the charged grams once packed, the asked grams before. */
  grams: number;
  /** The grams asked for at checkout. */
  askedGrams: number;
  /** The scale's grams when more than were charged (over the tolerance and not accepted), else null. */
  weighedGrams: number | null;
  /** True until the line is weighed: its amount is then an estimate at the asked weight. */
  estimate: boolean;
}

export interface ReceiptLine {
  /** The product's name in the order's language (its English name when it has none in that language). */
  name: string;
  /** The English name under it, for whoever picks the order, when the name printed is another; else null. */
  englishName: string | null;
  quantity: number;
  unit: string;
  unitPricePaise: number;
  totalPaise: number;
  /** The shelf (category) the item is picked from, or null when unknown. */
  category: string | null;
  /** Its weight, for a line sold by weight; null for a line sold by the unit. */
  weight: ReceiptWeight | null;
}

/** One ordered line on the REVISED bill: how many were ordered and how many are sent, and what was removed. */
export interface RevisedLine {
  name: string;
  englishName: string | null;
  unit: string;
  ordered: number;
  sent: number;
  unitPricePaise: number;
  /** What the sent quantity costs, and what the quantity not sent took off. */
  sentPaise: number;
  removedPaise: number;
  category: string | null;
  /** For a line sold by weight: the grams asked and charged (ordered and sent count steps); else null. */
  weight: ReceiptWeight | null;
}

/** A substitute the order keeps, at the unit price charged for it. */
export interface RevisedSubstitute {
  name: string;
  englishName: string | null;
  unit: string;
  quantity: number;
  unitPricePaise: number;
  totalPaise: number;
  /** The name of the ordered line it stands in for (in the order's language), or null when unknown. */
  replaces: string | null;
}

/** The REVISED bill's part of a receipt (issue 33): what packing changed and the total before and after. */
export interface RevisedBill {
  revision: number;
  /** Every ordered line, in shelf order, with Ordered -> Sent. */
  lines: RevisedLine[];
  substitutes: RevisedSubstitute[];
  /** The ordered lines' amounts not sent, in all. */
  removedPaise: number;
  /** The total the order was placed with. */
  originalTotalPaise: number;
}

/** Ordered -> Sent, in characters every printer's code page has (PC858 has no arrow). */
export const REVISED_ARROW = '->';

export interface ReceiptModel {
  shopName: string;
  shopAddress: string;
  shopPhone: string;
  footer: string;
  /** 'REVISED' when packing changed the order (revision above 0). */
  title: 'ORDER' | 'REVISED';
  /** The revised bill's lines and totals, or null for an order packing has not changed. */
  revised: RevisedBill | null;
  reprint: boolean;
  orderId: string;
  time: string;
  status: string;
  deliveryOption: string | null;
  lines: ReceiptLine[];
  itemCount: number;
  subtotalPaise: number;
  /** null when the order does not record its fee. */
  deliveryFeePaise: number | null;
  /** The customer's name (issue 36), or null when the order does not carry it. */
  customerName: string | null;
  /**
   * The bill's lines between the subtotal and the total, as the shopper's bill shows them (issue 36): the basket
   * discount and its percent (null when the amount matches no tier), the promo code and its discount (issue 35),
   * and the rounding down to Rs.10. Subtotal - basket - promo + fee - rounding = total.
   */
  basketDiscountPaise: number;
  basketDiscountRate: number | null;
  promoCode: string | null;
  promoDiscountPaise: number;
  roundingPaise: number;
  totalPaise: number;
  /** The most the total can come to while a weighed line is unweighed (issue 34), else null. */
  atMostPaise: number | null;
  /** The store credit the order used (issue 35): printed as its own line, taken from the cash to collect. */
  creditPaise: number;
  cashToCollectPaise: number;
  paymentMethod: string;
  paymentStatus: string;
  addressLines: string[];
  locationText: string;
  barcodeValue: string;
}

/** Text from an order as it may be printed: control characters removed (see ./text.ts), trimmed. */
const printable = (value: string | null | undefined): string => printableText(value ?? '').trim();

const orText = (value: string | null | undefined, fallback: string): string => {
  const text = printable(value);
  return text === '' ? fallback : text;
};

/** Every text field of a delivery address, printable. */
function printableAddress(address: ReceiptOrder['delivery_address']): Partial<Record<keyof AddressWire, string | null>> {
  const entries = Object.entries(address ?? {}).map(([field, value]) => [field, typeof value === 'string' ? printable(value) : value]);
  return Object.fromEntries(entries) as Partial<Record<keyof AddressWire, string | null>>;
}

/** True when a payment status says the order is already paid ('Paid', any case). */
export function isPaymentPaid(paymentStatus: string | null | undefined): boolean {
  return (paymentStatus ?? '').trim().toLowerCase() === 'paid';
}

/**
 * The shelf an item is picked from: of its categories, the first in display order, preferring real shelves
 * over the groupings that hold everything ('All Product', 'Buy Brand', 'Special').
 */
export function shelfCategory(category: Named | readonly Named[] | null | undefined): string | null {
  const list: readonly Named[] = category == null ? [] : Array.isArray(category) ? category : [category as Named];
  const names = list.map((item) => (typeof item === 'string' ? item : item.name).trim()).filter((name) => name !== '');
  const real = names.filter((name) => !NO_STRIP_CATEGORIES.some((grouping) => sameName(grouping, name)));
  const pool = real.length > 0 ? real : names;
  const sorted = [...pool].sort(compareCategoryNames);
  return sorted[0] ?? null;
}

function printableShelf(category: Named | readonly Named[] | null | undefined): string | null {
  const shelf = printable(shelfCategory(category));
  return shelf === '' ? null : shelf;
}

function compareShelfOrder(a: ReceiptLine, b: ReceiptLine): number {
  if (a.category !== b.category) {
    if (a.category === null) return 1;
    if (b.category === null) return -1;
    const byShelf = compareCategoryNames(a.category, b.category);
    if (byShelf !== 0) return byShelf;
  }
  // Within a shelf, by the English name: the order the shop's shelves and pickers know, whatever the language.
  return (a.englishName ?? a.name).localeCompare(b.englishName ?? b.name, 'en', { sensitivity: 'base', numeric: true });
}

/**
 * The receipt of an order. Defaults: status 'Pending', payment method 'N/A', payment status 'Not Paid',
 * location 'Location not available'. Lines come in shelf order (category display order, then English name).
 * Product names are in the order's language (issue 21), each with its English name under it when that differs,
 * for whoever picks the order. The subtotal is the order's own when recorded, else the sum of the lines. Cash
 * to collect is the total unless the payment status is 'Paid'. Every text taken from the order is printable: control characters are
 * removed (an address holding ESC p would otherwise open the cash drawer), for the printer and the page alike.
 */
export function buildReceipt(order: ReceiptOrder, options: ReceiptOptions): ReceiptModel {
  const lines = order.products
    .map((product): ReceiptLine => {
      const unitPricePaise = rupeesToPaise(product.product_details.price);
      const english = printable(product.product_details.name);
      const name = printable(localName({ ...product.product_details, name: english }, order.language ?? 'en'));
      const weighed = weighedLine(product);
      return {
        name: name === '' ? english : name,
        englishName: name === '' || name === english ? null : english,
        quantity: product.quantity,
        unit: printable(product.product_details.unit),
        unitPricePaise,
        totalPaise: weighed ? weighed.totalPaise : unitPricePaise * product.quantity,
        category: printableShelf(product.product_details.category),
        weight: weighed ? weighed.weight : null,
      };
    })
    .sort(compareShelfOrder);
  const linesTotal = lines.reduce((sum, line) => sum + line.totalPaise, 0);
  const subtotalPaise = order.subTotalAmt == null ? linesTotal : rupeesToPaise(order.subTotalAmt);
  const deliveryFeePaise = order.deliveryFee == null ? null : rupeesToPaise(order.deliveryFee);
  const totalPaise = rupeesToPaise(order.totalAmt);
  const bill = billParts(order, subtotalPaise, deliveryFeePaise ?? 0, totalPaise);
  const paymentStatus = orText(order.payment_status, TEXT.notPaid);
  const address = addressLines(printableAddress(order.delivery_address));
  const orderId = printable(order.orderId);
  const revised = revisedBill(order);
  return {
    ...printedShop(options),
    title: revised ? 'REVISED' : 'ORDER',
    revised,
    reprint: options.reprint === true,
    orderId,
    time: formatDateTime(order.createdAt, options.timeZone ?? DEFAULT_TIME_ZONE),
    status: printable(statusLabel(order.order_status)),
    deliveryOption: orText(order.Choose, '') || null,
    lines,
    // what is sent: after packing, the quantities found and the substitutes kept
    // a weighed line is one item (its quantity counts steps of weight), none when nothing of it is sent
    itemCount: revised
      ? revised.lines.reduce((sum, line) => sum + (line.weight ? Math.min(1, line.sent) : line.sent), 0) + revised.substitutes.reduce((sum, sub) => sum + sub.quantity, 0)
      : lines.reduce((sum, line) => sum + (line.weight ? (line.weight.grams > 0 ? 1 : 0) : line.quantity), 0),
    subtotalPaise,
    deliveryFeePaise,
    customerName: customerName(order.userId),
    ...bill,
    totalPaise,
    atMostPaise: order.maxTotalAmt == null ? null : rupeesToPaise(order.maxTotalAmt),
    creditPaise: rupeesToPaise(order.creditUsed ?? 0),
    // the total less the store credit it used (issue 35), as the server says it; nothing once paid
    cashToCollectPaise: isPaymentPaid(paymentStatus) ? 0 : order.cashToCollect != null ? rupeesToPaise(order.cashToCollect) : totalPaise,
    paymentMethod: orText(order.payment_method, TEXT.notApplicable),
    paymentStatus,
    addressLines: address.length > 0 ? address : ['Address not available'],
    locationText: orText(order.location, LOCATION_NOT_AVAILABLE),
    barcodeValue: orderId,
  };
}

/** The customer's name from the order wire's `userId` (staff read `{ name }`), printable; null when it has none. */
function customerName(user: ReceiptOrder['userId']): string | null {
  const name = typeof user === 'object' && user !== null ? printable(user.name) : '';
  return name === '' ? null : name;
}

/**
 * The percent a basket discount was given at: the tier the subtotal earns, else the tier that gives exactly that
 * amount (packing keeps the rate checkout promised, substitution.ts), else null (the line then names no percent).
 */
function basketRateOf(subtotalPaise: number, basketPaise: number): number | null {
  if (basketPaise <= 0) return null;
  const earned = basketDiscountRate(subtotalPaise);
  if (earned > 0 && discountAtRatePaise(subtotalPaise, earned) === basketPaise) return earned;
  return BASKET_TIERS.find((tier) => discountAtRatePaise(subtotalPaise, tier.percent) === basketPaise)?.percent ?? null;
}

/**
 * The bill's parts between the subtotal and the total: the order's own when it records them, else worked out so
 * they still add up (the basket discount by its rule, at most what the total leaves; the rest the rounding).
 */
function billParts(order: ReceiptOrder, subtotalPaise: number, feePaise: number, totalPaise: number) {
  const promoDiscountPaise = Math.max(0, rupeesToPaise(order.promoDiscount ?? 0));
  const off = Math.max(0, subtotalPaise + feePaise - totalPaise - promoDiscountPaise);
  const basket = order.basketDiscount == null ? Math.min(off, subtotalPaise > 0 ? basketDiscountPaise(subtotalPaise) : 0) : rupeesToPaise(order.basketDiscount);
  const rounding = order.roundingAmt == null ? Math.max(0, off - basket) : rupeesToPaise(order.roundingAmt);
  const code = printable(order.promoCode);
  return {
    basketDiscountPaise: basket,
    basketDiscountRate: basketRateOf(subtotalPaise, basket),
    promoCode: code === '' ? null : code,
    promoDiscountPaise,
    roundingPaise: rounding,
  };
}

/**
 * A weighed line's weight and amount (issue 34), else null for a line sold by the unit. Charged: the server's
 * charged grams once packed, the asked grams before (none when packing found none). The amount is the server's
 * lineTotal when the order carries it, else the charged grams at the per-kg price (weight.ts, half up to the
 * rupee), so the printed lines add up to the subtotal either way.
 */
function weighedLine(product: ReceiptOrderProduct): { weight: ReceiptWeight; totalPaise: number } | null {
  if (product.sellBy !== 'WEIGHT') return null;
  const askedGrams = product.grams ?? 0;
  const weighedGrams = product.weighedGrams ?? null;
  const charged = product.found === 0 ? 0 : (product.chargedGrams ?? weighedGrams ?? askedGrams);
  const totalPaise = product.lineTotal == null ? weighedAmountPaise(charged, rupeesToPaise(product.product_details.price)) : rupeesToPaise(product.lineTotal);
  return {
    weight: {
      grams: charged,
      askedGrams,
      weighedGrams: weighedGrams !== null && weighedGrams > charged && product.found !== 0 ? weighedGrams : null,
      estimate: weighedGrams === null && product.found !== 0,
    },
    totalPaise,
  };
}

/** A product's name in the order's language and the English one under it when that differs (as on the receipt). */
function printedNames(details: { name: string; nameSi?: string | null; nameTa?: string | null }, language: Language): { name: string; englishName: string | null } {
  const english = printable(details.name);
  const name = printable(localName({ ...details, name: english }, language));
  return { name: name === '' ? english : name, englishName: name === '' || name === english ? null : english };
}

/**
 * The REVISED bill of an order packing changed (revision above 0), else null: each ordered line with how many
 * were ordered and sent (a line not yet packed sends all), what the quantity not sent took off, the substitutes
 * kept (ACCEPTED at their own price, AUTO_ACCEPTED at the charged one, never above the ordered line's), and the
 * total the order was placed with. The new total and the cash to collect are the order's own (the server's).
 */
function revisedBill(order: ReceiptOrder): RevisedBill | null {
  const revision = order.revision ?? 0;
  if (!(revision > 0)) return null;
  const language = order.language ?? 'en';
  const lines = order.products
    .map((product): RevisedLine => {
      const unitPricePaise = rupeesToPaise(product.product_details.price);
      const sent = Math.min(product.quantity, Math.max(0, product.found ?? product.quantity));
      const weighed = weighedLine(product);
      return {
        ...printedNames(product.product_details, language),
        unit: printable(product.product_details.unit),
        ordered: product.quantity,
        sent,
        unitPricePaise,
        // a weighed line is sent at its charged grams, or not at all (found 0): then its asked amount is removed
        sentPaise: weighed ? weighed.totalPaise : unitPricePaise * sent,
        removedPaise: weighed ? (sent === 0 ? weighedAmountPaise(weighed.weight.askedGrams, unitPricePaise) : 0) : unitPricePaise * (product.quantity - sent),
        category: printableShelf(product.product_details.category),
        weight: weighed ? weighed.weight : null,
      };
    })
    .sort((a, b) => compareShelfOrder({ ...a, quantity: a.ordered, totalPaise: 0 }, { ...b, quantity: b.ordered, totalPaise: 0 }));
  const nameOf = (productId: string | null): string | null => {
    const line = order.products.find((product) => productId !== null && product.productId === productId);
    return line ? printedNames(line.product_details, language).name : null;
  };
  const substitutes = (order.proposals ?? [])
    .filter((proposal) => keepsSubstitute(proposal.status))
    .map((proposal): RevisedSubstitute => {
      const unitPricePaise = rupeesToPaise(keptSubstituteUnit(proposal.status, proposal.price, proposal.chargedPrice));
      return {
        ...printedNames(proposal, language),
        unit: printable(proposal.unit),
        quantity: proposal.quantity,
        unitPricePaise,
        totalPaise: unitPricePaise * proposal.quantity,
        replaces: nameOf(proposal.productId),
      };
    });
  return {
    revision,
    lines,
    substitutes,
    removedPaise: lines.reduce((sum, line) => sum + line.removedPaise, 0),
    originalTotalPaise: rupeesToPaise(order.originalTotalAmt ?? order.totalAmt),
  };
}

// Text layout

const width = (text: string): number => [...text].length;

/**
 * Word-wraps text to `columns`; the first line keeps the text's leading spaces, continuation lines start with
 * `indent`. A word wider than the line is cut where the line ends.
 */
export function wrapText(text: string, columns: number, indent = ''): string[] {
  const lead = /^ */.exec(text)?.[0] ?? '';
  if (width(lead) >= columns || width(indent) >= columns) {
    throw new RangeError(`indentation leaves no room in ${columns} columns`);
  }
  const lines: string[] = [];
  let current = '';
  const prefix = (): string => (lines.length === 0 ? lead : indent);
  const room = (): number => columns - width(prefix());
  const flush = (): void => {
    lines.push(prefix() + current);
    current = '';
  };
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    let rest = word;
    for (;;) {
      const candidate = current === '' ? rest : `${current} ${rest}`;
      if (width(candidate) <= room()) {
        current = candidate;
        break;
      }
      if (current !== '') {
        flush(); // try the word again on a fresh line
        continue;
      }
      const chars = [...rest];
      current = chars.slice(0, room()).join('');
      rest = chars.slice(room()).join('');
      flush();
    }
  }
  if (current !== '' || lines.length === 0) flush();
  return lines;
}

/** `left` and `right` on one line, right-aligned; when they do not fit, `right` goes on the next line. */
export function leftRight(left: string, right: string, columns: number): string[] {
  const lines = wrapText(left, columns, '  ');
  const last = lines.pop() ?? '';
  const gap = columns - width(last) - width(right);
  if (gap >= 1) return [...lines, last + ' '.repeat(gap) + right];
  const rightLines = width(right) <= columns ? [' '.repeat(columns - width(right)) + right] : wrapText(right, columns);
  return [...lines, ...(last === '' ? [] : [last]), ...rightLines];
}

function centre(text: string, columns: number): string[] {
  return wrapText(text, columns).map((line) => ' '.repeat(Math.floor((columns - width(line)) / 2)) + line);
}

/** The shop's name, address, phone and footer as every slip prints them (control characters made spaces). */
function printedShop(options: Pick<ReceiptOptions, 'shopName' | 'shopAddress' | 'shopPhone' | 'footer'>) {
  return {
    shopName: printable(options.shopName),
    shopAddress: printable(options.shopAddress),
    shopPhone: printable(options.shopPhone),
    footer: printable(options.footer),
  };
}

/** Refuses a paper narrower than any slip can be laid out on. */
function assertColumns(columns: number): void {
  if (!Number.isInteger(columns) || columns < RECEIPT_MIN_COLUMNS) {
    throw new RangeError(`a receipt needs at least ${RECEIPT_MIN_COLUMNS} columns, got ${columns}`);
  }
}

/** The centred shop lines every slip starts with: name, then address and phone when there are. */
function shopLines(shop: { shopName: string; shopAddress?: string | undefined; shopPhone?: string | undefined }, columns: number): string[] {
  const out = centre(shop.shopName, columns);
  if (shop.shopAddress) out.push(...centre(shop.shopAddress, columns));
  if (shop.shopPhone) out.push(...centre(shop.shopPhone, columns));
  return out;
}

/** The basket discount's label as the shopper's bill words it: 'Basket discount (1.75%)'. */
export function basketDiscountLabel(rate: number | null): string {
  return rate === null ? 'Basket discount' : `Basket discount (${rate}%)`;
}

/**
 * An order paid partly by store credit (issue 35): 'Credit −Rs.150.00 · COLLECT Rs.2,190.00', with the minus sign
 * (U+2212) and the middle dot (U+00B7) the issue writes. The counter's printer prints the minus as '-' and the dot
 * as its own byte 0xFA of code page PC858 (desktop/src/printer/code-page.ts).
 */
export function creditLine(model: Pick<ReceiptModel, 'creditPaise' | 'cashToCollectPaise'>): string {
  return `Credit ${creditAndCollect(model)}`;
}

/** The credit line after its label: '−Rs.150.00 · COLLECT Rs.2,190.00' (the print page's value beside 'Credit'). */
export function creditAndCollect(model: Pick<ReceiptModel, 'creditPaise' | 'cashToCollectPaise'>): string {
  return `\u2212${formatRs(model.creditPaise)} \u00b7 COLLECT ${formatRs(model.cashToCollectPaise)}`;
}

/**
 * The receipt as lines of text none wider than `columns` (48 for 72 mm): long names word-wrapped, amounts
 * right-aligned in 'Rs.1,250.00' form. Used by the HTML print page and the ESC/POS printer alike.
 */
export function receiptTextLines(model: ReceiptModel, columns: number = RECEIPT_COLUMNS): string[] {
  assertColumns(columns);
  const rule = (char: string): string => char.repeat(columns);
  const labelled = (label: string, value: string): string[] => wrapText(`${label}: ${value}`, columns, '  ');
  const out: string[] = [];

  out.push(...shopLines(model, columns));
  const title = model.revised ? `REVISED BILL (revision ${model.revised.revision})` : model.title;
  out.push(...centre(model.reprint ? `${title} - REPRINT` : title, columns));
  out.push(...centre(`#${model.orderId}`, columns));
  out.push(rule('='));
  out.push(...labelled('Time', model.time));
  out.push(...labelled('Status', model.status));
  if (model.customerName) out.push(...labelled('Customer', model.customerName));
  out.push(...labelled('Delivery', model.deliveryOption ?? 'Not chosen'));
  out.push(rule('-'));

  const names = (line: { name: string; englishName: string | null }) => {
    out.push(...wrapText(line.name, columns, '  '));
    if (line.englishName) out.push(...wrapText(`  ${line.englishName}`, columns, '    '));
  };
  const each = (line: { unitPricePaise: number; unit: string }) => `${formatRs(line.unitPricePaise)}${line.unit === '' ? '' : ` / ${line.unit}`}`;
  // a weight over the tolerance the shopper did not accept is charged at the cap: the bill says both
  const overWeight = (weight: ReceiptWeight): void => {
    if (weight.weighedGrams !== null) out.push(...wrapText(`  weighed ${formatReceiptKg(weight.weighedGrams)}, charged ${formatReceiptKg(weight.grams)}`, columns, '    '));
  };
  if (model.revised) {
    const revised = model.revised;
    out.push(...wrapText(`Ordered ${REVISED_ARROW} Sent`, columns, '  '));
    for (const line of revised.lines) {
      names(line);
      const weight = line.weight;
      if (weight) {
        // Ordered -> Sent in kilos: '0.750 -> 0.742 kg x Rs.480.00/kg', or REMOVED when none was found
        if (line.sent === 0) out.push(...leftRight(`  ${formatReceiptKg(weight.askedGrams)} REMOVED`, `-${formatRs(line.removedPaise)}`, columns));
        else {
          const asked = formatReceiptKg(weight.askedGrams).replace(/ kg$/, '');
          out.push(...leftRight(`  ${asked} ${REVISED_ARROW} ${formatReceiptWeighed(weight.grams, line.unitPricePaise)}`, formatRs(line.sentPaise), columns));
          overWeight(weight);
        }
        continue;
      }
      const moved = `  ${line.ordered} ${REVISED_ARROW} ${line.sent}`;
      if (line.sent === 0) out.push(...leftRight(`${moved} REMOVED`, `-${formatRs(line.removedPaise)}`, columns));
      else {
        out.push(...leftRight(`${moved} x ${each(line)}`, formatRs(line.sentPaise), columns));
        if (line.removedPaise > 0) out.push(...leftRight(`  Removed ${line.ordered - line.sent}`, `-${formatRs(line.removedPaise)}`, columns));
      }
    }
    if (revised.lines.length === 0) out.push('No items');
    if (revised.substitutes.length > 0) {
      out.push(rule('-'));
      out.push('SUBSTITUTES');
      for (const sub of revised.substitutes) {
        names(sub);
        if (sub.replaces) out.push(...wrapText(`  for ${sub.replaces}`, columns, '    '));
        out.push(...leftRight(`  ${sub.quantity} x ${each(sub)}`, formatRs(sub.totalPaise), columns));
      }
    }
    out.push(rule('-'));
    out.push(...leftRight('Removed in all', `-${formatRs(revised.removedPaise)}`, columns));
  } else {
    for (const line of model.lines) {
      names(line);
      if (line.weight) {
        out.push(...leftRight(`  ${formatReceiptWeighed(line.weight.grams, line.unitPricePaise)}`, formatRs(line.totalPaise), columns));
        overWeight(line.weight);
      } else out.push(...leftRight(`  ${line.quantity} x ${each(line)}`, formatRs(line.totalPaise), columns));
    }
    if (model.lines.length === 0) out.push('No items');
  }
  out.push(rule('-'));

  const items = `${model.itemCount} ${model.itemCount === 1 ? 'item' : 'items'}`;
  out.push(...leftRight(`Subtotal (${items})`, formatRs(model.subtotalPaise), columns));
  // the bill's lines in the order the shopper's bill shows them (issue 36)
  if (model.basketDiscountPaise > 0) out.push(...leftRight(basketDiscountLabel(model.basketDiscountRate), `-${formatRs(model.basketDiscountPaise)}`, columns));
  if (model.promoDiscountPaise > 0) out.push(...leftRight(model.promoCode ? `Promo ${model.promoCode}` : 'Promo', `-${formatRs(model.promoDiscountPaise)}`, columns));
  if (model.deliveryFeePaise !== null) {
    out.push(...leftRight('Delivery fee', model.deliveryFeePaise === 0 ? 'FREE' : formatRs(model.deliveryFeePaise), columns));
  }
  if (model.roundingPaise > 0) out.push(...leftRight('Rounding', `-${formatRs(model.roundingPaise)}`, columns));
  if (model.revised) {
    out.push(...leftRight('Original total', formatRs(model.revised.originalTotalPaise), columns));
    out.push(...leftRight('NEW TOTAL', formatRs(model.totalPaise), columns));
  } else out.push(...leftRight('TOTAL', formatRs(model.totalPaise), columns));
  // while a weighed line is unweighed the total is an estimate, and this the most it can come to
  if (model.atMostPaise !== null) out.push(...leftRight('  At most (weighed lines)', formatRs(model.atMostPaise), columns));
  // store credit (issue 35): one line with the credit and what is left to collect, in place of CASH TO COLLECT
  if (model.creditPaise > 0) out.push(...wrapText(creditLine(model), columns, '  '));
  else out.push(...leftRight('CASH TO COLLECT', formatRs(model.cashToCollectPaise), columns));
  out.push(rule('-'));

  out.push(...labelled('Payment', model.paymentMethod));
  out.push(...labelled('Payment status', model.paymentStatus));
  out.push(rule('-'));

  out.push('Deliver to:');
  for (const line of model.addressLines) out.push(...wrapText(line, columns, '  '));
  out.push(...labelled('Location', model.locationText));
  out.push(rule('='));
  if (model.footer) out.push(...centre(model.footer, columns));
  return out;
}

// The day summary (a Z-report): the day's report on the counter's thermal printer, in the same 48 columns.

export interface DaySummaryModel {
  shopName: string;
  shopAddress: string;
  shopPhone: string;
  footer: string;
  title: 'DAY SUMMARY';
  /** The day as people read it: '22 Nov 2026'. */
  day: string;
  printedAt: string;
  totalOrders: number;
  /** The statuses that hold any of the day's orders, in the machine's order. */
  byStatus: Array<{ status: string; count: number }>;
  deliveredOrders: number;
  /** The cash recorded at delivery, and beside it what those orders came to. */
  cashCollectedPaise: number;
  cashExpectedPaise: number;
  cancelledOrders: number;
  valueCancelledPaise: number;
  /** Units and (issue 34) kilos sold, as 'x 3', 'x 1.500 kg' or 'x 3 + 1.500 kg'. */
  items: Array<{ name: string; unit: string; quantity: number; kilos: number; totalPaise: number }>;
  deliveryTimes: Array<{ option: string; promiseMinutes: number | null; delivered: number; averageMinutes: number | null; p90Minutes: number | null; missed: number }>;
  missed: Array<{ orderId: string; minutes: number; promiseMinutes: number; delivered: boolean }>;
  /** The hours that had orders, as '09:00-10:00' and how many. */
  hours: Array<{ hour: string; count: number }>;
  /** Packing (issue 33), printed when any order was packed; else null. */
  packing: PackingFigures | null;
}

/** The day a report covers, for people: '2026-11-22' -> '22 Nov 2026'. */
export function formatReportDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-IN', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(Date.UTC(year, month - 1, date)));
}

/**
 * The Z-report of a day from the server's day report: what was ordered, the cash recorded on the delivered orders
 * (and what they came to), what was cancelled, the items sold, each option's delivery times and the promises
 * missed. Every text is printable (an item's name is the shop's data, as on a receipt).
 */
export function buildDaySummary(report: DayReport, options: Omit<ReceiptOptions, 'reprint'>): DaySummaryModel {
  const timeZone = options.timeZone ?? report.timeZone ?? DEFAULT_TIME_ZONE;
  return {
    ...printedShop(options),
    title: 'DAY SUMMARY',
    day: formatReportDay(report.day),
    printedAt: formatDateTime(report.generatedAt, timeZone),
    totalOrders: report.totalOrders,
    byStatus: report.byStatus.filter((s) => s.count > 0).map((s) => ({ status: s.status, count: s.count })),
    deliveredOrders: report.deliveredOrders,
    cashCollectedPaise: rupeesToPaise(report.cashCollected),
    // a server from before the expected amount sent only the totals, as its cashCollected
    cashExpectedPaise: rupeesToPaise(report.cashExpected ?? report.cashCollected),
    cancelledOrders: report.cancelledOrders,
    valueCancelledPaise: rupeesToPaise(report.valueCancelled),
    items: report.items.map((i) => ({ name: printable(i.name), unit: printable(i.unit), quantity: i.quantity, kilos: i.kilos ?? 0, totalPaise: rupeesToPaise(i.amount) })),
    deliveryTimes: report.deliveryTimes.map((o) => ({ ...o, option: printable(o.option) })).map(({ code: _code, ...o }) => o),
    missed: report.missedPromises.map((m) => ({ orderId: printable(m.orderId), minutes: m.minutes, promiseMinutes: m.promiseMinutes, delivered: m.delivered })),
    hours: report.ordersPerHour.flatMap((count, hour) => (count > 0 ? [{ hour: hourLabel(hour), count }] : [])),
    packing:
      report.packing && report.packing.packedOrders > 0
        ? { ...report.packing, shortProducts: report.packing.shortProducts.map((p) => ({ name: printable(p.name), timesShort: p.timesShort })) }
        : null,
  };
}

const minutesText = (minutes: number | null): string => (minutes === null ? '-' : `${minutes} min`);

/** The day summary as lines of text none wider than `columns`, for the thermal printer (and any page that shows it). */
export function daySummaryTextLines(model: DaySummaryModel, columns: number = RECEIPT_COLUMNS): string[] {
  assertColumns(columns);
  const rule = (char: string): string => char.repeat(columns);
  const row = (left: string, right: string | number) => leftRight(left, String(right), columns);
  const out: string[] = [];
  out.push(...shopLines(model, columns));
  out.push(...centre(model.title, columns));
  out.push(...centre(model.day, columns));
  out.push(rule('='));
  out.push(...wrapText(`Printed: ${model.printedAt}`, columns, '  '));
  out.push(...row('ORDERS', model.totalOrders));
  for (const s of model.byStatus) out.push(...row(`  ${s.status}`, s.count));
  out.push(rule('-'));
  out.push(...row(`CASH COLLECTED (${model.deliveredOrders} delivered)`, formatRs(model.cashCollectedPaise)));
  out.push(...row('  Expected (order totals)', formatRs(model.cashExpectedPaise)));
  out.push(...row(`Cancelled (${model.cancelledOrders})`, formatRs(model.valueCancelledPaise)));
  out.push(rule('-'));
  if (model.packing) {
    const packing = model.packing;
    out.push(...wrapText(`PACKING (${packing.packedOrders} packed)`, columns, '  '));
    out.push(...row('  Fill rate', `${packing.fillRate ?? '-'}% (${packing.linesFound}/${packing.linesOrdered} lines)`));
    out.push(...row('  Substitutes accepted', packing.substitutions.accepted));
    out.push(...row('  Substitutes declined', packing.substitutions.declined));
    out.push(...row('  Substitutes expired', packing.substitutions.expired));
    if (packing.shortProducts.length > 0) out.push('  Most often short:');
    for (const short of packing.shortProducts) out.push(...row(`    ${short.name}`, `x ${short.timesShort}`));
    out.push(rule('-'));
  }
  out.push(...wrapText(`ITEMS SOLD (top ${REPORT_TOP_ITEMS})`, columns, '  '));
  for (const item of model.items) {
    out.push(...wrapText(`${item.name}${item.unit === '' ? '' : ` (${item.unit})`}`, columns, '  '));
    out.push(...row(`  x ${itemSoldText(item)}`, formatRs(item.totalPaise)));
  }
  if (model.items.length === 0) out.push('  None');
  out.push(rule('-'));
  out.push(...wrapText('DELIVERY TIMES (placed to delivered)', columns, '  '));
  for (const option of model.deliveryTimes) {
    out.push(...wrapText(option.promiseMinutes === null ? option.option : `${option.option} (promise ${option.promiseMinutes} min)`, columns, '  '));
    out.push(...row('  Delivered', option.delivered));
    out.push(...row('  Average', minutesText(option.averageMinutes)));
    out.push(...row(`  p${REPORT_PERCENTILE}`, minutesText(option.p90Minutes)));
    out.push(...row('  Missed promise', option.missed));
  }
  out.push(rule('-'));
  out.push(...wrapText(`MISSED PROMISES (${model.missed.length})`, columns, '  '));
  for (const m of model.missed) out.push(...row(`  #${m.orderId}${m.delivered ? '' : ' (open)'}`, `${m.minutes} / ${m.promiseMinutes} min`));
  if (model.missed.length === 0) out.push('  None');
  out.push(rule('-'));
  out.push(...wrapText('ORDERS PER HOUR', columns, '  '));
  for (const h of model.hours) out.push(...row(`  ${h.hour}`, h.count));
  if (model.hours.length === 0) out.push('  None');
  out.push(rule('='));
  if (model.footer) out.push(...centre(model.footer, columns));
  return out;
}

// The hand-in slip (issue 20): the cash a rider handed to the store, on the counter's printer, with where the
// rider stands for the day, so both can sign and keep a copy.

export interface HandInSlipModel {
  shopName: string;
  shopAddress: string;
  shopPhone: string;
  footer: string;
  title: 'CASH HAND-IN';
  rider: string;
  /** The report's day as people read it: '22 Nov 2026'. */
  day: string;
  /** When the cash was received, in the shop's zone. */
  receivedAt: string;
  amountPaise: number;
  receivedBy: string;
  note: string;
  /**
   * The rider's day after this hand-in: what they held when it began, collected, handed in (the day's hand-ins so
   * far) and still outstanding (brought forward + collected - handed in).
   */
  broughtForwardPaise: number;
  collectedPaise: number;
  handedInPaise: number;
  outstandingPaise: number;
}

/**
 * The slip of one hand-in from the day report: the rider's row and that hand-in. The figures of the day are those
 * up to and including this hand-in, so a slip printed again later still reads as it did at the counter (unless an
 * earlier hand-in was voided since). Throws when the report has no such rider or hand-in, or the hand-in was voided.
 */
export function buildHandInSlip(report: DayReport, riderId: string, handInId: string, options: Omit<ReceiptOptions, 'reprint'>): HandInSlipModel {
  const timeZone = options.timeZone ?? report.timeZone ?? DEFAULT_TIME_ZONE;
  const row = (report.riders ?? []).find((r) => r.riderId === riderId);
  const index = row ? row.handIns.findIndex((h) => h.id === handInId) : -1;
  const handIn = row?.handIns[index];
  if (!row || !handIn) throw new RangeError('That hand-in is not in this day\'s report.');
  if (handIn.voided) throw new RangeError('That hand-in was voided: it has no slip.');
  // the hand-ins so far that count (one voided since counts for nothing; from a server before voids, none is)
  const handedInPaise = row.handIns.slice(0, index + 1).reduce((sum, h) => (h.voided ? sum : sum + rupeesToPaise(h.amount)), 0);
  const collectedPaise = rupeesToPaise(row.collected);
  const broughtForwardPaise = rupeesToPaise(row.broughtForward ?? 0);
  return {
    ...printedShop(options),
    title: 'CASH HAND-IN',
    rider: printable(row.name),
    day: formatReportDay(report.day),
    receivedAt: formatDateTime(handIn.receivedAt, timeZone),
    amountPaise: rupeesToPaise(handIn.amount),
    receivedBy: printable(handIn.receivedBy),
    note: printable(handIn.note),
    broughtForwardPaise,
    collectedPaise,
    handedInPaise,
    outstandingPaise: broughtForwardPaise + collectedPaise - handedInPaise,
  };
}

/** The hand-in slip as lines of text none wider than `columns`, with lines to sign. */
export function handInSlipTextLines(model: HandInSlipModel, columns: number = RECEIPT_COLUMNS): string[] {
  assertColumns(columns);
  const rule = (char: string): string => char.repeat(columns);
  const row = (left: string, right: string) => leftRight(left, right, columns);
  const out: string[] = [];
  out.push(...shopLines(model, columns));
  out.push(...centre(model.title, columns));
  out.push(rule('='));
  out.push(...row('Rider', model.rider));
  out.push(...row('Received', model.receivedAt));
  out.push(...row('Received by', model.receivedBy));
  if (model.note) out.push(...wrapText(`Note: ${model.note}`, columns, '  '));
  out.push(rule('-'));
  out.push(...row('AMOUNT HANDED IN', formatRs(model.amountPaise)));
  out.push(rule('-'));
  out.push(...wrapText(`THE RIDER'S DAY (${model.day})`, columns, '  '));
  out.push(...row('  Brought forward', formatRs(model.broughtForwardPaise)));
  out.push(...row('  Collected', formatRs(model.collectedPaise)));
  out.push(...row('  Handed in', formatRs(model.handedInPaise)));
  out.push(...row('  Outstanding', formatRs(model.outstandingPaise)));
  out.push(rule('='));
  out.push('');
  out.push('Rider: ______________________');
  out.push('');
  out.push('Received: ___________________');
  if (model.footer) out.push(...centre(model.footer, columns));
  return out;
}
