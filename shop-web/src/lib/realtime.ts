// The web app's one Socket.IO connection, for live order updates (My Orders, the admin order lists, the ringer)
// and whether the shop takes orders (`shop:ordering`, for every signed-in user).
// It authenticates with the stored access token on every (re)connect; when the server refuses an expired
// token, or cuts the socket as its token expires, a call through the API client renews the session once and
// the socket tries again.
import { useEffect, useRef } from 'react';
import type { io as IoClient, Socket as IoSocket } from 'socket.io-client';
import { type ClientToServerEvents, ENDPOINTS, type LiveEventHandlers, type LiveEventName, type OrderingState, type OrderStatusEventWire, type OrderWire, type ServerToClientEvents, SOCKET_EVENTS } from '@kade/shared';
import { call, tokens } from './api-client';
import { webConfig } from './web-config';

/** The one socket, typed by the shared contract of what the server sends (@kade/shared live-events). */
type Socket = IoSocket<ServerToClientEvents, ClientToServerEvents>;

let socket: Socket | null = null;
let users = 0;

// socket.io-client (about 14 KB compressed) is loaded when the first listener mounts: a shopper who is not signed
// in never opens a socket, so it stays out of the script every phone loads before the shop's first screen.
let client: Promise<{ io: typeof IoClient }> | undefined;
const loadClient = () => (client ??= import('socket.io-client'));

function connect(io: typeof IoClient): Socket {
  const next = io(webConfig.apiBase || undefined, {
    transports: ['websocket'],
    withCredentials: true,
    auth: (send) => send({ token: tokens.access() ?? '' }),
  });
  let renewing = false;
  /** Any authenticated call renews an expired access token (single-flight in the API client); then connect again. */
  const renewAndReconnect = () => {
    if (renewing || !tokens.refresh()) return;
    renewing = true;
    call(ENDPOINTS.account.details)
      .then(() => next.connect())
      .catch(() => undefined) // the session is over: no reconnect
      .finally(() => {
        renewing = false;
      });
  };
  next.on('connect_error', (error) => {
    if (error.message.startsWith('UNAUTHORIZED')) renewAndReconnect();
  });
  // The server cuts a socket when its access token expires, or when its session ended (logout elsewhere, a
  // reset, a disabled account). The client does not come back by itself after that: renew, and if the session
  // still lives, reconnect with the fresh token.
  next.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') renewAndReconnect();
  });
  return next;
}

/** Counts a listener in; the one socket, opened when the client has loaded (undefined if every listener left meanwhile). */
async function acquire(): Promise<Socket | undefined> {
  users += 1;
  const { io } = await loadClient();
  if (users === 0) return undefined;
  socket ??= connect(io);
  return socket;
}

function release(): void {
  users -= 1;
  if (users === 0 && socket) {
    socket.disconnect();
    socket = null;
  }
}

export interface OrderEventHandlers {
  /** An order was placed (admins only). */
  onNew?: (order: OrderWire) => void;
  /** An order changed status (admins, and the order's shopper). */
  onStatus?: (event: OrderStatusEventWire) => void;
  /** Someone took an order (staff and admins): it stops ringing everywhere, and its card shows who. */
  onAcknowledged?: (order: OrderWire) => void;
  /** The socket (re)connected: events may have been missed while it was away, so reload. */
  onReconnect?: () => void;
}

/**
 * Listens to the order events while the component is mounted. The handlers may change between renders;
 * the subscription does not.
 */
export function useOrderEvents(handlers: OrderEventHandlers, enabled = true): void {
  useSocketEvents(
    {
      [SOCKET_EVENTS.orderNew]: (order) => handlers.onNew?.(order),
      [SOCKET_EVENTS.orderStatus]: (event) => handlers.onStatus?.(event),
      [SOCKET_EVENTS.orderAcknowledged]: (event) => handlers.onAcknowledged?.(event.order),
    },
    handlers.onReconnect,
    enabled,
  );
}

/**
 * Listens to `shop:ordering` (whether the shop takes orders changed) while mounted and `enabled` (a signed-in
 * user: the socket needs a session). `onReconnect` is told after the socket came back, as a change may have
 * been missed meanwhile.
 */
export function useOrderingEvents(handlers: { onOrdering: (state: OrderingState) => void; onReconnect?: () => void }, enabled = true): void {
  useSocketEvents({ [SOCKET_EVENTS.shopOrdering]: (event) => handlers.onOrdering(event.ordering) }, handlers.onReconnect, enabled);
}

/**
 * Listens to named events on the one socket while mounted and `enabled` (the order events and `shop:ordering`
 * above; issue 20's rider's `rider:orders`, staff's `order:returned` and `order:cash-flagged`). `onReconnect` is told after the socket came
 * back, as an event may have been missed meanwhile. The handlers may change between renders; the subscription follows only the names.
 */
export function useSocketEvents(handlers: LiveEventHandlers, onReconnect?: () => void, enabled = true): void {
  const latest = useRef({ handlers, onReconnect });
  latest.current = { handlers, onReconnect };
  const names = Object.keys(handlers).sort().join('\n');
  useEffect(() => {
    if (!enabled) return undefined;
    let live: Socket | undefined;
    let left = false;
    // each listener calls the handler of its name as it is at that moment (the payload's type is the event's)
    const listeners = (names.split('\n').filter(Boolean) as LiveEventName[]).map(
      (name) => [name, (payload: unknown) => (latest.current.handlers[name] as ((value: unknown) => void) | undefined)?.(payload)] as const,
    );
    let connectedBefore = false;
    const onConnect = () => {
      if (connectedBefore) latest.current.onReconnect?.();
      connectedBefore = true;
    };
    void acquire()
      .then((socketNow) => {
        if (left || !socketNow) return;
        live = socketNow;
        connectedBefore = live.connected;
        for (const [name, listener] of listeners) live.on(name, listener);
        live.on('connect', onConnect);
      })
      .catch(() => undefined); // the client could not load (offline): no live updates, the pages still read the API
    return () => {
      left = true;
      if (live) {
        for (const [name, listener] of listeners) live.off(name, listener);
        live.off('connect', onConnect);
      }
      release();
    };
  }, [enabled, names]);
}
