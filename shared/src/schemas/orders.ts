// Request bodies of /api/cart/* and /api/order(s)/* (SPEC.md section 7, DESIGN.md section 10).
import { z } from 'zod';
import { ORDER_LIST_PAGE_SIZE } from '../constants';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../language';
import { ORDER_LIST_KEYS, ORDER_STATUSES } from '../order-status';
import { DELIVERY_OPTION_LABELS } from '../pricing';
import { SUBSTITUTION_PREFERENCES } from '../substitution';
import { promoCodeText } from './credit';
import { LOCATION_NOT_AVAILABLE, parseLocationText } from '../zone';
import { hasControlCharacters } from '../text';
import { MAX_LINE_QUANTITY, booleanField, requestBody, idField, idRef, limitField, optionalText, pageField, requiredText, rupeesField, searchTextField, wholeNumberField, gramsField, scaleLabelField } from './fields';

const quantity = (field: string) => wholeNumberField(field, 1, MAX_LINE_QUANTITY);

// Cart

/** POST /api/cart/create: the product to add (with quantity 1). */
export const cartCreateSchema = requestBody({ productId: idField('product id') });
export type CartCreateInput = z.infer<typeof cartCreateSchema>;

/** PUT /api/cart/update-qty: the cart item and its new quantity (0 to 1000; 0 removes the item). */
export const cartUpdateQtySchema = requestBody({ _id: idField('cart item id'), qty: wholeNumberField('quantity', 0, MAX_LINE_QUANTITY) });
export type CartUpdateQtyInput = z.infer<typeof cartUpdateQtySchema>;

/** What the shopper wants if a line runs short (issue 33): 'SIMILAR', 'ASK' or 'NONE'. */
export const substitutionSchema = z.enum(SUBSTITUTION_PREFERENCES, {
  error: `substitution must be one of ${SUBSTITUTION_PREFERENCES.map((choice) => `'${choice}'`).join(', ')}`,
});

/** PUT /api/cart/substitution (issue 33): what the shopper wants if this cart line runs short. */
export const cartSubstitutionSchema = requestBody({ _id: idField('cart item id'), substitution: substitutionSchema });
export type CartSubstitutionInput = z.infer<typeof cartSubstitutionSchema>;

/** DELETE /api/cart/delete-cart-item. */
export const cartDeleteSchema = requestBody({ _id: idField('cart item id') });
export type CartDeleteInput = z.infer<typeof cartDeleteSchema>;

/** POST /api/cart/merge: a cart kept on the phone before login, merged into the account's cart. */
export const cartMergeSchema = requestBody({
  items: z
    .array(z.object({ productId: idField('product id'), quantity: quantity('quantity') }, { error: 'each cart item must be an object' }), {
      error: (issue) => (issue.input == null ? 'items are required' : 'items must be a list'),
    })
    .max(200, 'items must hold at most 200 products'),
});
export type CartMergeInput = z.infer<typeof cartMergeSchema>;

// Orders

/** A cart line as sent at checkout: the product (id, or the embedded product object) and the quantity. */
export const orderLineSchema = z.object(
  {
    _id: idField('cart item id').optional(),
    productId: idRef('product id'),
    quantity: quantity('quantity'),
    /** Left out: the cart line's choice. */
    substitution: substitutionSchema.optional(),
  },
  { error: 'each cart item must be an object' },
);

const deliveryOptionList = DELIVERY_OPTION_LABELS.map((option) => `'${option}'`).join(', ');

/** The delivery option (wire `Choose`): one of the three labels. */
export const deliveryOptionSchema = z.enum(DELIVERY_OPTION_LABELS, {
  error: (issue) =>
    issue.input == null ? 'delivery option is required' : `delivery option must be one of ${deliveryOptionList}`,
});

/** Where the shopper was: 'latitude, longitude', or 'Location not available' (also when missing). */
export const orderLocationSchema = z
  .preprocess((value) => (value == null || value === '' ? LOCATION_NOT_AVAILABLE : value), z.string({ error: 'location must be text' }))
  .transform((text) => text.trim())
  .refine((text) => !hasControlCharacters(text), { error: 'location contains a character that is not allowed' })
  .refine((text) => text === LOCATION_NOT_AVAILABLE || parseLocationText(text) !== null, {
    error: `location must be 'latitude, longitude' or '${LOCATION_NOT_AVAILABLE}'`,
  });

/** The language the shopper reads the shop in (issue 21): 'en', 'si' or 'ta'; English when left out. */
export const orderLanguageSchema = z
  .enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.map((language) => `'${language}'`).join(', ')}` })
  .default(DEFAULT_LANGUAGE);

/**
 * POST /api/order/cash-on-delivery: the cart lines (at least one), the address, the client's subtotal and
 * total in rupees (the server re-prices and answers with its own), the location and the delivery option.
 */
export const cashOnDeliverySchema = requestBody({
  list_items: z
    .array(orderLineSchema, {
      error: (issue) => (issue.input == null ? 'cart items are required' : 'cart items must be a list'),
    })
    .min(1, 'cart items must hold at least one product'),
  addressId: idField('address id'),
  subTotalAmt: rupeesField('subtotal'),
  totalAmt: rupeesField('total'),
  location: orderLocationSchema,
  Choose: deliveryOptionSchema,
  language: orderLanguageSchema,
  /** A promo code (issue 35); the server checks it again as it places the order. */
  promoCode: z.preprocess((value) => (value === null || value === '' ? undefined : value), promoCodeText('promoCode').optional()),
  /** Whether the shopper's store credit pays part of it (issue 35): yes unless they switched it off. */
  useCredit: booleanField('useCredit').default(true),
});
export type CashOnDeliveryInput = z.infer<typeof cashOnDeliverySchema>;

const statusList = ORDER_STATUSES.map((status) => `'${status}'`).join(', ');

/** An order status: one of the seven. */
export const orderStatusSchema = z.enum(ORDER_STATUSES, {
  error: (issue) => (issue.input == null ? 'order status is required' : `order status must be one of ${statusList}`),
});

/**
 * PUT /api/orders/update-status: the order (its id or short order number) and the new status. Moving a cash order
 * to Delivered records it Paid with its total, or with `cashCollected` (rupees) and then a `reason` when different.
 */
export const updateStatusSchema = requestBody({
  orderId: requiredText('order id', 64),
  order_status: orderStatusSchema,
  cashCollected: z.preprocess((value) => (value === null ? undefined : value), rupeesField('cashCollected').optional()),
  reason: optionalText('reason', 300),
});
export type UpdateStatusInput = z.infer<typeof updateStatusSchema>;

/** GET /api/order/details: one order by its id or short order number. */
export const orderDetailsQuerySchema = z.object({
  orderId: requiredText('order id', 64),
});
export type OrderDetailsQuery = z.infer<typeof orderDetailsQuerySchema>;

/** PUT /api/orders/acknowledge: take a new order (its id or short order number), so it stops ringing everywhere. */
export const acknowledgeSchema = requestBody({
  orderId: requiredText('order id', 64),
});
export type AcknowledgeInput = z.infer<typeof acknowledgeSchema>;

/**
 * One line of PUT /api/orders/pack: the ordered product and how many were found (0 up to the line's quantity); or,
 * for a line sold by weight (issue 34), the grams the scale showed (`weighedGrams`, typed) or its scale label
 * (`scaleLabel`, scanned): exactly one of the three. A weighed line found gone is `found: 0`.
 */
export const packLineSchema = z
  .object(
    {
      productId: idField('product id'),
      found: wholeNumberField('found', 0, MAX_LINE_QUANTITY).optional(),
      weighedGrams: gramsField('weighedGrams').optional(),
      scaleLabel: scaleLabelField().optional(),
    },
    { error: 'each packed line must be an object' },
  )
  .refine((line) => [line.found, line.weighedGrams, line.scaleLabel].filter((v) => v !== undefined).length === 1, {
    error: 'each packed line needs exactly one of found, weighedGrams or scaleLabel',
    path: ['found'],
  });
export type PackLineInput = z.infer<typeof packLineSchema>;

/**
 * PUT /api/orders/pack (issue 33): staff pack a taken order: for each line named, how many were found. A product
 * named twice is refused (which count would be meant?); the server checks each against its line's quantity.
 */
export const packOrderSchema = requestBody({
  orderId: requiredText('order id', 64),
  lines: z
    .array(packLineSchema, { error: (issue) => (issue.input == null ? 'lines are required' : 'lines must be a list') })
    .min(1, 'lines must name at least one product')
    .max(200, 'lines may name at most 200 products')
    .refine((lines) => new Set(lines.map((line) => line.productId)).size === lines.length, { error: 'lines name a product twice' }),
});
export type PackOrderInput = z.infer<typeof packOrderSchema>;

/**
 * POST /api/orders/substitutions (issue 33): staff propose a substitute for a line packed short: the order, the
 * ordered product, the substitute and how many of it.
 */
export const proposeSubstituteSchema = requestBody({
  orderId: requiredText('order id', 64),
  productId: idField('product id'),
  substituteId: idField('substitute id'),
  quantity: quantity('quantity'),
});
export type ProposeSubstituteInput = z.infer<typeof proposeSubstituteSchema>;

/** PUT /api/orders/substitutions/answer (issue 33): the order's shopper accepts or declines a proposed substitute. */
export const answerSubstitutionSchema = requestBody({
  orderId: requiredText('order id', 64),
  proposalId: idField('proposal id'),
  accept: booleanField('accept'),
});
export type AnswerSubstitutionInput = z.infer<typeof answerSubstitutionSchema>;

/** GET /api/orders/substitutes (issue 33): the substitutes to suggest for one short line of an order. */
export const substitutesQuerySchema = z.object({
  orderId: requiredText('order id', 64),
  productId: idField('product id'),
});
export type SubstitutesQuery = z.infer<typeof substitutesQuerySchema>;

/** PUT /api/order/cancel: a shopper cancels their own order (its id or short number) while it is still Pending. */
export const cancelOrderSchema = requestBody({
  orderId: requiredText('order id', 64),
});
export type CancelOrderInput = z.infer<typeof cancelOrderSchema>;

/** POST /api/cart/order-again: fill the cart with what one of the caller's orders held (its id or short number). */
export const orderAgainSchema = requestBody({
  orderId: requiredText('order id', 64),
});

/**
 * GET /api/order/order-list query: `scope=all` (admins) for everyone's orders, otherwise the caller's own;
 * `since` (ISO date-time) for the orders changed after a reconnect; page and limit (1 to 50, default 10).
 */
export const orderListQuerySchema = z.object(
  {
    scope: z
      .enum(['mine', 'all'], { error: "scope must be 'mine' or 'all'" })
      .default('mine'),
    since: z.iso
      .datetime({ offset: true, error: 'since must be a date and time such as 2025-05-22T06:30:00Z' })
      .optional(),
    status: orderStatusSchema.optional(),
    list: z.enum(ORDER_LIST_KEYS, { error: `list must be one of ${ORDER_LIST_KEYS.join(', ')}` }).optional(),
    search: searchTextField().optional(),
    page: pageField(),
    limit: limitField(50, ORDER_LIST_PAGE_SIZE),
  },
  { error: 'the query must be an object' },
);
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
