// The order benchmark's watcher (started by bench-orders.ts with an IPC channel; loopback only): one process
// that does nothing but listen, so that the load generator's work never delays what it times.
//
// - It LISTENs on PostgreSQL for the commit notices the benchmark's trigger sends (`pg_notify` inside the
//   order's transaction: PostgreSQL delivers a notice only when that transaction commits), and keeps when
//   each arrived: the order's commit instant, as seen from outside the server.
// - It keeps one admin Socket.IO connection (socket.io-client, websocket transport, the access token in the
//   handshake) and keeps when each `order:new` arrived.
// - On request it forces reconnects (closing the transport, as a dropped network would) and after every
//   connect catches up through GET /api/order/order-list?scope=all&since=…, as the counter app does.
// Env: KADE_URL, DATABASE_URL, ADMIN_TOKEN, NOTIFY_CHANNEL. Every loop is bounded.
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { endpointUrl, ENDPOINTS } from '@kade/shared';
import { CATCH_UP_MARGIN_MS, type WatchCommand, type WatchReply } from './bench-watch-protocol';

const PAGE_LIMIT = 50;
const MAX_PAGES = 200;
const CONNECT_TIMEOUT_MS = 5000;

const kadeUrl = process.env.KADE_URL ?? '';
const adminToken = process.env.ADMIN_TOKEN ?? '';
const channel = process.env.NOTIFY_CHANNEL ?? 'kade_bench_commit';

/** Absolute milliseconds with sub-millisecond resolution, comparable across the benchmark's processes. */
const wallNow = () => performance.timeOrigin + performance.now();

const committedAt = new Map<string, number>();
const socketAt = new Map<string, number>();
const caughtUp = new Set<string>();
let newestUpdatedAt = 0;
let catchUps = 0;
let catchUpRequests = 0;

function send(reply: WatchReply): void {
  process.send?.(reply);
}

function noteUpdatedAt(value: unknown): void {
  const time = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isFinite(time) && time > newestUpdatedAt) newestUpdatedAt = time;
}

/** Pages through the orders changed since shortly before the newest one seen; bounded by MAX_PAGES. */
async function catchUp(): Promise<void> {
  catchUps += 1;
  const since = new Date(Math.max(0, newestUpdatedAt - CATCH_UP_MARGIN_MS)).toISOString();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const url = `${kadeUrl}${endpointUrl(ENDPOINTS.orders.list, { query: { scope: 'all', since, limit: PAGE_LIMIT, page } })}`;
    catchUpRequests += 1;
    const response = await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } });
    if (!response.ok) throw new Error(`catch-up answered ${response.status}`);
    const body = (await response.json()) as { data: Array<{ _id: string; updatedAt: string }>; totalPage: number };
    for (const order of body.data) {
      if (!socketAt.has(order._id)) caughtUp.add(order._id);
      noteUpdatedAt(order.updatedAt);
    }
    if (page >= body.totalPage) return;
  }
}

function openSocket(): Socket {
  const socket = connect(kadeUrl, {
    transports: ['websocket'],
    auth: { token: adminToken },
    reconnectionDelay: 10,
    reconnectionDelayMax: 50,
    randomizationFactor: 0,
  });
  socket.on('order:new', (order: { _id: string; updatedAt: string }) => {
    if (!socketAt.has(order._id)) socketAt.set(order._id, wallNow());
    noteUpdatedAt(order.updatedAt);
  });
  return socket;
}

/** Resolves once the socket is connected again (and reports whether the server recovered its session). */
function nextConnect(socket: Socket): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no reconnect within 5 s')), CONNECT_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket.recovered);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Drops the transport `count` times, `intervalMs` apart, waiting for each reconnect and its catch-up. */
async function forceReconnects(socket: Socket, count: number, intervalMs: number): Promise<WatchReply> {
  let done = 0;
  let recovered = 0;
  let timedOut = 0;
  const catchUpsBefore = catchUps;
  const requestsBefore = catchUpRequests;
  for (let i = 0; i < count; i += 1) {
    await sleep(intervalMs);
    const reconnected = nextConnect(socket);
    socket.io.engine.close();
    try {
      if (await reconnected) recovered += 1;
      done += 1;
      await catchUp();
    } catch {
      timedOut += 1;
    }
  }
  return { cmd: 'reconnects', done, recovered, timedOut, catchUps: catchUps - catchUpsBefore, catchUpRequests: catchUpRequests - requestsBefore };
}

async function main(): Promise<void> {
  const listener = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await listener.connect();
  listener.on('notification', (notice) => {
    if (notice.payload && !committedAt.has(notice.payload)) committedAt.set(notice.payload, wallNow());
  });
  await listener.query(`listen ${channel}`);
  const socket = openSocket();
  await nextConnect(socket);

  process.on('message', (message: WatchCommand) => {
    void (async () => {
      try {
        if (message.cmd === 'times') {
          const commitToSocket = message.ids.map((id) => {
            const commit = committedAt.get(id);
            const received = socketAt.get(id);
            return commit === undefined || received === undefined ? null : received - commit;
          });
          send({ cmd: 'times', commitToSocket, socketAt: message.ids.map((id) => socketAt.get(id) ?? null) });
        } else if (message.cmd === 'reconnects') {
          send(await forceReconnects(socket, message.count, message.intervalMs));
        } else if (message.cmd === 'seen') {
          send({ cmd: 'seen', viaSocket: [...socketAt.keys()], viaCatchUpOnly: [...caughtUp].filter((id) => !socketAt.has(id)) });
        } else {
          socket.close();
          await listener.end();
          process.exit(0);
        }
      } catch (error) {
        send({ cmd: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    })();
  });
  send({ cmd: 'ready' });
}

main().catch((error: unknown) => {
  console.error('watcher failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
