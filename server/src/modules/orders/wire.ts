import {
  DEFAULT_SUBSTITUTION,
  isLanguage,
  isOrderStatus,
  isProposalStatus,
  cashToCollectPaise,
  isSellBy,
  isSubstitutionPreference,
  paiseToRupees,
  riderForShopper,
  type AssignedRiderWire,
  type OrderWire,
  type RevisedTotals,
} from '@kade/shared';
import { anyUnweighed, isWeighedRow, linePaise } from './lines';

export interface OrderRow {
  id: string;
  order_code: string;
  user_id: string;
  user_name?: string;
  user_mobile?: string;
  status: string;
  payment_method: string;
  payment_status: string;
  delivery_option: string;
  /** The shopper's language when placing it ('en', 'si' or 'ta'). */
  language: string;
  undiscounted_paise: number;
  subtotal_paise: number;
  basket_discount_paise: number;
  delivery_fee_paise: number;
  rounding_paise: number;
  total_paise: number;
  address_id: string | null;
  delivery_address: unknown;
  location: string;
  latitude: number | null;
  longitude: number | null;
  taken_by: string | null;
  taken_by_name?: string | null;
  taken_at?: Date | string | null;
  /** The rider carrying it (issue 20), with their name and number from ORDER_SELECT. */
  rider_id?: string | null;
  rider_name?: string | null;
  rider_mobile?: string | null;
  cash_collected_paise?: number | null;
  cash_note?: string | null;
  cash_flagged?: boolean | null;
  /** A rider's 'Could not deliver': the reason, when, and the rider's name (ORDER_SELECT), until it is given out again. */
  returned_reason?: string | null;
  returned_at?: Date | string | null;
  returned_by_name?: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  delivered_at?: Date | string | null;
  lines: Array<{
    product_id: string | null;
    quantity: number;
    name: string;
    name_si: string | null;
    name_ta: string | null;
    unit: string;
    image: string;
    category: string;
    price_paise: number;
    original_price_paise: number;
    discount: string | number;
    found: number | null;
    substitution: string;
    /** The product's barcode now (issue 33), for the packing screen; null when none or gone. */
    barcode?: string | null;
    /** Sold by weight (issue 34): the step and asked grams, and from packing the weighed and charged grams. */
    sell_by?: string | null;
    step_grams?: number | null;
    grams?: number | null;
    weighed_grams?: number | null;
    charged_grams?: number | null;
    /** The product's scale code now, for the packing screen; null when none or gone. */
    scale_code?: string | null;
  }>;
  /** The "at most" figure (issue 34), kept while a weighed line waits for the scale. */
  max_total_paise?: number | null;
  /** Issue 35: the promo code used and its discount, and the store credit used (cash to collect is the total less it). */
  promo_code?: string | null;
  promo_discount_paise?: number | null;
  credit_used_paise?: number | null;
  revision: number;
  original_total_paise: number | null;
  proposals: Array<{
    id: string;
    product_id: string | null;
    substitute_id: string | null;
    name: string;
    name_si: string | null;
    name_ta: string | null;
    unit: string;
    image: string;
    unit_price_paise: number;
    charge_paise: number;
    quantity: number;
    status: string;
    expires_at: string;
    /** SUBSTITUTE, or HEAVIER with the grams weighed (issue 34). */
    kind?: string | null;
    weighed_grams?: number | null;
  }>;
}

/** An order's amount columns from its totals (placing, and each revision of packing). */
export function amountColumns(totals: Pick<RevisedTotals, 'undiscountedPaise' | 'subtotalPaise' | 'basketDiscountPaise' | 'deliveryFeePaise' | 'roundingPaise' | 'grandTotalPaise'>) {
  return {
    undiscounted_paise: totals.undiscountedPaise,
    subtotal_paise: totals.subtotalPaise,
    basket_discount_paise: totals.basketDiscountPaise,
    delivery_fee_paise: totals.deliveryFeePaise,
    rounding_paise: totals.roundingPaise,
    total_paise: totals.grandTotalPaise,
  };
}

/** The order as the lists, the sockets and the receipt read it (SPEC.md section 3). */
export function toOrderWire(row: OrderRow): OrderWire {
  const address = (typeof row.delivery_address === 'string' ? JSON.parse(row.delivery_address) : row.delivery_address) as Record<string, unknown>;
  return {
    _id: row.id,
    orderId: row.order_code,
    userId: row.user_name === undefined ? row.user_id : { _id: row.user_id, name: row.user_name, mobile: row.user_mobile ?? '' },
    order_status: row.status,
    payment_status: row.payment_status,
    payment_method: row.payment_method,
    Choose: row.delivery_option,
    language: isLanguage(row.language) ? row.language : 'en',
    location: row.location,
    latitude: row.latitude,
    longitude: row.longitude,
    delivery_address: address,
    products: row.lines.map((line) => ({
      productId: line.product_id,
      quantity: line.quantity,
      product_details: {
        name: line.name,
        nameSi: line.name_si ?? null,
        nameTa: line.name_ta ?? null,
        unit: line.unit,
        price: paiseToRupees(line.price_paise),
        originalPrice: paiseToRupees(line.original_price_paise),
        discount: Number(line.discount),
        image: line.image ? [line.image] : [],
        category: line.category,
      },
      found: line.found ?? null,
      substitution: isSubstitutionPreference(line.substitution) ? line.substitution : DEFAULT_SUBSTITUTION,
      barcode: line.barcode ?? null,
      sellBy: isWeighedRow(line) && isSellBy(line.sell_by) ? line.sell_by : 'EACH',
      grams: isWeighedRow(line) ? (line.grams ?? null) : null,
      weighedGrams: isWeighedRow(line) ? (line.weighed_grams ?? null) : null,
      chargedGrams: isWeighedRow(line) ? (line.charged_grams ?? null) : null,
      lineTotal: paiseToRupees(linePaise(line)),
      scaleCode: line.scale_code ?? null,
    })),
    undiscountedAmt: paiseToRupees(row.undiscounted_paise),
    subTotalAmt: paiseToRupees(row.subtotal_paise),
    basketDiscount: paiseToRupees(row.basket_discount_paise),
    deliveryFee: paiseToRupees(row.delivery_fee_paise),
    roundingAmt: paiseToRupees(row.rounding_paise),
    totalAmt: paiseToRupees(row.total_paise),
    takenBy: row.taken_by,
    acknowledgedBy: row.taken_by ? (row.taken_by_name ?? null) : null,
    acknowledgedAt: row.taken_at ? new Date(row.taken_at).toISOString() : null,
    rider: row.rider_id ? { id: row.rider_id, name: row.rider_name ?? '', mobile: row.rider_mobile ?? '' } : null,
    cashCollected: row.cash_collected_paise == null ? null : paiseToRupees(row.cash_collected_paise),
    cashFlagged: row.cash_flagged === true,
    cashNote: row.cash_note ?? null,
    returnedReason: row.returned_reason ?? null,
    returnedAt: row.returned_at ? new Date(row.returned_at).toISOString() : null,
    returnedBy: row.returned_reason ? (row.returned_by_name ?? null) : null,
    revision: row.revision ?? 0,
    originalTotalAmt: paiseToRupees(row.original_total_paise ?? row.total_paise),
    proposals: (row.proposals ?? []).map((p) => ({
      _id: p.id,
      productId: p.product_id,
      substituteId: p.substitute_id,
      name: p.name,
      nameSi: p.name_si,
      nameTa: p.name_ta,
      unit: p.unit,
      image: p.image ? [p.image] : [],
      price: paiseToRupees(p.unit_price_paise),
      chargedPrice: paiseToRupees(p.charge_paise),
      quantity: p.quantity,
      status: isProposalStatus(p.status) ? p.status : 'EXPIRED',
      expiresAt: new Date(p.expires_at).toISOString(),
      kind: p.kind === 'HEAVIER' ? 'HEAVIER' : 'SUBSTITUTE',
      weighedGrams: p.kind === 'HEAVIER' ? (p.weighed_grams ?? null) : null,
    })),
    maxTotalAmt: row.max_total_paise != null && anyUnweighed(row.lines) ? paiseToRupees(row.max_total_paise) : null,
    promoCode: row.promo_code ?? null,
    promoDiscount: paiseToRupees(row.promo_discount_paise ?? 0),
    creditUsed: paiseToRupees(row.credit_used_paise ?? 0),
    cashToCollect: paiseToRupees(cashToCollectPaise(row.total_paise, row.credit_used_paise ?? 0)),
    createdAt: new Date(row.created_at).toISOString(),
    deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export type { OrderWire };

/** The rider an order (as staff read it) is assigned to, or undefined. */
export function assignedRiderOf(order: OrderWire): string | undefined {
  const rider = order.rider as AssignedRiderWire | null | undefined;
  return rider && 'id' in rider ? rider.id : undefined;
}

/**
 * An order as its shopper may read it: their rider's first name from Shipped on and the number only while it is
 * open (shared `riderForShopper`); no staff flag or note about the cash, nor a rider's reason for bringing it back.
 */
export function orderForShopper(order: OrderWire): OrderWire {
  const rider = order.rider as AssignedRiderWire | null | undefined;
  const status = isOrderStatus(order.order_status) ? order.order_status : 'Pending';
  return { ...order, products: order.products.map((line) => ({ ...line, barcode: null, scaleCode: null })), rider: rider && 'id' in rider ? riderForShopper(status, rider) : (order.rider ?? null), cashFlagged: false, cashNote: null, returnedReason: null, returnedAt: null, returnedBy: null };
}

/** Orders with their lines and customer in one statement; `where` is a condition on `orders o`. */
export const ORDER_SELECT = `o.*, u.name as user_name, u.mobile as user_mobile,
  (select t.name from users t where t.id = o.taken_by) as taken_by_name,
  (select r.name from users r where r.id = o.rider_id) as rider_name,
  (select r.mobile from users r where r.id = o.rider_id) as rider_mobile,
  (select r.name from users r where r.id = o.returned_by) as returned_by_name,
  coalesce((select json_agg(json_build_object('product_id', l.product_id, 'quantity', l.quantity, 'name', l.name,
      'name_si', l.name_si, 'name_ta', l.name_ta, 'unit', l.unit, 'image', l.image, 'category', l.category, 'price_paise', l.price_paise,
      'original_price_paise', l.original_price_paise, 'discount', l.discount, 'found', l.found, 'substitution', l.substitution,
      'sell_by', l.sell_by, 'step_grams', l.step_grams, 'grams', l.grams, 'weighed_grams', l.weighed_grams, 'charged_grams', l.charged_grams,
      'barcode', (select pb.barcode from products pb where pb.id = l.product_id and pb.deleted_at is null),
      'scale_code', (select pb.scale_code from products pb where pb.id = l.product_id and pb.deleted_at is null)) order by l.position)
    from order_lines l where l.order_id = o.id), '[]'::json) as lines,
  coalesce((select json_agg(json_build_object('id', p.id, 'product_id', l.product_id, 'substitute_id', p.substitute_id, 'name', p.name,
      'name_si', p.name_si, 'name_ta', p.name_ta, 'unit', p.unit, 'image', p.image, 'unit_price_paise', p.unit_price_paise,
      'charge_paise', p.charge_paise, 'quantity', p.quantity, 'status', p.status, 'expires_at', p.expires_at,
      'kind', p.kind, 'weighed_grams', p.weighed_grams) order by p.created_at, p.id)
    from order_proposals p join order_lines l on l.id = p.line_id where p.order_id = o.id), '[]'::json) as proposals`;
