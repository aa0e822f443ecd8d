import { io, type Socket as IoSocket } from 'socket.io-client';
import {
  buildReceipt,
  ENDPOINTS,
  SOCKET_EVENTS,
  type ClientToServerEvents,
  type OrderStatusEventWire,
  type OrderWire,
  type ReceiptOptions,
  type ServerToClientEvents,
} from '@kade/shared';

/** The counter's socket, typed by the shared contract of what the server sends (@kade/shared live-events). */
type Socket = IoSocket<ServerToClientEvents, ClientToServerEvents>;
import { receiptBytes, type ReceiptMode } from '../printer/receipt-bytes';
import type { PrintQueue } from '../printer/print-queue';
import { ServerError, type ServerApi } from './server-api';

/** How far before the last order seen a catch-up looks. */
export const CATCH_UP_LOOK_BACK_MS = 60_000;

/** The store on the receipt, from the server's shop configuration: name, address, phone, footer, time zone. */
export type ShopOnReceipt = Omit<ReceiptOptions, 'reprint'>;

export interface DispatcherSettings {
  autoPrint: boolean;
  copies: number;
  receiptMode: ReceiptMode;
  shop: ShopOnReceipt;
}

export interface DispatcherOptions {
  api: ServerApi;
  queue: PrintQueue;
  settings: () => DispatcherSettings;
  /** The newest `updatedAt` already handled, kept across restarts by the caller. */
  lastSeen: string;
  saveLastSeen: (iso: string) => void;
  /** A new order arrived (alert, notification, the screen). Called once per order. */
  onNewOrder: (order: OrderWire) => void;
  /** Another counter or admin changed an order's status. */
  onStatus?: (change: OrderStatusEventWire) => void;
  /** Someone (here or on another counter or dashboard) took an order: it stops ringing. */
  onAcknowledged?: (order: OrderWire) => void;
  /**
   * Packing changed an order (issue 33), heard live or read again by a catch-up: called once it is handled, with
   * the REVISED bill's jobs it queued (none when that revision was queued before or auto-print is off).
   */
  onRevised?: (order: OrderWire, queued: number) => void;
  onConnection?: (state: 'connected' | 'disconnected') => void;
  /**
   * The server cut the connection and the session cannot be renewed (logged out elsewhere, password reset,
   * account disabled or demoted): the counter is signed out and must say so; reconnecting would never work.
   */
  onSessionOver?: (error: ServerError) => void;
}

/**
 * The counter's own live connection as the signed-in staff member. On `order:new` it alerts once and, with
 * auto-print on, queues the receipt; on `order:revised` the REVISED bill, once per revision. After every (re)connect it catches up through the order list (`since`
 * the last order it saw), so an order placed while the counter was offline still alerts and prints — once.
 */
export class Dispatcher {
  private socket: Socket | undefined;
  private readonly handled = new Set<string>();
  private readonly revisionsHandled = new Set<string>();
  private lastSeen: string;
  private catchingUp: Promise<void> | undefined;

  constructor(private readonly options: DispatcherOptions) {
    this.lastSeen = options.lastSeen;
  }

  start(): void {
    const socket = io(this.options.api.baseUrl, {
      transports: ['websocket'],
      auth: (cb) => cb({ token: this.options.api.accessToken ?? '' }),
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    socket.on('connect', () => {
      this.options.onConnection?.('connected');
      // A catch-up the server refuses means the session no longer may see the orders: the counter is signed out.
      // Any other failure (the server away for a moment) is caught up after the next connect.
      this.catchUp().catch((error: unknown) => {
        if (this.socket === socket && error instanceof ServerError && (error.status === 401 || error.status === 403)) this.options.onSessionOver?.(error);
      });
    });
    // A refused handshake (an expired access token) and a socket the server cut (its token expired, or its
    // session ended) are not retried by the client itself: renew the session and connect again; when the
    // session is over, the server refuses the refresh and the counter is told it is signed out (a network error
    // instead leaves the socket's own reconnection to try again).
    const renewAndReconnect = () => {
      void this.options.api.refresh().then(
        () => {
          if (this.socket === socket && !socket.connected) socket.connect();
        },
        (error: unknown) => {
          if (this.socket === socket && error instanceof ServerError && (error.status === 401 || error.status === 403)) this.options.onSessionOver?.(error);
        },
      );
    };
    socket.on('disconnect', (reason) => {
      this.options.onConnection?.('disconnected');
      if (reason === 'io server disconnect') renewAndReconnect();
    });
    socket.on('connect_error', (error: Error) => {
      if (/UNAUTHORIZED/.test(error.message)) renewAndReconnect();
    });
    socket.on(SOCKET_EVENTS.orderNew, (order) => void this.handle(order));
    socket.on(SOCKET_EVENTS.orderStatus, (change) => this.options.onStatus?.(change));
    socket.on(SOCKET_EVENTS.orderAcknowledged, (event) => this.options.onAcknowledged?.(event.order));
    socket.on(SOCKET_EVENTS.orderRevised, (event) => void this.handleRevision(event.order));
    this.socket = socket;
  }

  stop(): void {
    this.socket?.close();
    this.socket = undefined;
  }

  /** For tests and the "reconnect" button: drop the connection as a network fault would. */
  dropConnection(): void {
    this.socket?.io.engine?.close();
  }

  get connected(): boolean {
    return this.socket?.connected === true;
  }

  /**
   * Fetches every order changed since the last one seen (looking back a minute: an order's time is stamped
   * when its transaction starts, so one that committed later can carry an earlier time) and handles the ones
   * not yet handled: new orders from the Pending list, and the REVISED bills of orders packing changed meanwhile
   * from the Processing list (packing happens only there).
   */
  catchUp(): Promise<void> {
    this.catchingUp ??= (async () => {
      const since = new Date(new Date(this.lastSeen).getTime() - CATCH_UP_LOOK_BACK_MS).toISOString();
      for (const list of ['pending', 'processing'] as const) {
        for (let page = 1; page <= 20; page++) {
          const orders = await this.options.api.call(ENDPOINTS.orders.list, { query: { scope: 'all', list, limit: 50, page, since } });
          for (const order of [...orders].reverse()) await (list === 'pending' ? this.handle(order) : this.handleRevision(order));
          if (orders.length < 50) break;
        }
      }
    })().finally(() => {
      this.catchingUp = undefined;
    });
    return this.catchingUp;
  }

  private seen(order: OrderWire): void {
    if (order.updatedAt > this.lastSeen) {
      this.lastSeen = order.updatedAt;
      this.options.saveLastSeen(order.updatedAt);
    }
  }

  /**
   * Packing changed an order (issue 33): with auto-print on, its REVISED bill is queued once per order × revision.
   * The event heard twice, a catch-up reading the order again, a restart: the key in memory stops a second build
   * while the first is under way, the print queue's key on disk stops it for good. An event that only ticked lines
   * carries a revision already printed, and prints nothing. While the order is being packed and a weighed line still
   * waits for the scale (issue 34: `maxTotalAmt` is set), its revisions print nothing: every bag weighed is a
   * revision, and a bill per bag is paper nobody reads; the bill prints with the revision that weighs the last one.
   */
  private async handleRevision(order: OrderWire): Promise<void> {
    this.seen(order);
    const revision = order.revision ?? 0;
    const key = `${order._id}:${revision}`;
    const settings = this.options.settings();
    const weighing = order.order_status === 'Processing' && order.maxTotalAmt != null;
    let queued = 0;
    if (revision > 0 && settings.autoPrint && !weighing && !this.revisionsHandled.has(key)) {
      this.revisionsHandled.add(key);
      const bytes = await receiptBytes(buildReceipt(order, settings.shop), { mode: settings.receiptMode });
      queued = (await this.options.queue.enqueueOrder({ orderId: order._id, orderCode: order.orderId, revision }, bytes, settings.copies)).length;
    }
    this.options.onRevised?.(order, queued);
  }

  private async handle(order: OrderWire): Promise<void> {
    this.seen(order);
    if (this.handled.has(order._id) || order.order_status !== 'Pending') return;
    this.handled.add(order._id);
    this.options.onNewOrder(order);
    const settings = this.options.settings();
    if (settings.autoPrint) {
      const bytes = await receiptBytes(buildReceipt(order, settings.shop), { mode: settings.receiptMode });
      await this.options.queue.enqueueOrder({ orderId: order._id, orderCode: order.orderId }, bytes, settings.copies);
    }
  }
}
