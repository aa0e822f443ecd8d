// Take order: one server action (PUT /api/orders/acknowledge). The first to take an order owns it and it stops
// ringing on every counter and dashboard (the server broadcasts order:acknowledged); anyone after answers 409
// ORDER_TAKEN naming who took it. Used by the ringer's alert and by the Pending list's cards.
import toast from 'react-hot-toast';
import type { OrderWire } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';
import { adminOrdersApi } from '../orders/api/orders-api';
import { showError } from '../../../lib/show-error';

/** What the ringer and the cards say. */
export const RINGER_TEXT = {
  takeOrder: 'Take order',
  took: (orderId: string) => `You took order #${orderId}`,
  turnOnSound: 'Turn on sound',
  title: (count: number) => (count === 1 ? 'New order waiting to be taken' : `${count} new orders waiting to be taken`),
  placedJustNow: 'Placed just now',
  placedMinutesAgo: (minutes: number) => `Placed ${minutes} min ago`,
  waiting: (minutes: number) => `Waiting ${minutes} min`,
  takenBy: (name: string) => `Taken by ${name}`,
  /** The collapsed bar's (issue 36): how long the oldest has waited, and opening and closing the list. */
  oldest: (minutes: number) => (minutes === 0 ? 'oldest under 1 min' : `oldest ${minutes} min`),
  showOrders: (count: number) => `Show all ${count}`,
  hideOrders: 'Hide',
  onPendingPage: 'Open the Pending page',
} as const;

export type TakeOutcome =
  /** This person took it (or had already): the order as it now is. */
  | { kind: 'taken'; order: OrderWire }
  /** Someone else took it first. */
  | { kind: 'already'; acknowledgedBy: string | null; acknowledgedAt: string | null }
  /** Nothing changed (offline, no permission, no such order): the error was shown. */
  | { kind: 'failed' };

/** Takes the order, telling the person what happened in a toast. */
export async function takeOrder(order: Pick<OrderWire, '_id' | 'orderId'>): Promise<TakeOutcome> {
  try {
    const answer = await adminOrdersApi.acknowledge(order._id);
    toast.success(RINGER_TEXT.took(order.orderId));
    return { kind: 'taken', order: answer.data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'ORDER_TAKEN') {
      toast.error(error.message);
      const data = (error.data ?? {}) as { acknowledgedBy?: unknown; acknowledgedAt?: unknown };
      return {
        kind: 'already',
        acknowledgedBy: typeof data.acknowledgedBy === 'string' ? data.acknowledgedBy : null,
        acknowledgedAt: typeof data.acknowledgedAt === 'string' ? data.acknowledgedAt : null,
      };
    }
    showError(error);
    return { kind: 'failed' };
  }
}
