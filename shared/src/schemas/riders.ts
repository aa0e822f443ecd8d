// Request bodies of the rider calls (issue 20): shift, assigning, picking up, delivering, returning, hand-ins.
import { z } from 'zod';
import { reportQuerySchema } from '../report';
import { booleanField, idField, optionalText, requestBody, requiredText, rupeesField } from './fields';

const orderRef = () => requiredText('order id', 64);

/** A reason a person types (a short change, a refused item, nobody home): one line's worth. */
export const RIDER_REASON_MAX = 300;

/** PUT /api/rider/shift: the rider starts or ends their shift. */
export const riderShiftSchema = requestBody({ onShift: booleanField('onShift') });
export type RiderShiftInput = z.infer<typeof riderShiftSchema>;

/** PUT /api/orders/assign: give the order to a rider, or take it back with `riderId: null`. */
export const assignOrderSchema = requestBody({
  orderId: orderRef(),
  riderId: z.union([idField('rider id'), z.null()], {
    error: (issue) => (issue.input === undefined ? 'rider id is required (null to unassign)' : 'rider id must be a valid id or null'),
  }),
});
export type AssignOrderInput = z.infer<typeof assignOrderSchema>;

/** PUT /api/orders/pickup: the rider has the order in hand. */
export const pickupOrderSchema = requestBody({ orderId: orderRef() });
export type PickupOrderInput = z.infer<typeof pickupOrderSchema>;

/** PUT /api/orders/deliver: delivered, with the cash collected (rupees); another amount than the total needs a reason. */
export const deliverOrderSchema = requestBody({
  orderId: orderRef(),
  cashCollected: rupeesField('cashCollected'),
  reason: optionalText('reason', RIDER_REASON_MAX),
});
export type DeliverOrderInput = z.infer<typeof deliverOrderSchema>;

/** PUT /api/orders/return: the rider could not deliver; the reason is required. */
export const returnOrderSchema = requestBody({
  orderId: orderRef(),
  reason: requiredText('reason', RIDER_REASON_MAX),
});
export type ReturnOrderInput = z.infer<typeof returnOrderSchema>;

/** POST /api/cash/hand-ins: cash a rider handed to the store (rupees), with an optional note. */
export const handInSchema = requestBody({
  riderId: idField('rider id'),
  amount: rupeesField('amount'),
  note: optionalText('note', RIDER_REASON_MAX),
});
export type HandInInput = z.infer<typeof handInSchema>;

/** Whether a text shows anything: more than format characters (zero-width, bidi controls) and spaces. */
const VISIBLE = /[^\p{Cf}\p{Z}]/u;

/**
 * POST /api/cash/hand-ins/void: a hand-in recorded by mistake, and why (required, one line, at most 300 characters,
 * no control characters, something visible).
 */
export const voidHandInSchema = requestBody({
  handInId: idField('hand-in id'),
  reason: requiredText('reason', RIDER_REASON_MAX).refine((text) => VISIBLE.test(text), { error: 'reason must say why in visible words' }),
});
export type VoidHandInInput = z.infer<typeof voidHandInSchema>;

/**
 * The counter's printHandInSlip: which hand-in to print (the day of the report, the rider, the hand-in). The page
 * names it; the counter loads the report with its own session and builds the slip, never printing a page's text.
 */
export const handInSlipRequestSchema = z.object(
  {
    day: reportQuerySchema.shape.day,
    riderId: idField('rider id'),
    handInId: idField('hand-in id'),
  },
  { error: 'the slip must be an object' },
);
export type HandInSlipRequest = z.infer<typeof handInSlipRequestSchema>;
