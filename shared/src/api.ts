// The envelope every API answer travels in (DESIGN.md section 3): `{ success, error, message, data }`.
import type { Language } from './language';
import type { OrderingState } from './ordering';
import type { AssignedRiderWire, ShopperRiderWire } from './riders';
import type { ProposalKind, ProposalStatus, SubstitutionPreference } from './substitution';
import type { SellBy } from './weight-rule';

/** A successful answer carrying `data`. */
export interface ApiSuccess<T> {
  success: true;
  error: false;
  message: string;
  data: T;
}

/** A failed answer: `code` is stable for programs, `message` is for people, `field` names the bad input. */
export interface ApiFailure {
  success: false;
  error: true;
  message: string;
  code?: string;
  field?: string | null;
}

export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

/** A page of results, as search and listings answer. */
export interface Paged<T> {
  data: T[];
  page: number;
  totalPage: number;
  totalCount?: number;
}

/** What a paged answer carries beside its `data` list, as top-level fields of the envelope. */
export interface PageInfo {
  page: number;
  limit: number;
  totalPage: number;
  /** Exact up to the server's cap (1000 matches, or the end of the page asked for); the cap when more match. */
  totalCount: number;
  /** Whether another page follows (exact: the server reads one row past the page). */
  hasMore: boolean;
  /** False when more than `totalCount` match (a shopper reads "1000+"). */
  totalCountExact: boolean;
}

/**
 * A listing's page (POST /api/product/get-pruduct-by-category-and-subcategory): also where the next page starts,
 * to send back as `after` (null on the last page).
 */
export interface ListingPageInfo extends PageInfo {
  nextCursor: string | null;
}

// Catalogue answers (SPEC.md section 3). Ids are UUIDs as `_id`; prices are rupees; times are ISO 8601.

/**
 * The Sinhala and Tamil names beside an English `name` (issue 21), or null where none was given: the shop
 * shows `localName(item, language)`, the dashboard all three.
 */
export interface OtherNames {
  nameSi: string | null;
  nameTa: string | null;
}

/** A category or sub-category as a product names it. */
export interface NamedRef extends OtherNames {
  _id: string;
  name: string;
}

export interface CategoryWire extends OtherNames {
  _id: string;
  name: string;
  image: string;
}

export interface SubCategoryWire extends OtherNames {
  _id: string;
  name: string;
  image: string;
  /** The categories it belongs to (one or more). */
  category: NamedRef[];
}

/** What every sellable item answers, a product or a variation: its name, pictures, price, stock and flags. */
export interface SellableWire extends OtherNames {
  _id: string;
  name: string;
  image: string[];
  unit: string;
  stock: number;
  totalStock: number;
  /** Rupees, before the discount. */
  price: number;
  /** Percent, 0 to 100. */
  discount: number;
  description: string;
  /** Extra detail fields: label to text. */
  more_details: Record<string, string>;
  publish: boolean;
  single_quantity: boolean;
  /** Its barcode in the stored form, 13 digits (issue 33), or null when it has none. */
  barcode: string | null;
  /**
   * How it is sold (issue 34): `EACH`, or by `WEIGHT`, when `price` is per kg, `stock` counts grams, and a cart or
   * order quantity counts steps of `stepGrams`, from `minGrams` to `maxGrams`. The three are null for EACH.
   */
  sellBy: SellBy;
  stepGrams: number | null;
  minGrams: number | null;
  maxGrams: number | null;
  /** The 5-digit product code its scale labels carry (weighed products), or null. */
  scaleCode: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/products/by-barcode: the live product or variation a scanned code belongs to (issue 33). */
export interface BarcodeMatchWire extends OtherNames {
  _id: string;
  name: string;
  unit: string;
  image: string[];
  /** The code in its stored form (13 digits). */
  barcode: string;
  /** The parent product's id when it is a variation, else null. */
  parentId: string | null;
}

/** A product as lists answer it. */
export interface ProductWire extends SellableWire {
  category: NamedRef[];
  subCategory: NamedRef[];
  /** Ids of the related products linked to it. */
  product: string[];
  /** Search keywords (issue 36): other words a shopper types for it, such as Singlish ("sini" for sugar). */
  keywords?: string[];
}

/**
 * POST /api/product/search-product, beside the page's counts when a text found nothing (issue 36): the nearest
 * product names to search for instead, and the shelves (a category and one of its sub-categories) they are on.
 */
export interface SearchSuggestionsWire {
  names: string[];
  shelves: Array<{ category: NamedRef; subCategory: NamedRef }>;
}

/** A search page's extras: the counts, and the suggestions when it found nothing. */
export type SearchPageInfo = PageInfo & { suggestions?: SearchSuggestionsWire };

/** A variation: a product of its own under a parent product, sold and put in carts like one. */
export interface VariationWire extends SellableWire {
  /** The parent product's id. */
  product: string;
  productName: string;
}

/** POST /api/product/get (the admin's list, issue 36): a product with its live variations, published or not, oldest first. */
export interface AdminProductWire extends ProductWire {
  variations: VariationWire[];
}

/** POST /api/product/get-product-details: the product, with its published variations as `product`. */
export interface ProductDetailsWire extends Omit<ProductWire, 'product'> {
  product: VariationWire[];
}

/** GET /api/product/home: the 'Special - Deal' strip and one strip per category, in display order. */
export interface HomeWire {
  deals: ProductWire[];
  strips: Array<{ category: CategoryWire; products: ProductWire[] }>;
}

/** GET /api/shop/config: what the web app learns at run time (the store, its clock, and the app-shell gate). */
export interface ShopConfigWire {
  name: string;
  /** The app download link shown by the app-shell gate. */
  storeUrl: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  timeZone: string;
  /** 'HH:MM-HH:MM': when Add works and orders are taken. */
  shopHours: string;
  /** 'HH:MM-HH:MM': when Vegetable and Meat can be ordered. */
  freshHours: string;
  /** True when the shop is shown only inside the app shell. */
  appShellOnly: boolean;
  /** True when this request's user agent carries the app shell's token. */
  insideShell: boolean;
  /** The home page banner, or null when none is stored. */
  banner: { url: string } | null;
  /** The server's clock when it answered (ISO 8601). */
  serverTime: string;
  /**
   * How far over the asked weight a weighed line is still charged as weighed (WEIGHT_TOLERANCE_PERCENT, issue 34):
   * the cart's "at most" figure is found with it.
   */
  weightTolerancePercent: number;
  /** The shop scale's label layout (SCALE_LABEL_PATTERN, issue 34), so the packing screen knows a label from a barcode. */
  scaleLabelPattern: string;
  /** The delivery zone (the store's position and radius), so address forms can tell inside from outside. */
  deliveryZone: { lat: number; lng: number; radiusKm: number };
  /** Minutes a new order may ring untaken before it escalates (a notification on every counter, a mark for admins). */
  takeAlertMinutes: number;
  /** An optional last line of every receipt (RECEIPT_FOOTER), or ''. */
  receiptFooter: string;
  /** The smallest basket taken, in rupees (MIN_ORDER_RUPEES; 0 for none, though a total of Rs.0 is never taken). */
  minOrderRupees: number;
  /** How many hours after delivery a problem may be reported (PROBLEM_REPORT_HOURS, issue 35). */
  problemReportHours: number;
  /** Whether the shop takes orders now, why not, and each delivery option's state (ordering.ts). */
  ordering: OrderingState;
}

/** One line of an order: a snapshot of the product as it was sold (amounts in rupees). */
export interface OrderLineWire {
  productId: string | null;
  quantity: number;
  product_details: {
    name: string;
    /** The Sinhala and Tamil names as they were when it was sold (null: none). */
    nameSi: string | null;
    nameTa: string | null;
    unit: string;
    price: number;
    originalPrice: number;
    discount: number;
    image: string[];
    category: string;
  };
  /** How many were found when it was packed (issue 33), or null until it is packed. The server always sends it. */
  found?: number | null;
  /** What the shopper wants if it runs short. The server always sends it. */
  substitution?: SubstitutionPreference;
  /**
   * The product's barcode now (13 digits), for the packing screen to match a scan (issue 33); null when it has none
   * or is gone, and always null in a shopper's answer.
   */
  barcode?: string | null;
  /**
   * Sold by weight (issue 34): `sellBy`, the asked `grams` (quantity × the step; null for EACH), the scale's
   * `weighedGrams` (null until packed) and the `chargedGrams` (the weighed grams up to the tolerance cap unless the
   * shopper accepted the heavier weight; null until packed). For a weighed line `product_details.price` and
   * `originalPrice` are per kg. The server always sends these.
   */
  sellBy?: SellBy;
  grams?: number | null;
  weighedGrams?: number | null;
  chargedGrams?: number | null;
  /**
   * The line's amount in rupees, as the receipt prints it and the subtotal adds it: the unit price × the count sent
   * (found, else ordered), or for a weighed line the charged grams (the asked grams until packed) × the per-kg price.
   */
  lineTotal?: number;
  /** The product's scale code now, for the packing screen to match a label (null for a shopper, or none). */
  scaleCode?: string | null;
}

/**
 * A substitute staff proposed for a short line (issue 33), and where it stands; or (`kind` HEAVIER, issue 34) a
 * weighed line packed over the tolerance, waiting for the shopper to accept the heavier weight: then `name`, `unit`
 * and `image` are the line's, `weighedGrams` the scale's grams, `price` the line's amount at those grams and
 * `chargedPrice` its amount at the cap (what is charged unless they accept), `quantity` the line's.
 */
export interface ProposalWire {
  _id: string;
  /** SUBSTITUTE (issue 33) or HEAVIER (issue 34). The server always sends it. */
  kind?: ProposalKind;
  /** The grams weighed, for a HEAVIER proposal; null for a substitute. */
  weighedGrams?: number | null;
  /** The ordered product it stands in for. */
  productId: string | null;
  substituteId: string | null;
  /** The substitute's name, its Sinhala and Tamil names, unit and picture as proposed. */
  name: string;
  nameSi: string | null;
  nameTa: string | null;
  unit: string;
  image: string[];
  /** The substitute's unit price (rupees, after its discount): what the shopper pays a unit if they accept. */
  price: number;
  /** The unit price charged unless the shopper accepts a dearer one: at most the ordered line's. */
  chargedPrice: number;
  quantity: number;
  status: ProposalStatus;
  /** When an unanswered proposal is settled without the shopper (ISO 8601). */
  expiresAt: string;
}

/**
 * An order as the order lists, `order:new`, `order:status` and the receipt read it (SPEC.md section 3;
 * amounts in rupees). `userId` is the shopper's id, or the shopper's name and mobile in an admin's list.
 */
export interface OrderWire {
  _id: string;
  orderId: string;
  userId: string | { _id: string; name: string; mobile: string };
  order_status: string;
  payment_status: string;
  payment_method: string;
  /** The delivery option's label. */
  Choose: string;
  /** The language the shopper placed it in: the receipt prints product names in it. */
  language: Language;
  location: string;
  latitude: number | null;
  longitude: number | null;
  delivery_address: Record<string, unknown>;
  products: OrderLineWire[];
  undiscountedAmt: number;
  subTotalAmt: number;
  basketDiscount: number;
  deliveryFee: number;
  roundingAmt: number;
  totalAmt: number;
  /** The id of the staff member who took the order (Take order, or moving it to Processing first), or null. */
  takenBy: string | null;
  /** Their name, as the order cards show it ('Taken by …'), or null while nobody has taken it. */
  acknowledgedBy: string | null;
  /** When it was taken (ISO 8601), or null: an untaken Pending order rings on every counter. */
  acknowledgedAt: string | null;
  /**
   * The rider carrying it (issue 20). Staff read `{ id, name, mobile }` of the assigned rider; a shopper reads
   * `{ firstName, mobile }` from Shipped on (the number only while it is open), null before. The server always
   * sends these four; optional here only so older fixtures still type.
   */
  rider?: AssignedRiderWire | ShopperRiderWire | null;
  /** The cash recorded at delivery (rupees), or null while none was. */
  cashCollected?: number | null;
  /** Staff only (false and null for a shopper): the collected cash differed from the total, and the reason given. */
  cashFlagged?: boolean;
  cashNote?: string | null;
  /**
   * Staff only (null for a shopper; issue 20): a rider's 'Could not deliver', kept on the order until it is given to
   * a rider again: the reason they gave, when (ISO 8601) and the rider's name. Optional here for older fixtures.
   */
  returnedReason?: string | null;
  returnedAt?: string | null;
  returnedBy?: string | null;
  /**
   * Packing (issue 33): how many times packing changed it (0 at placing), the total it was placed with, and the
   * substitutes proposed. The server always sends these three; optional here only so older fixtures still type.
   */
  revision?: number;
  originalTotalAmt?: number;
  proposals?: ProposalWire[];
  /**
   * The most the order can come to (rupees, issue 34) while any weighed line is unweighed: what checkout showed as
   * "at most", revised with the order; null once every weighed line is weighed, or when it has none.
   */
  maxTotalAmt?: number | null;
  /**
   * Issue 35: the promo code it used and what it took off (after the basket discount, before the fee), the store
   * credit it used, and the cash to collect (the total less that credit). `totalAmt` is after the promo, before
   * credit. The server always sends these; optional here only so older fixtures still type.
   */
  promoCode?: string | null;
  promoDiscount?: number;
  creditUsed?: number;
  cashToCollect?: number;
  /** When it was delivered (ISO), or null before; the window to report a problem counts from it (issue 35). */
  deliveredAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `order:status`: who moved an order from which status to which, with the order as it now is. */
export interface OrderStatusEventWire {
  from: string;
  to: string;
  by: string;
  order: OrderWire;
}
