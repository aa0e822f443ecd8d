import { UUID_PATTERN } from '@kade/shared';

/** Which order a reference names: its id (a UUID, any case) or its short order number (any case). */
export const orderRefWhere = (orderRef: string): { id: string } | { order_code: string } =>
  UUID_PATTERN.test(orderRef) ? { id: orderRef.toLowerCase() } : { order_code: orderRef.toUpperCase() };
