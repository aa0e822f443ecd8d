// The answers of endpoints that had no shared type: the server's services build them, the clients read them.
import type { CreditEntryKind, ProblemReason, ProblemStatus, PromoKind, RefundKind } from '../credit';
import type { NamedRef, OrderWire, ProposalWire, SellableWire } from '../api';
import type { Language } from '../language';
import type { Role } from '../permissions';
import type { UserStatus } from '../schemas/users';
import type { SubstitutionPreference } from '../substitution';

/** An account as the API answers it. */
export interface UserWire {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string;
  verify_email: boolean;
  last_login_date: string;
  status: UserStatus;
  role: Role;
  address_details: string[];
  shopping_cart: string[];
  orderHistory: string[];
  createdAt: string;
  /** The shop's language the shopper chose (issue 21), or null while they have not chosen. */
  language: Language | null;
}

/** POST /api/user/login, and POST /api/user/register, which signs the new account in. */
export interface LoginWire {
  accesstoken: string;
  refreshToken: string;
  user: UserWire;
}

/** POST /api/user/refresh-token. */
export interface SessionTokensWire {
  accessToken: string;
  refreshToken: string;
}

/** GET /api/users/list: a page of accounts. */
export interface UserPageWire {
  users: UserWire[];
  total: number;
  page: number;
  totalPage: number;
}

/** POST /api/users/create: the account, and the password to read to the customer when the server made one. */
export interface CreatedUserWire {
  user: UserWire;
  temporaryPassword: string | undefined;
}

/** GET /api/users/all: the accounts with a password-reset code waiting (the counter reads it to a caller). */
export interface PendingCodeWire {
  _id: string;
  name: string;
  email: string;
  mobile: string;
  status: string;
  role: string;
  forgot_password_otp: string;
  forgot_password_expiry: string;
}

/** Why a cart line cannot be ordered as it is; null when it can. */
export type SellableProblem = 'UNAVAILABLE' | 'OUT_OF_STOCK' | 'NOT_ENOUGH_STOCK' | null;

/** A product as a cart line carries it. */
export interface CartSellableWire extends Omit<SellableWire, 'description' | 'more_details' | 'createdAt' | 'updatedAt' | 'barcode'> {
  category: NamedRef[];
  subCategory: NamedRef[];
  /** The parent product of a variation, or null. */
  parent: { _id: string; name: string } | null;
  /** The shelf the item is picked from (its first category's name), or null. */
  shelf: string | null;
}

/** A line of the shopper's cart. */
export interface CartItemWire {
  _id: string;
  userId: string;
  productId: CartSellableWire;
  quantity: number;
  /** The most the shopper may have of it now (stock, and 1 for single-quantity items). */
  maxQuantity: number;
  /** Why it cannot be ordered as it is, so the screens can say so; null when it can. */
  problem: SellableProblem;
  /** What the shopper wants if it runs short (issue 33): remembered from their last order of it, else SIMILAR. */
  substitution: SubstitutionPreference;
}

/** A product staff may offer for a short line (GET /api/orders/substitutes), nearest in price first. */
export interface SubstituteWire {
  _id: string;
  name: string;
  nameSi: string | null;
  nameTa: string | null;
  unit: string;
  image: string[];
  /** Its unit price now (rupees, after its discount). */
  price: number;
  stock: number;
  /** The shelf it is picked from, or null. */
  shelf: string | null;
  /** Its barcode (13 digits), or null. */
  barcode: string | null;
}

/** POST /api/orders/substitutions: the proposal as it stands (already AUTO_ACCEPTED, or PENDING) and the order. */
export interface ProposalCreatedWire {
  proposal: ProposalWire;
  order: OrderWire;
}

/** POST /api/cart/order-again. */
export interface OrderAgainResult {
  cart: CartItemWire[];
  /** What went into the cart: as many as were ordered, or fewer when only that many may be had now. */
  added: Array<{ productId: string; name: string; quantity: number; asked: number }>;
  /** What could not: no longer sold, or out of stock. */
  skipped: Array<{ name: string; reason: 'no longer sold' | 'out of stock' }>;
}

/** A counter app as the dashboard lists it. */
export interface CounterWire {
  _id: string;
  name: string;
  staff: string | null;
  online: boolean;
  printer: string;
  printerError: string | null;
  queued: number;
  appVersion: string;
  lastSeenAt: string;
  printerSeenAt: string | null;
}

/** GET /api/order/summary: today's orders per admin list and the cash still to collect. */
export interface OrderSummaryWire {
  since: string;
  today: Record<string, number>;
  todayTotal: number;
  cashToCollect: number;
  openCashOrders: number;
}

/** GET /api/shop/store and PUT /api/shop/capacity: the most orders each delivery option takes (null: no limit). */
export interface CapacitiesWire {
  capacities: Record<string, number | null>;
}

/**
 * An instance's catalogue read model (issue 37): `ready` (shop reads answered from memory), `building` (its first
 * build, or a rebuild after the notices came back: PostgreSQL answers meanwhile), `off` (the database's change notices
 * do not reach it: PostgreSQL answers).
 */
export type ReadModelState = 'ready' | 'building' | 'off';

/** GET /api/health. */
export interface HealthWire {
  status: string;
  version: string;
  uptimeSeconds: number;
  database: { kind: string; reachable: boolean };
  redis: { configured: boolean; reachable: boolean };
  /** This instance's catalogue read model (ReadModelState). */
  readModel: ReadModelState;
}

/** The page counts a paged list carries beside its `data`. */
export interface OrderListExtras {
  totalCount: number;
  page: number;
  totalPage: number;
  /** The total per admin list (pending, processing, …) for the same caller and filters. */
  counts: Record<string, number>;
}

/** A problem reported on a delivered order (issue 35), as its shopper and the store read it. */
export interface ProblemReportWire {
  _id: string;
  /** The order's `_id`, and its short number. */
  orderId: string;
  orderCode: string;
  lines: Array<{ productId: string | null; name: string; quantity: number; reason: ProblemReason; /** rupees: what these cost on the order */ value: number }>;
  note: string;
  photos: string[];
  status: ProblemStatus;
  /** The store's decision, or null while OPEN. */
  decision: {
    approve: boolean;
    /** Rupees refunded (0 when declined). */
    amount: number;
    refundAs: RefundKind | null;
    note: string | null;
    decidedBy: string | null;
    decidedAt: string;
    /** A cash refund: when it is due (3 working days from approval) and when it was paid, or null. */
    cashDueAt: string | null;
    cashPaidAt: string | null;
  } | null;
  createdAt: string;
  /** For the store (null for the shopper): who reported it and how many reports they made before, and how they ended. */
  shopper?: { _id: string; name: string; mobile: string; reports: number; approved: number; declined: number } | null;
}

/** One entry of the credit ledger as its account reads it (amounts in rupees, signed: + issued or restored, − taken). */
export interface CreditEntryWire {
  _id: string;
  kind: CreditEntryKind;
  amount: number;
  reason: string;
  orderId: string | null;
  /** The lot's readable code (on an issue), else null. */
  code: string | null;
  /** When the lot expires (on an issue), else null. */
  expiresAt: string | null;
  createdAt: string;
}

/** GET /api/credit: what the account can spend now, and its ledger, newest first. */
export interface CreditWire {
  balance: number;
  entries: CreditEntryWire[];
  /**
   * The lots the balance is made of (something left, not expired), soonest expiry first: what each has left (rupees)
   * and when it expires, so checkout can say which credit an order will use and when it expires (shared
   * `checkoutPayment`). `_id` is the lot's issue entry.
   */
  lots: Array<{ _id: string; code: string; remaining: number; expiresAt: string }>;
}

/** A promo code as admins read it (`value` rupees for FIXED, percent for PERCENT; `minBasket` rupees). */
export interface PromoCodeWire {
  _id: string;
  code: string;
  kind: PromoKind;
  value: number;
  minBasket: number;
  maxUses: number | null;
  perCustomer: number | null;
  expiresAt: string;
  /** Orders using it now (a cancelled order's use is freed). */
  uses: number;
}

/** POST /api/promo-codes/check: what the code takes off the caller's cart now (rupees), and the basket it applies to. */
export interface PromoCheckWire {
  code: string;
  kind: PromoKind;
  value: number;
  discount: number;
  /** The subtotal after the basket discount the promo applies to. */
  basket: number;
  expiresAt: string;
}
