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

export interface Realtime {
  io: Server;
  events: OrderEvents;
  close(): Promise<void>;
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

  const redisClients: Array<{ quit(): Promise<unknown> }> = [];
  if (deps.config.redisUrl) {
    const pub = createClient({ url: deps.config.redisUrl });
    const sub = pub.duplicate();
    for (const client of [pub, sub]) client.on('error', (error: unknown) => deps.logger.warn({ err: error }, 'redis connection problem'));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter's types lag redis 6's client type; the runtime API is the one it uses.
    type AdapterClient = Parameters<typeof createAdapter>[0];
    io.adapter(createAdapter(pub as unknown as AdapterClient, sub as unknown as AdapterClient, { key: `${deps.config.redisPrefix}:socket.io` }));
    redisClients.push(pub, sub);
  }

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
    close: async () => {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
