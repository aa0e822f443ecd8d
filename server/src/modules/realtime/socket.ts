import type http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Knex } from 'knex';
import { SOCKET_EVENTS } from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { ACCESS_COOKIE } from '../../http/auth';
import { verifyAccessToken } from '../users/tokens';
import type { OrderEvents } from './events';

/** The rooms: every admin (and counter) in one, each shopper in their own. */
export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: string) => `user:${userId}`;

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

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

function tokenOf(socket: Socket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  const bearer = header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
  return bearer ?? cookieValue(socket.handshake.headers.cookie, ACCESS_COOKIE);
}

function ownerOf(order: { userId: unknown }): string | undefined {
  const owner = order.userId;
  if (typeof owner === 'string') return owner;
  if (owner && typeof owner === 'object' && typeof (owner as { _id?: unknown })._id === 'string') return (owner as { _id: string })._id;
  return undefined;
}

/** Whether live events reach the other server instances: `off` without REDIS_URL. */
export type RedisState = 'off' | 'up' | 'down';

export interface Realtime {
  io: Server;
  events: OrderEvents;
  redisState(): RedisState;
  close(): Promise<void>;
}

const REDIS_FIRST_CONNECT_MS = 5000;

/**
 * The adapter calls publish and (un)subscribe without waiting for the answer: a call cut short by a lost
 * connection is logged here, not left as an unhandled rejection that would stop the process.
 */
function catchingRejections<T extends object>(client: T, methods: readonly string[], logger: Logger): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = (value as (...args: unknown[]) => unknown).bind(target);
      if (typeof property !== 'string' || !methods.includes(property)) return method;
      return (...args: unknown[]) =>
        Promise.resolve(method(...args)).catch((error: unknown) => {
          logger.debug({ err: error, call: property }, 'redis call failed');
          return undefined;
        });
    },
  });
}

/**
 * The Redis adapter, on two clients that reconnect by themselves. A Redis that is down (at start or later)
 * never stops the shop: this instance keeps serving and its own sockets keep their events; the other
 * instances' events resume when Redis answers again (node-redis subscribes again on reconnect).
 */
async function connectRedisAdapter(io: Server, config: Config, logger: Logger) {
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
  const safePub = catchingRejections(pub, ['publish'], logger);
  const safeSub = catchingRejections(sub, ['pSubscribe', 'subscribe', 'pUnsubscribe', 'unsubscribe'], logger);
  // The adapter's types lag redis 6's client type; the runtime API is the one it uses.
  type AdapterClient = Parameters<typeof createAdapter>[0];
  io.adapter(createAdapter(safePub as unknown as AdapterClient, safeSub as unknown as AdapterClient, { key: `${config.redisPrefix}:socket.io` }));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([connected.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, REDIS_FIRST_CONNECT_MS)))]);
  clearTimeout(timer);
  if (!isUp()) logger.warn({ url: config.redisUrl }, 'redis is not answering: serving without it, live events stay on this instance until it does');
  return {
    state: (): RedisState => (isUp() ? 'up' : 'down'),
    close: () => Promise.all([pub, sub].map((c) => closeClient(c))).then(() => undefined),
  };
}

/**
 * Socket.IO on the server's own port, authenticated by the access token in the handshake (auth.token, the
 * bearer header or the cookie). Admins join `admins`, each user `user:<id>`. Missed events are recovered for
 * short drops; clients always catch up through the order list with `since` as well. With REDIS_URL set the
 * Redis adapter carries events across server instances.
 */
export async function attachRealtime(
  server: http.Server,
  deps: { db: Knex; config: Config; clock: Clock; logger: Logger },
): Promise<Realtime> {
  const io = new Server(server, {
    serveClient: false,
    cors: deps.config.corsOrigins.length > 0 ? { origin: deps.config.corsOrigins, credentials: true } : undefined,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });

  const redis = deps.config.redisUrl ? await connectRedisAdapter(io, deps.config, deps.logger) : undefined;

  io.use(async (socket, next) => {
    const token = tokenOf(socket);
    if (!token) return next(new Error('UNAUTHORIZED: log in to receive live updates'));
    try {
      const claims = verifyAccessToken(deps.config.jwtSecret, token, deps.clock);
      const user = await deps.db('users').where({ id: claims.sub }).first('id', 'role', 'status');
      if (!user || user.status !== 'Active') return next(new Error('UNAUTHORIZED: this account cannot receive live updates'));
      socket.data.user = { id: user.id as string, role: user.role as 'USER' | 'ADMIN' };
      return next();
    } catch (error) {
      return next(new Error(`UNAUTHORIZED: ${error instanceof Error ? error.message : 'invalid token'}`));
    }
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as { id: string; role: 'USER' | 'ADMIN' };
    void socket.join(userRoom(user.id));
    if (user.role === 'ADMIN') void socket.join(ADMINS_ROOM);
  });

  const events: OrderEvents = {
    orderCreated: (order) => {
      io.to(ADMINS_ROOM).emit(SOCKET_EVENTS.orderNew, order);
    },
    orderStatusChanged: (order, change) => {
      const owner = ownerOf(order);
      const target = owner ? io.to(ADMINS_ROOM).to(userRoom(owner)) : io.to(ADMINS_ROOM);
      target.emit(SOCKET_EVENTS.orderStatus, { ...change, order });
    },
  };

  return {
    io,
    events,
    redisState: () => redis?.state() ?? 'off',
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await redis?.close();
    },
  };
}
