// Request bodies and queries of issue 35: problem reports, store credit and promo codes.
import { z } from 'zod';
import { PROBLEM_REASONS, PROBLEM_STATUSES, PROMO_KINDS, REFUND_KINDS } from '../credit';
import { booleanField, idField, imageUrlField, MAX_LINE_QUANTITY, optionalText, requestBody, requiredText, rupeesField, wholeNumberField } from './fields';

/** The most photos (or videos) one report may carry. */
export const MAX_PROBLEM_PHOTOS = 5;

const reasonList = PROBLEM_REASONS.join(', ');

/** One reported line: the delivered product, how many, and why. */
export const problemLineSchema = z.object(
  {
    productId: idField('product id'),
    quantity: wholeNumberField('quantity', 1, MAX_LINE_QUANTITY),
    reason: z.enum(PROBLEM_REASONS, { error: (issue) => (issue.input == null ? 'reason is required' : `reason must be one of ${reasonList}`) }),
  },
  { error: 'each reported line must be an object' },
);

/**
 * POST /api/orders/problems: the order's shopper reports lines of a delivered order, with a note and photos (the
 * addresses /api/file/upload answered). A product named twice is refused; the server checks the window, the
 * quantities against what was delivered and reported before, and that a photo comes with any reason but MISSING.
 */
export const problemCreateSchema = requestBody({
  orderId: requiredText('order id', 64),
  lines: z
    .array(problemLineSchema, { error: (issue) => (issue.input == null ? 'lines are required' : 'lines must be a list') })
    .min(1, 'lines must name at least one product')
    .max(200, 'lines may name at most 200 products')
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, { error: 'lines name a product twice' }),
  note: optionalText('note', 1000, { multiLine: true }).transform((v) => v ?? ''),
  photos: z
    .preprocess((value) => (value == null ? [] : value), z.array(imageUrlField('photo'), { error: 'photos must be a list of uploaded image addresses' }))
    .refine((photos) => photos.length <= MAX_PROBLEM_PHOTOS, { error: `photos may hold at most ${MAX_PROBLEM_PHOTOS} pictures` }),
});
export type ProblemCreateInput = z.infer<typeof problemCreateSchema>;

/** GET /api/orders/problems: reports in one state (OPEN when not said). */
export const problemListQuerySchema = z.object({
  status: z.enum(PROBLEM_STATUSES, { error: `status must be one of ${PROBLEM_STATUSES.join(', ')}` }).default('OPEN'),
});
export type ProblemListQuery = z.infer<typeof problemListQuerySchema>;

/** GET /api/orders/problems/mine: the order (its id or number) whose reports the shopper reads. */
export const problemMineQuerySchema = z.object({ orderId: requiredText('orderId', 64) });
export type ProblemMineQuery = z.infer<typeof problemMineQuerySchema>;

/**
 * PUT /api/orders/problems/decide: approve (an amount in rupees, at most the lines' value, as CREDIT by default or
 * CASH) or decline (a note says why).
 */
export const problemDecideSchema = requestBody({
  problemId: idField('problem id'),
  approve: booleanField('approve'),
  amount: z.preprocess((value) => (value === null ? undefined : value), rupeesField('amount').optional()),
  refundAs: z.enum(REFUND_KINDS, { error: 'refundAs must be CREDIT or CASH' }).default('CREDIT'),
  note: optionalText('note', 500, { multiLine: true }),
}).superRefine((value, ctx) => {
  if (value.approve && (value.amount === undefined || value.amount <= 0)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount must be more than 0 to approve' });
  if (!value.approve && !value.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'note is required to decline: say why' });
});
export type ProblemDecideInput = z.infer<typeof problemDecideSchema>;

/** PUT /api/orders/problems/paid: the store paid back an approved cash refund. */
export const problemPaidSchema = requestBody({ problemId: idField('problem id') });
export type ProblemPaidInput = z.infer<typeof problemPaidSchema>;

/** POST /api/credit/issue: goodwill credit for an account, with why and (optionally) the order it is for. */
export const creditIssueSchema = requestBody({
  userId: idField('user id'),
  amount: rupeesField('amount').refine((rupees) => rupees > 0, 'amount must be more than 0'),
  reason: requiredText('reason', 300),
  orderId: optionalText('order id', 64),
});
export type CreditIssueInput = z.infer<typeof creditIssueSchema>;

/** A promo code as typed: letters, digits and hyphens, 3 to 32, stored in upper case. */
export const promoCodeText = (field = 'code') =>
  requiredText(field, 32)
    .transform((code) => code.toUpperCase().replace(/\s+/g, ''))
    .refine((code) => /^[A-Z0-9-]{3,32}$/.test(code), `${field} must be 3 to 32 letters, digits or hyphens`);

/**
 * POST /api/promo-codes: a code, FIXED (value in rupees) or PERCENT (value 0 to 100), a minimum basket (rupees),
 * uses in all and per shopper (none: no limit), and when it expires (3 days from now when not said).
 */
export const promoCreateSchema = requestBody({
  code: promoCodeText(),
  kind: z.enum(PROMO_KINDS, { error: 'kind must be FIXED or PERCENT' }),
  value: rupeesField('value').refine((v) => v > 0, 'value must be more than 0'),
  minBasket: rupeesField('minBasket').default(0),
  maxUses: z.preprocess((value) => (value === null ? undefined : value), wholeNumberField('maxUses', 1, 1_000_000).optional()),
  perCustomer: z.preprocess((value) => (value === null ? undefined : value), wholeNumberField('perCustomer', 1, 1000).optional()),
  expiresAt: z.iso.datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601)' }).optional(),
}).refine((value) => value.kind !== 'PERCENT' || value.value <= 100, { error: 'value must be at most 100 for a percent', path: ['value'] });
export type PromoCreateInput = z.infer<typeof promoCreateSchema>;

/** DELETE /api/promo-codes: the code's id. */
export const promoDeleteSchema = requestBody({ _id: idField('id') });
export type PromoDeleteInput = z.infer<typeof promoDeleteSchema>;

/** POST /api/promo-codes/check: a code as typed, checked against the caller's cart. */
export const promoCheckSchema = requestBody({ code: promoCodeText() });
export type PromoCheckInput = z.infer<typeof promoCheckSchema>;
