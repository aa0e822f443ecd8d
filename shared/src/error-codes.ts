// Every code a refusal of the API carries, once: its HTTP status and the key of the sentence the shop says it with
// (`errors.*` in shop-web/src/locales/<language>/shop.json, in every language); what each means is in
// error-meanings.ts (README.md's table lists them, checked against both by server/src/http/error-codes.test.ts).
// The server's AppError takes a code from here and its status from here, so a code and its status cannot disagree;
// the screens switch on ErrorCode, so a misspelt code does not compile.

/** One code: the status it is answered with and the shop's sentence for it. */
export interface ErrorCodeEntry {
  readonly status: number;
  /** Another status the same code is answered with in one named case (ACCOUNT_DISABLED on a live session). */
  readonly otherStatus?: number;
  readonly sentence: `errors.${string}`;
}

export const ERROR_CODES = {
  // 400: the request itself is wrong
  BAD_REQUEST: { status: 400, sentence: 'errors.BAD_REQUEST' },
  VALIDATION: { status: 400, sentence: 'errors.VALIDATION' },
  BAD_PATH: { status: 400, sentence: 'errors.BAD_PATH' },
  UNKNOWN_REFERENCE: { status: 400, sentence: 'errors.UNKNOWN_REFERENCE' },
  IMAGE_NOT_FOUND: { status: 400, sentence: 'errors.IMAGE_NOT_FOUND' },
  SELF_LINK: { status: 400, sentence: 'errors.SELF_LINK' },
  OTP_INVALID: { status: 400, sentence: 'errors.OTP_INVALID' },
  OTP_WRONG: { status: 400, sentence: 'errors.OTP_WRONG' },
  RESET_TOKEN_MISSING: { status: 400, sentence: 'errors.RESET_TOKEN_MISSING' },
  RESET_TOKEN_INVALID: { status: 400, sentence: 'errors.RESET_TOKEN_INVALID' },
  CART_EMPTY: { status: 400, sentence: 'errors.CART_EMPTY' },
  OUTSIDE_ZONE: { status: 400, sentence: 'errors.OUTSIDE_ZONE' },
  BELOW_MINIMUM: { status: 400, sentence: 'errors.BELOW_MINIMUM' },
  ONLINE_PAYMENT_UNAVAILABLE: { status: 400, sentence: 'errors.ONLINE_PAYMENT_UNAVAILABLE' },
  REASON_REQUIRED: { status: 400, sentence: 'errors.REASON_REQUIRED' },
  NOT_IN_ORDER: { status: 400, sentence: 'errors.NOT_IN_ORDER' },
  AMOUNT_INVALID: { status: 400, sentence: 'errors.AMOUNT_INVALID' },
  // 401: who is calling is not known (log in again)
  UNAUTHORIZED: { status: 401, sentence: 'errors.UNAUTHORIZED' },
  WRONG_CREDENTIALS: { status: 401, sentence: 'errors.WRONG_CREDENTIALS' },
  TOKEN_EXPIRED: { status: 401, sentence: 'errors.TOKEN_EXPIRED' },
  TOKEN_INVALID: { status: 401, sentence: 'errors.TOKEN_INVALID' },
  SESSION_ENDED: { status: 401, sentence: 'errors.SESSION_ENDED' },
  REFRESH_MISSING: { status: 401, sentence: 'errors.UNAUTHORIZED' },
  REFRESH_INVALID: { status: 401, sentence: 'errors.TOKEN_INVALID' },
  REFRESH_REUSED: { status: 401, sentence: 'errors.SESSION_ENDED' },
  REFRESH_EXPIRED: { status: 401, sentence: 'errors.REFRESH_EXPIRED' },
  // 403: known, but not allowed
  FORBIDDEN: { status: 403, sentence: 'errors.FORBIDDEN' },
  ACCOUNT_DISABLED: { status: 403, otherStatus: 401, sentence: 'errors.ACCOUNT_DISABLED' },
  CROSS_SITE: { status: 403, sentence: 'errors.CROSS_SITE' },
  // 404: no such thing (or not yours)
  NOT_FOUND: { status: 404, sentence: 'errors.NOT_FOUND' },
  ADDRESS_NOT_FOUND: { status: 404, sentence: 'errors.ADDRESS_NOT_FOUND' },
  ORDER_NOT_FOUND: { status: 404, sentence: 'errors.ORDER_NOT_FOUND' },
  RIDER_NOT_FOUND: { status: 404, sentence: 'errors.RIDER_NOT_FOUND' },
  HAND_IN_NOT_FOUND: { status: 404, sentence: 'errors.HAND_IN_NOT_FOUND' },
  CART_ITEM_NOT_FOUND: { status: 404, sentence: 'errors.CART_ITEM_NOT_FOUND' },
  PRODUCT_NOT_FOUND: { status: 404, sentence: 'errors.PRODUCT_NOT_FOUND' },
  PROPOSAL_NOT_FOUND: { status: 404, sentence: 'errors.PROPOSAL_NOT_FOUND' },
  // 405
  METHOD_NOT_ALLOWED: { status: 405, sentence: 'errors.METHOD_NOT_ALLOWED' },
  // 409: the shop's state refuses it now
  NAME_TAKEN: { status: 409, sentence: 'errors.NAME_TAKEN' },
  CATEGORY_IN_USE: { status: 409, sentence: 'errors.CATEGORY_IN_USE' },
  SUB_CATEGORY_IN_USE: { status: 409, sentence: 'errors.SUB_CATEGORY_IN_USE' },
  CATEGORY_HAS_SUB_CATEGORIES: { status: 409, sentence: 'errors.CATEGORY_HAS_SUB_CATEGORIES' },
  SCALE_CODE_TAKEN: { status: 409, sentence: 'errors.SCALE_CODE_TAKEN' },
  BARCODE_TAKEN: { status: 409, sentence: 'errors.BARCODE_TAKEN' },
  MOBILE_TAKEN: { status: 409, sentence: 'errors.MOBILE_TAKEN' },
  LAST_ADMIN: { status: 409, sentence: 'errors.LAST_ADMIN' },
  OUT_OF_STOCK: { status: 409, sentence: 'errors.OUT_OF_STOCK' },
  NOT_ENOUGH_STOCK: { status: 409, sentence: 'errors.NOT_ENOUGH_STOCK' },
  PRODUCT_UNAVAILABLE: { status: 409, sentence: 'errors.PRODUCT_UNAVAILABLE' },
  FRESH_CLOSED: { status: 409, sentence: 'errors.FRESH_CLOSED' },
  SHOP_CLOSED: { status: 409, sentence: 'errors.SHOP_CLOSED' },
  STORE_UNATTENDED: { status: 409, sentence: 'errors.STORE_UNATTENDED' },
  STORE_PAUSED: { status: 409, sentence: 'errors.STORE_PAUSED' },
  OPTION_PAUSED: { status: 409, sentence: 'errors.OPTION_PAUSED' },
  OPTION_FULL: { status: 409, sentence: 'errors.OPTION_FULL' },
  CART_CHANGED: { status: 409, sentence: 'errors.CART_CHANGED' },
  TOTALS_CHANGED: { status: 409, sentence: 'errors.TOTALS_CHANGED' },
  ORDER_TOO_LARGE: { status: 409, sentence: 'errors.ORDER_TOO_LARGE' },
  ORDER_TAKEN: { status: 409, sentence: 'errors.ORDER_TAKEN' },
  STATUS_STEP_NOT_ALLOWED: { status: 409, sentence: 'errors.STATUS_STEP_NOT_ALLOWED' },
  TOO_LATE_TO_CANCEL: { status: 409, sentence: 'errors.TOO_LATE_TO_CANCEL' },
  ORDER_NOT_ASSIGNABLE: { status: 409, sentence: 'errors.ORDER_NOT_ASSIGNABLE' },
  ORDER_NOT_OPEN: { status: 409, sentence: 'errors.ORDER_NOT_OPEN' },
  ORDER_NOT_PACKING: { status: 409, sentence: 'errors.ORDER_NOT_PACKING' },
  PROBLEM_NOT_FOUND: { status: 404, sentence: 'errors.PROBLEM_NOT_FOUND' },
  PROBLEM_WINDOW_CLOSED: { status: 409, sentence: 'errors.PROBLEM_WINDOW_CLOSED' },
  PROBLEM_DECIDED: { status: 409, sentence: 'errors.PROBLEM_DECIDED' },
  PROBLEM_NOT_CASH: { status: 409, sentence: 'errors.PROBLEM_NOT_CASH' },
  PROOF_REQUIRED: { status: 400, sentence: 'errors.PROOF_REQUIRED' },
  PROMO_UNKNOWN: { status: 400, sentence: 'errors.PROMO_UNKNOWN' },
  PROMO_EXPIRED: { status: 400, sentence: 'errors.PROMO_EXPIRED' },
  PROMO_MINIMUM: { status: 400, sentence: 'errors.PROMO_MINIMUM' },
  PROMO_USED_UP: { status: 400, sentence: 'errors.PROMO_USED_UP' },
  PROMO_NOT_YOURS: { status: 400, sentence: 'errors.PROMO_NOT_YOURS' },
  PROMO_CODE_TAKEN: { status: 409, sentence: 'errors.PROMO_CODE_TAKEN' },
  SCALE_LABEL_INVALID: { status: 400, sentence: 'errors.SCALE_LABEL_INVALID' },
  SCALE_LABEL_OTHER_PRODUCT: { status: 400, sentence: 'errors.SCALE_LABEL_OTHER_PRODUCT' },
  NOT_SOLD_BY_WEIGHT: { status: 400, sentence: 'errors.NOT_SOLD_BY_WEIGHT' },
  LINE_NOT_SHORT: { status: 409, sentence: 'errors.LINE_NOT_SHORT' },
  SUBSTITUTION_NOT_WANTED: { status: 409, sentence: 'errors.SUBSTITUTION_NOT_WANTED' },
  LINE_HAS_PROPOSAL: { status: 409, sentence: 'errors.LINE_HAS_PROPOSAL' },
  PROPOSAL_ANSWERED: { status: 409, sentence: 'errors.PROPOSAL_ANSWERED' },
  PROPOSAL_EXPIRED: { status: 409, sentence: 'errors.PROPOSAL_EXPIRED' },
  ALREADY_DELIVERED: { status: 409, sentence: 'errors.ALREADY_DELIVERED' },
  HAND_IN_VOIDED: { status: 409, sentence: 'errors.HAND_IN_VOIDED' },
  // 413, 415, 422, 429
  PAYLOAD_TOO_LARGE: { status: 413, sentence: 'errors.PAYLOAD_TOO_LARGE' },
  FILE_TOO_LARGE: { status: 413, sentence: 'errors.FILE_TOO_LARGE' },
  IMAGE_TOO_LARGE: { status: 413, sentence: 'errors.IMAGE_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, sentence: 'errors.UNSUPPORTED_MEDIA_TYPE' },
  UNSUPPORTED_IMAGE: { status: 415, sentence: 'errors.UNSUPPORTED_IMAGE' },
  IDEMPOTENCY_MISMATCH: { status: 422, sentence: 'errors.IDEMPOTENCY_MISMATCH' },
  RATE_LIMITED: { status: 429, sentence: 'errors.RATE_LIMITED' },
  // 5xx: the server's side
  INTERNAL: { status: 500, sentence: 'errors.INTERNAL' },
  NOT_IMPLEMENTED: { status: 501, sentence: 'errors.NOT_IMPLEMENTED' },
  BUSY: { status: 503, sentence: 'errors.BUSY' },
} as const satisfies Readonly<Record<string, ErrorCodeEntry>>;

/** A code the API may answer a refusal with. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The statuses a code may be answered with: its own, and the other one it names (if any). */
export type ErrorStatusOf<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends { readonly otherStatus: infer S extends number } ? (typeof ERROR_CODES)[C]['status'] | S : (typeof ERROR_CODES)[C]['status'];

/** The codes whose own status is S (what a 404 helper may be given, say). */
export type ErrorCodeWithStatus<S extends number> = { [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never }[ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
