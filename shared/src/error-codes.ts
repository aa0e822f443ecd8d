// Every code a refusal of the API carries, once: its HTTP status, the key of the sentence the shop says it with
// (`errors.*` in shop-web/src/locales/<language>/shop.json, in every language) and what it means (README.md's table
// lists them, checked against this table by server/src/http/error-codes.test.ts). The server's AppError takes a
// code from here and its status from here, so a code and its status cannot disagree; the screens switch on
// ErrorCode, so a misspelt code does not compile.

/** One code: the status it is answered with, the shop's sentence for it, and its meaning for the API's readers. */
export interface ErrorCodeEntry {
  readonly status: number;
  /** Another status the same code is answered with in one named case (ACCOUNT_DISABLED on a live session). */
  readonly otherStatus?: number;
  readonly sentence: `errors.${string}`;
  readonly meaning: string;
}

export const ERROR_CODES = {
  // 400: the request itself is wrong
  BAD_REQUEST: { status: 400, sentence: 'errors.BAD_REQUEST', meaning: 'The request cannot be handled (a body that is not JSON, an upload that cannot be read); the message says what.' },
  VALIDATION: { status: 400, sentence: 'errors.VALIDATION', meaning: 'A field breaks a rule of the shared schemas: `field` names it, `data.rule` says which rule (`required`, `tooLong` …).' },
  BAD_PATH: { status: 400, sentence: 'errors.BAD_PATH', meaning: 'The path holds a %-escape that does not decode.' },
  UNKNOWN_REFERENCE: { status: 400, sentence: 'errors.UNKNOWN_REFERENCE', meaning: 'An id in the body names no category, sub-category or product (or it was deleted meanwhile).' },
  IMAGE_NOT_FOUND: { status: 400, sentence: 'errors.IMAGE_NOT_FOUND', meaning: 'A picture address is not of a picture uploaded to this shop.' },
  SELF_LINK: { status: 400, sentence: 'errors.SELF_LINK', meaning: 'A product was linked to itself.' },
  OTP_INVALID: { status: 400, sentence: 'errors.OTP_INVALID', meaning: 'The reset code has expired, was used, or had too many wrong tries.' },
  OTP_WRONG: { status: 400, sentence: 'errors.OTP_WRONG', meaning: 'The reset code is wrong; `data.triesLeft` says how many tries are left.' },
  RESET_TOKEN_MISSING: { status: 400, sentence: 'errors.RESET_TOKEN_MISSING', meaning: 'A new password was sent without the reset token a checked code gives.' },
  RESET_TOKEN_INVALID: { status: 400, sentence: 'errors.RESET_TOKEN_INVALID', meaning: 'The reset token has expired or was already used.' },
  CART_EMPTY: { status: 400, sentence: 'errors.CART_EMPTY', meaning: 'An order was placed with an empty cart.' },
  OUTSIDE_ZONE: { status: 400, sentence: 'errors.OUTSIDE_ZONE', meaning: 'The address is outside the delivery area (or has no location).' },
  BELOW_MINIMUM: { status: 400, sentence: 'errors.BELOW_MINIMUM', meaning: 'The order comes to less than the minimum order; `data` names the amount still needed.' },
  ONLINE_PAYMENT_UNAVAILABLE: { status: 400, sentence: 'errors.ONLINE_PAYMENT_UNAVAILABLE', meaning: 'Online payment is not offered yet: only cash on delivery.' },
  REASON_REQUIRED: { status: 400, sentence: 'errors.REASON_REQUIRED', meaning: 'Cash other than the order\'s total was recorded without a reason.' },
  NOT_IN_ORDER: { status: 400, sentence: 'errors.NOT_IN_ORDER', meaning: 'A product named in a packing call is not a line of that order.' },
  AMOUNT_INVALID: { status: 400, sentence: 'errors.AMOUNT_INVALID', meaning: 'A hand-in is not more than Rs.0 and at most what the rider holds.' },
  // 401: who is calling is not known (log in again)
  UNAUTHORIZED: { status: 401, sentence: 'errors.UNAUTHORIZED', meaning: 'The call needs a logged-in account and carries no session.' },
  WRONG_CREDENTIALS: { status: 401, sentence: 'errors.WRONG_CREDENTIALS', meaning: 'The mobile number or the password is wrong (which one is not said).' },
  TOKEN_EXPIRED: { status: 401, sentence: 'errors.TOKEN_EXPIRED', meaning: 'The access token has expired: renew it with the refresh token.' },
  TOKEN_INVALID: { status: 401, sentence: 'errors.TOKEN_INVALID', meaning: 'The access token is not one this shop issued, or its account is gone.' },
  SESSION_ENDED: { status: 401, sentence: 'errors.SESSION_ENDED', meaning: 'The session was logged out.' },
  REFRESH_MISSING: { status: 401, sentence: 'errors.UNAUTHORIZED', meaning: 'A renewal carried no refresh token.' },
  REFRESH_INVALID: { status: 401, sentence: 'errors.TOKEN_INVALID', meaning: 'The refresh token is not one this shop issued.' },
  REFRESH_REUSED: { status: 401, sentence: 'errors.SESSION_ENDED', meaning: 'A refresh token was used twice: the whole session is ended for safety.' },
  REFRESH_EXPIRED: { status: 401, sentence: 'errors.REFRESH_EXPIRED', meaning: 'The refresh token has expired: log in again.' },
  // 403: known, but not allowed
  FORBIDDEN: { status: 403, sentence: 'errors.FORBIDDEN', meaning: 'The account\'s role lacks the permission the call needs.' },
  ACCOUNT_DISABLED: {
    status: 403,
    otherStatus: 401,
    sentence: 'errors.ACCOUNT_DISABLED',
    meaning: 'The account is disabled: 403 on logging in, 401 on a call or a renewal with a session it had.',
  },
  CROSS_SITE: { status: 403, sentence: 'errors.CROSS_SITE', meaning: 'A cookie logout came from another site.' },
  // 404: no such thing (or not yours)
  NOT_FOUND: { status: 404, sentence: 'errors.NOT_FOUND', meaning: 'No such path, category, product, variation or account.' },
  ADDRESS_NOT_FOUND: { status: 404, sentence: 'errors.ADDRESS_NOT_FOUND', meaning: 'No such address of the caller\'s (or none chosen for the order).' },
  ORDER_NOT_FOUND: { status: 404, sentence: 'errors.ORDER_NOT_FOUND', meaning: 'No such order the caller may see.' },
  RIDER_NOT_FOUND: { status: 404, sentence: 'errors.RIDER_NOT_FOUND', meaning: 'No such active rider.' },
  HAND_IN_NOT_FOUND: { status: 404, sentence: 'errors.HAND_IN_NOT_FOUND', meaning: 'No such cash hand-in.' },
  CART_ITEM_NOT_FOUND: { status: 404, sentence: 'errors.CART_ITEM_NOT_FOUND', meaning: 'No such line in the caller\'s cart.' },
  PRODUCT_NOT_FOUND: { status: 404, sentence: 'errors.PRODUCT_NOT_FOUND', meaning: 'No such product to put in the cart.' },
  PROPOSAL_NOT_FOUND: { status: 404, sentence: 'errors.PROPOSAL_NOT_FOUND', meaning: 'No such substitute proposal on that order.' },
  // 405
  METHOD_NOT_ALLOWED: { status: 405, sentence: 'errors.METHOD_NOT_ALLOWED', meaning: 'The path exists but not with this method.' },
  // 409: the shop's state refuses it now
  NAME_TAKEN: { status: 409, sentence: 'errors.NAME_TAKEN', meaning: 'A category or sub-category of that name already exists.' },
  CATEGORY_IN_USE: { status: 409, sentence: 'errors.CATEGORY_IN_USE', meaning: 'Products use the category being deleted.' },
  SUB_CATEGORY_IN_USE: { status: 409, sentence: 'errors.SUB_CATEGORY_IN_USE', meaning: 'Products use the sub-category being deleted.' },
  CATEGORY_HAS_SUB_CATEGORIES: { status: 409, sentence: 'errors.CATEGORY_HAS_SUB_CATEGORIES', meaning: 'Sub-categories belong to the category being deleted.' },
  SCALE_CODE_TAKEN: { status: 409, sentence: 'errors.SCALE_CODE_TAKEN', meaning: 'Another product or variation not deleted has this scale code (issue 34); `data` names it (`_id`, `name`).' },
  BARCODE_TAKEN: { status: 409, sentence: 'errors.BARCODE_TAKEN', meaning: 'Another product or variation not deleted has this barcode; `data` names it (`_id`, `name`).' },
  MOBILE_TAKEN: { status: 409, sentence: 'errors.MOBILE_TAKEN', meaning: 'Another account has this mobile number.' },
  LAST_ADMIN: { status: 409, sentence: 'errors.LAST_ADMIN', meaning: 'The change would leave the shop without an active admin.' },
  OUT_OF_STOCK: { status: 409, sentence: 'errors.OUT_OF_STOCK', meaning: 'A product is out of stock (or fewer are left: `data.available`).' },
  NOT_ENOUGH_STOCK: { status: 409, sentence: 'errors.NOT_ENOUGH_STOCK', meaning: 'The cart asks for more than may be bought; `data.available` says how many.' },
  PRODUCT_UNAVAILABLE: { status: 409, sentence: 'errors.PRODUCT_UNAVAILABLE', meaning: 'A product is no longer sold.' },
  FRESH_CLOSED: { status: 409, sentence: 'errors.FRESH_CLOSED', meaning: 'A fresh product ordered outside its hours (`data.from`, `data.to`).' },
  SHOP_CLOSED: { status: 409, sentence: 'errors.SHOP_CLOSED', meaning: 'The shop takes no orders at this hour (`data.from`, `data.to`).' },
  STORE_UNATTENDED: { status: 409, sentence: 'errors.STORE_UNATTENDED', meaning: 'No counter is watching for new orders.' },
  STORE_PAUSED: { status: 409, sentence: 'errors.STORE_PAUSED', meaning: 'Staff paused all ordering.' },
  OPTION_PAUSED: { status: 409, sentence: 'errors.OPTION_PAUSED', meaning: 'Staff paused the fastest delivery option.' },
  OPTION_FULL: { status: 409, sentence: 'errors.OPTION_FULL', meaning: 'The delivery option holds as many open orders as its capacity.' },
  CART_CHANGED: { status: 409, sentence: 'errors.CART_CHANGED', meaning: 'The cart changed after the checkout read it.' },
  TOTALS_CHANGED: { status: 409, sentence: 'errors.TOTALS_CHANGED', meaning: 'The totals the shopper saw are not the server\'s; `data` carries the new ones.' },
  ORDER_TOO_LARGE: { status: 409, sentence: 'errors.ORDER_TOO_LARGE', meaning: 'The order comes to more than one order may.' },
  ORDER_TAKEN: { status: 409, sentence: 'errors.ORDER_TAKEN', meaning: 'Another member of staff already took the new order (`data.acknowledgedBy`).' },
  STATUS_STEP_NOT_ALLOWED: { status: 409, sentence: 'errors.STATUS_STEP_NOT_ALLOWED', meaning: 'The order\'s status does not allow that step (`data.order_status`, `data.by`).' },
  TOO_LATE_TO_CANCEL: { status: 409, sentence: 'errors.TOO_LATE_TO_CANCEL', meaning: 'The order is past Pending and the shopper cannot cancel it.' },
  ORDER_NOT_ASSIGNABLE: { status: 409, sentence: 'errors.ORDER_NOT_ASSIGNABLE', meaning: 'Only orders being packed, late or on their way can be given to a rider.' },
  ORDER_NOT_OPEN: { status: 409, sentence: 'errors.ORDER_NOT_OPEN', meaning: 'The order is no longer out for delivery.' },
  ORDER_NOT_PACKING: { status: 409, sentence: 'errors.ORDER_NOT_PACKING', meaning: 'Only an order being packed (Processing) can be packed or have substitutes proposed.' },
  PROBLEM_NOT_FOUND: { status: 404, sentence: 'errors.PROBLEM_NOT_FOUND', meaning: 'There is no such problem report (issue 35).' },
  PROBLEM_WINDOW_CLOSED: { status: 409, sentence: 'errors.PROBLEM_WINDOW_CLOSED', meaning: 'A problem may be reported only on a Delivered order, within PROBLEM_REPORT_HOURS of delivery; `data.until` says when the window closed, if it was open.' },
  PROBLEM_DECIDED: { status: 409, sentence: 'errors.PROBLEM_DECIDED', meaning: 'The problem report was already decided (`data.status`); a decision is taken once.' },
  PROOF_REQUIRED: { status: 400, sentence: 'errors.PROOF_REQUIRED', meaning: 'A photo (from /api/file/upload) is required unless every reported line is MISSING.' },
  PROMO_UNKNOWN: { status: 400, sentence: 'errors.PROMO_UNKNOWN', meaning: 'No live promo code or credit code is this one.' },
  PROMO_EXPIRED: { status: 400, sentence: 'errors.PROMO_EXPIRED', meaning: 'The promo code has expired (`data.expiresAt`).' },
  PROMO_MINIMUM: { status: 400, sentence: 'errors.PROMO_MINIMUM', meaning: 'The basket (the subtotal after the basket discount) is below the code\'s minimum (`data.minBasket`, `data.amountNeeded`).' },
  PROMO_USED_UP: { status: 400, sentence: 'errors.PROMO_USED_UP', meaning: 'The promo code has been used as many times as it may be, in all or by this shopper.' },
  PROMO_NOT_YOURS: { status: 400, sentence: 'errors.PROMO_NOT_YOURS', meaning: 'The code is store credit issued to another account: only that account may use it.' },
  PROMO_CODE_TAKEN: { status: 409, sentence: 'errors.PROMO_CODE_TAKEN', meaning: 'A live promo code already has this text.' },
  SCALE_LABEL_INVALID: { status: 400, sentence: 'errors.SCALE_LABEL_INVALID', meaning: "The scanned scale label is not one of the shop's (prefix or layout of SCALE_LABEL_PATTERN) or its check digit is wrong (issue 34); `data.problem` says which." },
  SCALE_LABEL_OTHER_PRODUCT: { status: 400, sentence: 'errors.SCALE_LABEL_OTHER_PRODUCT', meaning: "The scale label's product code is not the packed line's product (issue 34); `data.scaleCode` is the code read." },
  NOT_SOLD_BY_WEIGHT: { status: 400, sentence: 'errors.NOT_SOLD_BY_WEIGHT', meaning: 'A weight or scale label was given for a line sold by the unit, or a count other than 0 for a weighed line (issue 34).' },
  LINE_NOT_SHORT: { status: 409, sentence: 'errors.LINE_NOT_SHORT', meaning: 'A substitute was proposed for a line not packed short (found fewer than ordered).' },
  SUBSTITUTION_NOT_WANTED: { status: 409, sentence: 'errors.SUBSTITUTION_NOT_WANTED', meaning: 'The shopper chose no substitute for that line (`NONE`): it is only removed.' },
  LINE_HAS_PROPOSAL: { status: 409, sentence: 'errors.LINE_HAS_PROPOSAL', meaning: 'The line already has a substitute waiting for the shopper or kept; another may be proposed only after one is declined or expires.' },
  PROPOSAL_ANSWERED: { status: 409, sentence: 'errors.PROPOSAL_ANSWERED', meaning: 'The substitute proposal was already answered (`data.status`).' },
  PROPOSAL_EXPIRED: { status: 409, sentence: 'errors.PROPOSAL_EXPIRED', meaning: 'The time to answer the substitute proposal ran out, or the order left packing (`data.status`).' },
  ALREADY_DELIVERED: { status: 409, sentence: 'errors.ALREADY_DELIVERED', meaning: 'The order was already delivered with another amount collected.' },
  HAND_IN_VOIDED: { status: 409, sentence: 'errors.HAND_IN_VOIDED', meaning: 'The hand-in was already voided.' },
  // 413, 415, 422, 429
  PAYLOAD_TOO_LARGE: { status: 413, sentence: 'errors.PAYLOAD_TOO_LARGE', meaning: 'The request body is larger than the server takes.' },
  FILE_TOO_LARGE: { status: 413, sentence: 'errors.FILE_TOO_LARGE', meaning: 'The uploaded file is larger than the upload limit.' },
  IMAGE_TOO_LARGE: { status: 413, sentence: 'errors.IMAGE_TOO_LARGE', meaning: 'The picture has more pixels, or would take more memory to open, than the shop allows.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, sentence: 'errors.UNSUPPORTED_MEDIA_TYPE', meaning: 'The body is not JSON (or the upload not multipart form data).' },
  UNSUPPORTED_IMAGE: { status: 415, sentence: 'errors.UNSUPPORTED_IMAGE', meaning: 'The file is not a PNG, JPEG or WebP picture, or cannot be read.' },
  IDEMPOTENCY_MISMATCH: { status: 422, sentence: 'errors.IDEMPOTENCY_MISMATCH', meaning: 'The Idempotency-Key was used for a different order.' },
  RATE_LIMITED: { status: 429, sentence: 'errors.RATE_LIMITED', meaning: 'Too many tries; `data.retryAfterSeconds` and Retry-After say when to try again.' },
  // 5xx: the server's side
  INTERNAL: { status: 500, sentence: 'errors.INTERNAL', meaning: 'An unexpected fault; the message gives a reference for the logs and nothing else.' },
  NOT_IMPLEMENTED: { status: 501, sentence: 'errors.NOT_IMPLEMENTED', meaning: 'The server supports no such method.' },
  BUSY: { status: 503, sentence: 'errors.BUSY', meaning: 'The server is overloaded (pictures, password checks, database); Retry-After says when to try again.' },
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
