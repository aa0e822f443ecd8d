// Attacks on the live connection (issue 30, items 1 and 2), over real sockets to a real server: a handshake that
// once ended the process (a malformed cookie), hostile handshakes and events generated with fixed seeds, each
// followed by a health check; and a connection recovered after a short drop, which must come back with the rooms
// its user may have now, not the ones it had.
import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@kade/shared';
import { cookieValue, tokenOf } from '../src/modules/realtime/socket';
import { createAccount, DB_KINDS, insertProduct, OPEN_NOW, quickAccount, rawRequest, startTestServer, type TestServer } from './helpers';
import { arrives, connected, drop, next, placeOrder, recoverable } from './socket-helpers';

const SEED = 20261128;

/** Every promise rejection nothing caught while a test ran: one is a process the server's users would lose. */
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => void unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', recordUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', recordUnhandled);
});

/** A socket with the given transport, headers and auth payload, which never reconnects by itself. */
function raw(url: string, options: { transport?: 'websocket' | 'polling'; headers?: Record<string, string>; auth?: Record<string, unknown>; query?: Record<string, string> } = {}): Socket {
  return connect(url, {
    transports: [options.transport ?? 'websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: options.headers ?? {},
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.query ? { query: options.query } : {}),
  });
}

/** How a handshake ended: connected, or refused with its message. */
async function outcome(socket: Socket): Promise<string> {
  try {
    await connected(socket, 10_000);
    return 'connected';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    socket.close();
  }
}

async function healthy(server: TestServer): Promise<void> {
  const res = await server.api<{ data: { database: string } }>('GET', '/api/health');
  expect(res.status).toBe(200);
}

describe('reading a handshake never throws', () => {
  it('treats a cookie whose %-escapes do not decode as no cookie', () => {
    for (const header of ['accessToken=%', 'accessToken=%E0%A4%A', 'a=1; accessToken=%zz; b=2', 'accessToken=%c0%af']) {
      expect(cookieValue(header, 'accessToken'), header).toBeUndefined();
    }
    expect(cookieValue('a=%; accessToken=x%2Ey', 'accessToken')).toBe('x.y');
    expect(cookieValue(undefined, 'accessToken')).toBeUndefined();
    expect(cookieValue(['accessToken=x'], 'accessToken')).toBeUndefined();
  });

  it('takes a token only from a string, whatever the handshake holds', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.anything(), (auth, authorization, cookie) => {
        const token = tokenOf({ auth, headers: { authorization, cookie } });
        expect(token === undefined || typeof token === 'string').toBe(true);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe.each(DB_KINDS)('hostile handshakes and events on %s', (kind) => {
  let server: TestServer;
  let shopper: Awaited<ReturnType<typeof quickAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    shopper = await quickAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(['websocket', 'polling'] as const)('refuses a malformed access cookie over %s and keeps serving', async (transport) => {
    for (const cookie of ['accessToken=%', 'accessToken=%E0%A4%A', `accessToken=%; refreshToken=%`]) {
      expect(await outcome(raw(server.url, { transport, headers: { Cookie: cookie } }))).toMatch(/UNAUTHORIZED/);
      await healthy(server);
    }
    // a malformed cookie beside a good one in the auth payload does not stand in the way
    expect(await outcome(raw(server.url, { transport, headers: { Cookie: 'accessToken=%' }, auth: { token: shopper.accessToken } }))).toBe('connected');
    expect(unhandled).toEqual([]);
  });

  it('answers generated cookies, auth payloads and query strings with a refusal or a connection, never a stop', async () => {
    // what an HTTP client can put in a header (control characters other than tab never leave it: Node refuses them)
    const cookieText = fc.stringMatching(/^[%A-Za-z0-9=;.\- \t\u00e9]{0,40}$/);
    const samples = fc.sample(
      fc.record({
        cookie: fc.oneof(cookieText.map((v) => `accessToken=${v}`), cookieText),
        auth: fc.dictionary(fc.constantFrom('token', 'pid', 'offset', '__proto__', 'constructor', 'x'), fc.anything(), { maxKeys: 3 }),
        query: fc.dictionary(fc.constantFrom('EIO', 'transport', 'sid', 'x', 't'), fc.string({ maxLength: 20 }), { maxKeys: 2 }),
        transport: fc.constantFrom('websocket' as const, 'polling' as const),
      }),
      { seed: SEED, numRuns: 40 },
    );
    for (const sample of samples) {
      const result = await outcome(raw(server.url, { transport: sample.transport, headers: { Cookie: sample.cookie }, auth: sample.auth, query: sample.query }));
      expect(result, JSON.stringify(sample)).not.toBe('connected');
    }
    await healthy(server);
    expect(unhandled).toEqual([]);
  });

  it('answers raw Engine.IO and Socket.IO packets with odd bodies without stopping', async () => {
    const bodies = ['40', '40null', '40"text"', '40[1,2]', '40{"token":{"a":1}}', '40{"pid":{},"offset":[]}', '40{', '4', '41', '42["order:new",{}]', '\u0000', '4'.repeat(5000)];
    for (const body of bodies) {
      const open = await rawRequest(server, { method: 'GET', path: '/socket.io/?EIO=4&transport=polling', headers: { Cookie: 'accessToken=%' } });
      expect(open.status).toBe(200);
      const sid = /"sid":"([^"]+)"/.exec(open.text)?.[1];
      expect(sid).toBeTruthy();
      const sent = await rawRequest(server, { method: 'POST', path: `/socket.io/?EIO=4&transport=polling&sid=${sid}`, headers: { 'content-type': 'text/plain;charset=UTF-8', Cookie: 'accessToken=%' }, body });
      expect(sent.status, body).toBeLessThan(500);
      if (sent.status === 200) {
        // the answer to the connect packet: a refusal naming why, never a connection without a token
        const answer = await rawRequest(server, { method: 'GET', path: `/socket.io/?EIO=4&transport=polling&sid=${sid}`, headers: { Cookie: 'accessToken=%' } });
        expect(answer.text).not.toMatch(/^40\{"sid"/);
      }
      await healthy(server);
    }
    for (const path of ['/socket.io/?EIO=4&transport=polling&%', '/socket.io/?EIO=%&transport=%zz', '/socket.io/?EIO=4&transport=websocket', '/socket.io/?EIO=3&transport=polling&sid=%00']) {
      const res = await rawRequest(server, { method: 'GET', path, headers: { Cookie: 'accessToken=%' } });
      expect(res.status, path).toBeLessThan(500);
    }
    await healthy(server);
    expect(unhandled).toEqual([]);
  });

  it('refuses every event a signed-in client sends, to that socket alone, and cuts a client that keeps sending', async () => {
    const sender = raw(server.url, { auth: { token: shopper.accessToken } });
    const bystander = raw(server.url, { auth: { token: (await quickAccount(server)).accessToken } });
    await Promise.all([connected(sender), connected(bystander)]);
    const errors: Array<{ code: string; message: string }> = [];
    sender.on(SOCKET_EVENTS.socketError, (payload: { code: string; message: string }) => errors.push(payload));
    const bystanderHeard = arrives(bystander, SOCKET_EVENTS.socketError, 1500);
    const cut = new Promise<string>((resolve) => sender.once('disconnect', resolve));
    const payloads = fc.sample(fc.anything(), { seed: SEED, numRuns: 4 });
    const names = [...Object.values(SOCKET_EVENTS), 'error', '__proto__', 'x'.repeat(1000)];
    for (const name of names) for (const payload of payloads) sender.emit(name, payload);
    expect(await cut).toBe('io server disconnect');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ code: 'EVENT_UNKNOWN' });
    expect(await bystanderHeard).toBe(false);
    expect(bystander.connected).toBe(true);
    bystander.close();
    await healthy(server);
    expect(unhandled).toEqual([]);
  });
});

describe.each(DB_KINDS)('a connection recovered after a short drop on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof quickAccount>>;
  let product: string;
  const sockets: Socket[] = [];
  const track = (s: Socket) => (sockets.push(s), s);

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    admin = await quickAccount(server, { role: 'ADMIN' });
    product = await insertProduct(server, { name: 'Red Rice 1kg', price: 320, stock: 10_000 });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  /** A clerk's socket that heard one new order (an event with an offset, so it can ask for what it missed), then lost its network. */
  async function clerkOffline() {
    const clerk = await createAccount(server, { role: 'STAFF' });
    const socket = track(recoverable(server.url, clerk.accessToken));
    await connected(socket);
    const first = next(socket, SOCKET_EVENTS.orderNew);
    await placeOrder(server, product);
    await first;
    await drop(server, socket);
    return { clerk, socket };
  }

  it('recovers a staff member demoted while offline without the order feed', async () => {
    const { clerk, socket } = await clerkOffline();

    const demoted = await server.api('PUT', '/api/users/update-role', { _id: clerk.id, role: 'USER' }, admin.auth);
    expect(demoted.status).toBe(200);
    const missed = await placeOrder(server, product); // sent to the order feed while the clerk was away

    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.orderNew, (order: { _id: string }) => heard.push(order._id));
    socket.connect();
    await connected(socket);
    expect(socket.recovered).toBe(true); // the recovery path itself, not a fresh connection
    const later = arrives(socket, SOCKET_EVENTS.orderNew, 1500);
    await placeOrder(server, product);
    expect(await later).toBe(false);
    expect(heard).not.toContain(missed.order._id);
    expect(heard).toEqual([]);
  });

  it('still gives a recovered staff member the order feed', async () => {
    const { socket } = await clerkOffline();
    socket.connect();
    await connected(socket);
    expect(socket.recovered).toBe(true);
    const later = next<{ _id: string }>(socket, SOCKET_EVENTS.orderNew);
    const { order } = await placeOrder(server, product);
    expect((await later)._id).toBe(order._id);
  });

  it('cuts a recovered socket whose session ended while it was away', async () => {
    const { clerk, socket } = await clerkOffline();
    const out = await server.api('GET', '/api/user/logout', undefined, { authorization: `Bearer ${clerk.accessToken}` });
    expect(out.status).toBe(200);
    const heard: string[] = [];
    socket.on(SOCKET_EVENTS.orderNew, (order: { _id: string }) => heard.push(order._id));
    await placeOrder(server, product);
    socket.connect();
    await expect(connected(socket)).rejects.toThrow(/UNAUTHORIZED/);
    expect(heard).toEqual([]);
  });
});
