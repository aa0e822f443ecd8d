/**
 * What the order service tells the outside world after a commit. The realtime module implements it over
 * Socket.IO; until a socket server is attached (and in services built without one) events go nowhere.
 */
export interface OrderEvents {
  orderCreated(order: { _id: string; userId: unknown }): void;
  orderStatusChanged(order: { _id: string; userId: unknown }, change: { from: string; to: string; by: string }): void;
}

export const silentOrderEvents: OrderEvents = {
  orderCreated: () => undefined,
  orderStatusChanged: () => undefined,
};

/** A bus the services can hold from the start, wired to the socket server once it exists. */
export function lateBoundOrderEvents(): OrderEvents & { attach(target: OrderEvents): void } {
  let target: OrderEvents = silentOrderEvents;
  return {
    attach: (next) => {
      target = next;
    },
    orderCreated: (order) => target.orderCreated(order),
    orderStatusChanged: (order, change) => target.orderStatusChanged(order, change),
  };
}
