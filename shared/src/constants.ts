// The business constants of SPEC.md sections 4, 8 and 9 that no other module owns (page sizes and limits the
// server enforces, upload size, policy numbers) and the socket events; the texts people see are in shown-text.ts. Rules that compute
// something live in their own module; how the web app looks and moves is in shop-web/src/lib/ui-constants.ts.

/** Page sizes. */
export const CATEGORY_PAGE_SIZE = 8;
export const CATEGORY_PAGE_SIZE_MAX = 50;
export const ADMIN_PRODUCT_LIMIT = 10000;
export const SEARCH_PAGE_SIZE = 10;
export const ORDER_LIST_PAGE_SIZE = 10;
/** The admin's Users page (GET /api/users/list's default limit). */
export const USERS_PAGE_SIZE = 20;
/** Products in one category strip of the home page (and in POST /api/product/get-product-by-category). */
export const HOME_STRIP_SIZE = 15;
/** Products in the home page's 'Special - Deal' strip. */
export const HOME_DEALS_SIZE = 20;
/** The longest search text accepted. */
export const SEARCH_MAX_LENGTH = 100;

/** Uploads: 5 MB at most per file. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Policy numbers of the terms (SPEC.md section 9). */
export const POLICY = {
  minimumAge: 18,
  refundWorkingDays: 3,
  codRefundPromoExpiryDays: 30,
  promoExpiryDays: 3,
} as const;

/**
 * The device cookie a successful login sets (OWASP's device cookie, server/src/modules/users/device-cookie.ts): sent
 * back with a later login to the same account, it lets that device sign in past the number's failure ceiling. A
 * browser keeps it by itself; the counter app keeps it sealed beside its session (desktop/src/session-vault.ts).
 */
export const DEVICE_COOKIE = 'kadeDevice';

/** Socket.IO events: `order:new` to admins, `order:status` to admins and the order's shopper. */
export const SOCKET_EVENTS = {
  orderNew: 'order:new',
  orderStatus: 'order:status',
  /** The server is about to cut this socket: `{ reason: 'expired' }` (reconnect with a fresh token) or `'ended'` (logged out, disabled). */
  sessionEnded: 'session:ended',
  /** An order was taken (`{ order }`, its `acknowledgedBy` and `acknowledgedAt` set): every counter and dashboard stops ringing for it. */
  orderAcknowledged: 'order:acknowledged',
  /** Whether the shop takes orders changed (a pause, a resume, a capacity, a slot filling or freeing): `{ ordering }`, to every socket. */
  shopOrdering: 'shop:ordering',
  /** To a rider's own room (`rider:<id>`): one of their orders was assigned, unassigned or moved (`{ orderId }`); re-read GET /api/rider/orders. */
  riderOrders: 'rider:orders',
  /** To staff: a rider could not deliver and the order is back in the store (`{ orderId, reason, rider }`). */
  orderReturned: 'order:returned',
  /** To staff: a delivery's cash differed from the order's total (`{ orderId }`). */
  orderCashFlagged: 'order:cash-flagged',
  /** To staff: a rider went on or off shift (`{ riderId, onShift }`); the assigning dropdowns read GET /api/riders again. */
  riderShift: 'rider:shift',
  /** To staff: a rider's hand-in was recorded (`{ riderId, day, handInId }`); a day report open on that day reads its cash again. */
  cashHandIn: 'cash:hand-in',
  /** To staff and to its shopper: packing changed an order (issue 33): `{ order }`, its revision and new total. */
  orderRevised: 'order:revised',
  /** To every socket: products ran out at packing (issue 33): `{ productIds }`; the shop shows them out of stock. */
  stockOut: 'stock:out',
  /** To staff: a problem report was made, decided or its cash refund paid (issue 35): `{ problemId, status }`; the Problems page reads again. */
  problemChanged: 'problem:changed',
  /** To one socket only: something it sent, or its connection's set-up, failed (`{ code, message }`); the server takes no events from clients. */
  socketError: 'kade:error',
} as const;
