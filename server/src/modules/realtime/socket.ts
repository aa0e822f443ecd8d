import type http from 'node:http';
import { Server, type Socket as IoSocket } from 'socket.io';
import type { createAdapter as redisAdapter } from '@socket.io/redis-adapter';
import type { Knex } from 'knex';
import { ATTENDED_WITHIN_SECONDS, can, SOCKET_EVENTS, type ClientToServerEvents, type ServerToClientEvents, type SessionEndReason } from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { ACCESS_COOKIE } from '../../http/auth';
import { findCaller } from '../../http/auth';
import type { AuthUser } from '../../http/route';
import { verifyAccessToken } from '../../auth/access-token';
import type { LiveEvents } from './events';
import { recordPresence } from '../shop/ordering';
import { assignedRiderOf, orderForShopper } from '../orders/wire';

/** What a socket holds once its handshake is checked: the caller, and when its access token expires (ms). */
interface SocketData {
  user: AuthUser & { expiresAt: number };
}

/** The server's sockets, typed by the shared contract (@kade/shared live-events): an emit that disagrees does not compile. */
type Socket = IoSocket<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>;

/** The rooms: everyone with the orders.view permission (admins, staff, counters) in one, each account in its own. */
export const ORDERS_ROOM = 'orders';
/** How often an instance with staff connected records it (well inside ATTENDED_WITHIN_SECONDS). */
const PRESENCE_MS = 20_000;
export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one login (one refresh-token family), so logout cuts exactly that session's sockets. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** A rider's own room (deliveries.carry): told whenever one of their orders is assigned, unassigned or moves. */
export const riderRoom = (userId: string) => `rider:${userId}`;

/** Event names, once. */
export { SOCKET_EVENTS };

/** How long a clean QUIT may wait for Redis before the client is dropped. */
const REDIS_QUIT_MS = 1000;

/**
 * Closes a Redis client: QUIT when it is connected, but never waits on a Redis that has just gone away (the
 * client may still look ready, and QUIT would wait for a reconnect that never comes); a client that is down
 * is simply dropped.
 */
async function closeClient(client: { isReady: boolean; isOpen: boolean; quit(): Promise<unknown>; destroy(): void }): Promise<void> {
  if (client.isReady) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, REDIS_QUIT_MS)))]);
    clearTimeout(timer);
  }
  if (client.isOpen) client.destroy();
}

/**
 * A cookie's value from a Cookie header, or undefined when it is absent or malformed: a value whose %-escapes do
 * not decode is treated as no cookie at all. Never throws (a throw here once ended the process: issue 30).
 */
export function cookieValue(header: unknown, name: string): string | undefined {
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The access token a handshake carries (auth.token, the bearer header, then the cookie), or undefined. Never throws. */
export function tokenOf(handshake: { auth?: unknown; headers: Record<string, unknown> }): string | undefined {
  const auth = handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = handshake.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  return bearer ?? cookieValue(handshake.headers.cookie, ACCESS_COOKIE);
}

/** The rooms a user's socket belongs in now, from their current role and session: never what a recovered socket had. */
export function roomsFor(user: Pick<AuthUser, 'id' | 'role' | 'sessionId'>): string[] {
  const rooms = [userRoom(user.id), sessionRoom(user.sessionId)];
  // Each room declares the permission it needs: the order feed carries names, numbers and addresses.
  if (can(user.role, 'orders.view')) rooms.push(ORDERS_ROOM);
  if (can(user.role, 'deliveries.carry')) rooms.push(riderRoom(user.id));
  return rooms;
}

/** The one event the server sends a socket when something it did failed: `{ code, message }`, to that socket only. */
const SOCKET_FAILED = 'SERVER_ERROR: this connection could not be set up. Please reconnect.';

/**
 * Runs a Socket.IO middleware so that nothing it throws or rejects escapes: the failure is logged and answered
 * to that one socket as a refused connection (a throw outside any try once ended the whole process: issue 30).
 */
function guardedMiddleware(logger: Logger, middleware: (socket: Socket) => Promise<void>) {
  return (socket: Socket, next: (error?: Error) => void) => {
    let answered = false;
    const answer = (error?: Error) => {
      if (answered) return;
      answered = true;
      next(error);
    };
    const fail = (error: unknown) => {
      if (error instanceof RefusedSocket) return answer(error);
      logger.error({ err: error, socket: socket.id }, 'socket middleware failed');
      answer(new Error(SOCKET_FAILED));
    };
    try {
      middleware(socket).then(() => answer(), fail);
    } catch (error) {
      fail(error);
    }
  };
}

/** How many events a client may send (all refused: the server takes none) before its socket is cut. */
const MAX_REFUSED_EVENTS = 20;

/** A refusal a middleware means to send (its message goes to the client as is). */
class RefusedSocket extends Error {}

/** Runs a handler of a socket's life (connection, disconnect) so that a failure is logged and cuts that socket only. */
function guarded<A extends unknown[]>(logger: Logger, what: string, handler: (socket: Socket, ...args: A) => void) {
  return (socket: Socket, ...args: A) => {
    try {
      handler(socket, ...args);
    } catch (error) {
      logger.error({ err: error, socket: socket.id, event: what }, 'socket handler failed');
      socket.emit(SOCKET_EVENTS.socketError, { code: 'SERVER_ERROR', message: 'Something went wrong on this connection. Please reconnect.' });
      socket.disconnect(true);
    }
  };
}

function ownerOf(order: { userId: unknown }): string | undefined {
  const owner = order.userId;
  if (typeof owner === 'string') return owner;
  if (owner && typeof owner === 'object' && typeof (owner as { _id?: unknown })._id === 'string') return (owner as { _id: string })._id;
  return undefined;
}

/** setTimeout's longest delay; an access token lives 15 minutes, so this only guards odd clocks. */
const MAX_TIMER_MS = 2 ** 31 - 1;


function endSocket(socket: Socket, reason: SessionEndReason): void {
  socket.emit(SOCKET_EVENTS.sessionEnded, { reason });
  socket.disconnect(true);
}

/**
 * A socket's Origin, when the client sends one (browsers always do), must be the shop's own (the Host the
 * request came to, or the proxy's forwarded host when TRUST_PROXY is on) or one of CORS_ORIGINS. Clients
 * that send none (the counter app, the print agent) are judged by their token alone.
 */
export function originAllowed(req: http.IncomingMessage, config: Pick<Config, 'corsOrigins' | 'trustProxy'>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (config.corsOrigins.includes('*') || config.corsOrigins.includes(origin)) return true;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = config.trustProxy ? String(req.headers['x-forwarded-host'] ?? '').split(',')[0]?.trim() : '';
  const hosts = [req.headers.host, forwarded].filter((h): h is string => Boolean(h));
  return hosts.includes(originHost);
}

/** Whether live events reach the other server instances: `off` without REDIS_URL. */
export type RedisState = 'off' | 'up' | 'down';

export interface Realtime {
  io: Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>;
  events: LiveEvents;
  redisState(): RedisState;
  close(): Promise<void>;
}

const REDIS_FIRST_CONNECT_MS = 5000;
/** The longest a new order's answer waits for Redis to take its order:new (a Redis that is slow or gone). */
const PUBLISH_WAIT_MS = 500;

/**
 * The adapter calls publish and (un)subscribe without waiting for the answer: a call cut short by a lost
 * connection is logged here, not left as an unhandled rejection that would stop the process.
 */
function catchingRejections<T extends object>(client: T, methods: readonly string[], logger: Logger, started?: (call: Promise<unknown>) => void): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (typeof property !== 'string' || !methods.includes(property)) return method;
      return (...args: unknown[]) => {
        const call = Promise.resolve(method(...args)).catch((error: unknown) => {
          logger.debug({ err: error, call: property }, 'redis call failed');
          return undefined;
        });
        started?.(call);
        return call;
      };
    },
  });
}

/**
 * The Redis adapter, on two clients that reconnect by themselves. A Redis that is down (at start or later)
 * never stops the shop: this instance keeps serving and its own sockets keep their events; the other
 * instances' events resume when Redis answers again (node-redis subscribes again on reconnect).
 */
async function connectRedisAdapter(io: Server, config: Config, logger: Logger) {
  // Loaded only with REDIS_URL: a single instance never holds the Redis client in memory. The client alone
  // (@redis/client), not the redis package, which also loads its JSON, search, time-series and bloom modules.
  const [{ createClient }, { createAdapter }] = await Promise.all([import('@redis/client'), import('@socket.io/redis-adapter')]);
  const pub = createClient({ url: config.redisUrl });
  const sub = pub.duplicate();
  let wasUp = false;
  const isUp = () => pub.isReady && sub.isReady;
  for (const [name, client] of [['publisher', pub], ['subscriber', sub]] as const) {
    // Every failed reconnect attempt emits an error: only the change from up to down is worth a line.
    client.on('error', (error: unknown) => {
      if (wasUp) logger.warn({ err: error, client: name }, 'redis connection lost: live events stay on this instance until it returns');
      wasUp = false;
    });
    client.on('ready', () => {
      if (!wasUp && isUp()) logger.info('redis connected: live events reach every instance');
      wasUp = isUp();
    });
  }
  // connect() resolves only once Redis answers (it retries for ever): wait a little, then serve anyway.
  const connected = Promise.all([pub.connect(), sub.connect()]);
  connected.catch(() => undefined); // a close() while still connecting rejects it: nothing to do
  // The publishes `sent` collects while its emit runs (the adapter publishes from inside the emit).
  let collecting: Array<Promise<unknown>> | undefined;
  const safePub = catchingRejections(pub, ['publish'], logger, (call) => collecting?.push(call));
  const safeSub = catchingRejections(sub, ['pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe'], logger);
  // The adapter's types lag redis 6's client type; the runtime API is the one it uses.
  type AdapterClient = Parameters<typeof redisAdapter>[0];
  io.adapter(createAdapter(safePub as unknown as AdapterClient, safeSub as unknown as AdapterClient, { key: `${config.redisPrefix}:socket.io` }));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connected.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, REDIS_FIRST_CONNECT_MS)))]);
  clearTimeout(timer);
  if (!isUp()) logger.warn({ url: config.redisUrl }, 'redis is not answering: serving without it, live events stay on this instance until it does');
  return {
    state: (): RedisState => (isUp() ? 'up' : 'down'),
    /**
     * Runs `emit` and resolves once Redis has taken what it published, so it reaches the other instances even if
     * this one dies the next moment: its own publishes only, not every event in flight; at once while Redis is
     * down (the event stays on this instance), and after PUBLISH_WAIT_MS at most.
     */
    sent: async (emit: () => void): Promise<void> => {
      const calls: Array<Promise<unknown>> = [];
      collecting = calls;
      try {
        emit();
      } finally {
        collecting = undefined;
      }
      if (calls.length === 0 || !isUp()) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(calls), new Promise((resolve) => (timer = setTimeout(resolve, PUBLISH_WAIT_MS)))]);
      clearTimeout(timer);
    },
    close: () => Promise.all([pub, sub].map((c) => closeClient(c))).then(() => undefined),
  };
}

/**
 * Socket.IO on the server's own port, authenticated by the access token in the handshake (auth.token, the
 * bearer header or the cookie). Each socket joins the rooms of `roomsFor` its user as they are now. Missed events are recovered for
 * short drops; clients always catch up through the order list with `since` as well. With REDIS_URL set the
 * Redis adapter carries events across server instances.
 */
export async function attachRealtime(
  server: http.Server,
  deps: { db: Knex; config: Config; clock: Clock; logger: Logger; onAttendance?: () => void },
): Promise<Realtime> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>(server, {
    serveClient: false,
    cors: deps.config.corsOrigins.length > 0 ? { origin: deps.config.corsOrigins, credentials: true } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
    // A page of another site must not open a socket with the shopper's cookie: see originAllowed.
    allowRequest: (req, callback) => callback(originAllowed(req, deps.config) ? null : 'ORIGIN_NOT_ALLOWED', originAllowed(req, deps.config)),
  });

  const redis = deps.config.redisUrl ? await connectRedisAdapter(io, deps.config, deps.logger) : undefined;

  // A recovered socket gets back its id and the packets it missed, never its rooms: the connection handler works
  // them out from the user as they are now (a staff member demoted while briefly offline must not rejoin the
  // order feed). The rooms a session is kept with also choose which missed packets are sent, and they are sent
  // before the middleware has looked at the token: kept empty, only what went to every socket is replayed. The
  // clients catch up through the API after every reconnect anyway. (With Redis the adapter keeps no sessions.)
  const sessions = io.of('/').adapter;
  const persistSession = sessions.persistSession.bind(sessions);
  sessions.persistSession = (session) => persistSession({ ...session, rooms: [] });

  // The same check as every HTTP request (http/auth.ts): a valid token of a live session of an active account.
  io.use(
    guardedMiddleware(deps.logger, async (socket) => {
      const token = tokenOf(socket.handshake);
      if (!token) throw new RefusedSocket('UNAUTHORIZED: log in to receive live updates');
      try {
        const claims = verifyAccessToken(deps.config.jwtSecret, token, deps.clock);
        const caller = await findCaller(deps.db, claims);
        socket.data.user = { ...caller, expiresAt: claims.exp * 1000 };
      } catch (error) {
        throw new RefusedSocket(`UNAUTHORIZED: ${error instanceof Error ? error.message : 'invalid token'}`);
      }
    }),
  );

  const markPresence = (announce = false) => {
    void recordPresence(deps.db, deps.clock.now()).then(
      // With REQUIRE_COUNTER_ONLINE a staff screen arriving may open the shop: every screen is told at once.
      () => {
        if (announce && deps.config.requireAttended) deps.onAttendance?.();
      },
      (error: unknown) => deps.logger.warn({ err: error }, 'could not record staff presence'),
    );
  };
  // When the last staff screen on this instance leaves, the shop may stop being attended a minute later: say so then.
  let lapse: NodeJS.Timeout | undefined;
  const watchLapse = () => {
    if (!deps.config.requireAttended || (io.of('/').adapter.rooms.get(ORDERS_ROOM)?.size ?? 0) > 0) return;
    if (lapse) clearTimeout(lapse);
    lapse = setTimeout(() => deps.onAttendance?.(), (ATTENDED_WITHIN_SECONDS + 1) * 1000);
    lapse.unref();
  };
  // While a staff dashboard or counter is connected to this instance, it says so every PRESENCE_MS.
  const presence = setInterval(() => {
    if ((io.of('/').adapter.rooms.get(ORDERS_ROOM)?.size ?? 0) > 0) markPresence();
  }, PRESENCE_MS);
  presence.unref();

  io.on(
    'connection',
    guarded(deps.logger, 'connection', (socket) => {
      const user = socket.data.user;
      // The server takes no events from clients: anything a client emits is refused to that socket alone.
      socket.on('error', (error: unknown) => deps.logger.debug({ err: error, socket: socket.id }, 'socket error'));
      let refused = 0;
      socket.use(([event], next) => {
        refused += 1;
        socket.emit(SOCKET_EVENTS.socketError, { code: 'EVENT_UNKNOWN', message: `The server takes no '${String(event).slice(0, 40)}' events.` });
        // A client that keeps sending is cut: its events cost parsing and a reply each.
        if (refused >= MAX_REFUSED_EVENTS) socket.disconnect(true);
        next(new Error('EVENT_UNKNOWN'));
      });
      const rooms = roomsFor(user);
      for (const room of socket.rooms) if (room !== socket.id && !rooms.includes(room)) void socket.leave(room);
      void socket.join(rooms);
      if (rooms.includes(ORDERS_ROOM)) {
        // Someone would see a new order: the shop counts as attended (REQUIRE_COUNTER_ONLINE).
        markPresence(true);
        socket.once('disconnect', watchLapse);
      }
      // A socket lives no longer than its access token: it is told why, cut, and reconnects with a fresh one.
      const left = Math.max(0, user.expiresAt - deps.clock.now().getTime());
      const expiry = setTimeout(() => endSocket(socket, 'expired'), Math.min(left, MAX_TIMER_MS));
      socket.once('disconnect', () => clearTimeout(expiry));
    }),
  );

  /** Cuts sockets (on every instance, through the adapter), telling each client why first. */
  const endRoom = (room: string, reason: SessionEndReason) => {
    io.to(room).emit(SOCKET_EVENTS.sessionEnded, { reason });
    io.in(room).disconnectSockets(true);
  };

  const events: LiveEvents = {
    orderAcknowledged: (order) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderAcknowledged, { order });
    },
    sessionEnded: (sessionId) => endRoom(sessionRoom(sessionId), 'ended'),
    accountSessionsEnded: (userId) => endRoom(userRoom(userId), 'ended'),
    orderCreated: async (order) => {
      const emit = () => void io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderNew, order);
      // the shopper's 201 goes out only once the counters on the other instances will hear it: an instance
      // killed between its answer and its publish left the counters elsewhere silent about an order it had taken
      if (redis) await redis.sent(emit);
      else emit();
    },
    // Who paused is for staff: the orders room hears it, every other socket the state without it.
    shopOrdering: (ordering, forShoppers) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.shopOrdering, { ordering });
      io.except(ORDERS_ROOM).emit(SOCKET_EVENTS.shopOrdering, { ordering: forShoppers });
    },
    orderStatusChanged: (order, change) => {
      const owner = ownerOf(order);
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderStatus, { ...change, order });
      // The shopper hears their order as they may see it (their rider's first name, the number only while open).
      if (owner) io.to(userRoom(owner)).except(ORDERS_ROOM).emit(SOCKET_EVENTS.orderStatus, { ...change, order: orderForShopper(order) });
      const rider = assignedRiderOf(order);
      if (rider) io.to(riderRoom(rider)).emit(SOCKET_EVENTS.riderOrders, { orderId: order._id });
    },
    riderOrders: (riderId, orderId) => {
      io.to(riderRoom(riderId)).emit(SOCKET_EVENTS.riderOrders, { orderId });
    },
    orderRevised: (order) => {
      const owner = ownerOf(order);
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderRevised, { order });
      if (owner) io.to(userRoom(owner)).except(ORDERS_ROOM).emit(SOCKET_EVENTS.orderRevised, { order: orderForShopper(order) });
      const rider = assignedRiderOf(order);
      if (rider) io.to(riderRoom(rider)).emit(SOCKET_EVENTS.riderOrders, { orderId: order._id });
    },
    stockOut: (productIds) => {
      io.emit(SOCKET_EVENTS.stockOut, { productIds });
    },
    orderReturned: (payload) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderReturned, payload);
    },
    orderCashFlagged: (orderId) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.orderCashFlagged, { orderId });
    },
    // Everyone in the orders room may assign riders and handle their cash (staff, admins); ids only, the screens read again.
    riderShift: (payload) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.riderShift, payload);
    },
    cashHandedIn: (payload) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.cashHandIn, payload);
    },
    // ids and a state only: the Problems page reads the reports again, which needs credit.manage
    problemChanged: (payload) => {
      io.to(ORDERS_ROOM).emit(SOCKET_EVENTS.problemChanged, payload);
    },
  };

  return {
    io,
    events,
    redisState: () => redis?.state() ?? 'off',
    close: async () => {
      clearInterval(presence);
      if (lapse) clearTimeout(lapse);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis?.close();
    },
  };
}
