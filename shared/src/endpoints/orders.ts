// The endpoints of carts, orders, riders and their cash, the day's report, and the counter apps.
import type { OrderWire } from '../api';
import type { DayReport } from '../report';
import type { RiderCashRow, RiderOrdersWire, RiderWire } from '../riders';
import type { CartItemWire, CounterWire, OrderAgainResult, OrderListExtras, OrderSummaryWire, ProposalCreatedWire, SubstituteWire } from './answers';
import { answer, endpoint } from './define';

export const cart = {
  add: endpoint({ method: 'post', path: '/api/cart/create', access: 'user', body: 'cartCreateSchema', answer: answer<CartItemWire>() }),
  list: endpoint({ method: 'get', path: '/api/cart/get', access: 'user', answer: answer<CartItemWire[]>() }),
  /** Null when the quantity reached 0 and the line is gone. */
  setQuantity: endpoint({ method: 'put', path: '/api/cart/update-qty', access: 'user', body: 'cartUpdateQtySchema', answer: answer<CartItemWire | null>() }),
  remove: endpoint({ method: 'delete', path: '/api/cart/delete-cart-item', access: 'user', body: 'cartDeleteSchema', answer: answer<null>() }),
  /** What the shopper wants if the line runs short (issue 33). */
  setSubstitution: endpoint({ method: 'put', path: '/api/cart/substitution', access: 'user', body: 'cartSubstitutionSchema', answer: answer<CartItemWire>() }),
  /** The phone's cart joins the account's at login. */
  merge: endpoint({ method: 'post', path: '/api/cart/merge', access: 'user', body: 'cartMergeSchema', answer: answer<CartItemWire[]>() }),
  orderAgain: endpoint({ method: 'post', path: '/api/cart/order-again', access: 'user', body: 'orderAgainSchema', answer: answer<OrderAgainResult>() }),
};

export const orders = {
  /** Places the order (an Idempotency-Key header makes a retry answer the first placing). */
  cashOnDelivery: endpoint({ method: 'post', path: '/api/order/cash-on-delivery', access: 'user', body: 'cashOnDeliverySchema', answer: answer<OrderWire>() }),
  /** Online payment: not offered yet (always a 400). */
  checkout: endpoint({ method: 'post', path: '/api/order/checkout', access: 'user', answer: answer<never>() }),
  /** The caller's own orders, or (with orders.view, scope=all) everyone's. */
  list: endpoint({ method: 'get', path: '/api/order/order-list', access: 'user', query: 'orderListQuerySchema', answer: answer<OrderWire[]>(), extras: answer<OrderListExtras>() }),
  /** The caller's own order; anyone's with orders.view (the counter prints by id). */
  details: endpoint({ method: 'get', path: '/api/order/details', access: 'user', query: 'orderDetailsQuerySchema', answer: answer<OrderWire>() }),
  summary: endpoint({ method: 'get', path: '/api/order/summary', access: 'orders.view', answer: answer<OrderSummaryWire>() }),
  updateStatus: endpoint({ method: 'put', path: '/api/orders/update-status', access: 'orders.update', body: 'updateStatusSchema', answer: answer<OrderWire>() }),
  cancel: endpoint({ method: 'put', path: '/api/order/cancel', access: 'user', body: 'cancelOrderSchema', answer: answer<OrderWire>() }),
  acknowledge: endpoint({ method: 'put', path: '/api/orders/acknowledge', access: 'orders.take', body: 'acknowledgeSchema', answer: answer<OrderWire>() }),
  assign: endpoint({ method: 'put', path: '/api/orders/assign', access: 'orders.assign', body: 'assignOrderSchema', answer: answer<OrderWire>() }),
  pickup: endpoint({ method: 'put', path: '/api/orders/pickup', access: 'deliveries.carry', body: 'pickupOrderSchema', answer: answer<OrderWire>() }),
  /** The rider carrying it, or staff who may update orders (the service decides which). */
  deliver: endpoint({ method: 'put', path: '/api/orders/deliver', access: 'user', body: 'deliverOrderSchema', answer: answer<OrderWire>() }),
  returnToStore: endpoint({ method: 'put', path: '/api/orders/return', access: 'deliveries.carry', body: 'returnOrderSchema', answer: answer<OrderWire>() }),
  /** Staff pack a taken order (issue 33): how many of each line were found; the order as revised. */
  pack: endpoint({ method: 'put', path: '/api/orders/pack', access: 'orders.update', body: 'packOrderSchema', answer: answer<OrderWire>() }),
  /** The substitutes to suggest for a short line: published, in stock, same sub-category, nearest in price first. */
  substitutes: endpoint({ method: 'get', path: '/api/orders/substitutes', access: 'orders.update', query: 'substitutesQuerySchema', answer: answer<SubstituteWire[]>() }),
  /** Staff propose a substitute for a short line (201); accepted at once or asked of the shopper. */
  proposeSubstitute: endpoint({ method: 'post', path: '/api/orders/substitutions', access: 'orders.update', body: 'proposeSubstituteSchema', answer: answer<ProposalCreatedWire>() }),
  /** The order's shopper answers a proposal (404 for anyone else). */
  answerSubstitution: endpoint({ method: 'put', path: '/api/orders/substitutions/answer', access: 'user', body: 'answerSubstitutionSchema', answer: answer<OrderWire>() }),
};

export const reports = {
  day: endpoint({ method: 'get', path: '/api/orders/report', access: 'reports.view', query: 'reportQuerySchema', answer: answer<DayReport>() }),
  /** The same report as a CSV file to download. */
  dayCsv: endpoint({ method: 'get', path: '/api/orders/report.csv', access: 'reports.view', query: 'reportQuerySchema', file: true, answer: answer<null>() }),
};

export const riders = {
  list: endpoint({ method: 'get', path: '/api/riders', access: 'orders.assign', answer: answer<RiderWire[]>() }),
  shift: endpoint({ method: 'put', path: '/api/rider/shift', access: 'deliveries.carry', body: 'riderShiftSchema', answer: answer<{ onShift: boolean }>() }),
  myOrders: endpoint({ method: 'get', path: '/api/rider/orders', access: 'deliveries.carry', answer: answer<RiderOrdersWire>() }),
};

export const cash = {
  handIn: endpoint({ method: 'post', path: '/api/cash/hand-ins', access: 'cash.manage', body: 'handInSchema', answer: answer<RiderCashRow>() }),
  voidHandIn: endpoint({ method: 'post', path: '/api/cash/hand-ins/void', access: 'cash.manage', body: 'voidHandInSchema', answer: answer<RiderCashRow>() }),
};

export const counters = {
  /** Undefined when the heartbeat named no counter the server keeps. */
  heartbeat: endpoint({ method: 'post', path: '/api/counters/heartbeat', access: 'counters.use', body: 'counterHeartbeatSchema', answer: answer<CounterWire | undefined>() }),
  list: endpoint({ method: 'get', path: '/api/counters', access: 'counters.use', answer: answer<CounterWire[]>() }),
};
