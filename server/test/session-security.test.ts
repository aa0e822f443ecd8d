// The attacks of the penetration test on sessions and accounts, performed over real HTTP and real sockets:
// taking an account by polling reset-password, a session that outlives its logout, two tabs refreshing at once,
// strangers locking the owner out, registration floods, and sockets opened from another site.
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { createAccount, DB_KINDS, startTestServer, uniqueMobile, type TestServer } from './helpers';
import { connected, EVENT_WAIT_MS, open } from './socket-helpers';

type Body = { success: boolean; code?: string; field?: string; message: string; data: never };

/** The reason the socket was cut, and what the server said first. */
function cut(socket: Socket, ms = EVENT_WAIT_MS): Promise<{ reason: string; said: unknown }> {
  let said: unknown;
  socket.on(SOCKET_EVENTS.sessionEnded, (payload: unknown) => {
    said = payload;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve({ reason, said });
    });
  });
}

describe.each(DB_KINDS)('sessions and accounts under attack, on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  const sockets: Socket[] = [];
  let nextAddress = 1;
  /** A caller at an address of its own (the server trusts X-Forwarded-For here, as behind the proxy). */
  const from = (address = `198.51.100.${nextAddress++}`) => ({ 'x-forwarded-for': address });
  const api = <T = Body>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api<T>(method, path, body, headers);
  const socket = (token: string, headers?: Record<string, string>) => {
    const s = open(server.url, token, headers);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: 'true', RATE_LIMITS: 'login.number=6/3600,register.address=3/3600,reset.address=4/900', CORS_ORIGINS: 'https://partner.example.lk' },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  });

  async function codeFor(mobile: string, headers = from()): Promise<string> {
    await api('PUT', '/api/user/forgot-password', { mobile }, headers);
    const row = await server.db.knex('password_reset_codes as c').join('users as u', 'u.id', 'c.user_id').where('u.mobile', mobile).whereNull('c.used_at').orderBy('c.created_at', 'desc').first('c.code');
    return (row as { code: string }).code;
  }

  describe('a password reset belongs to whoever verified the code', () => {
    it('gives nothing to an attacker polling reset-password with the number while the owner verifies', async () => {
      const owner = await createAccount(server, { role: 'ADMIN' });
      const attacker = from();
      const poll = () => api('PUT', '/api/user/reset-password', { mobile: owner.mobile, newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' }, attacker);
      expect((await poll()).status).toBe(400);
      const code = await codeFor(owner.mobile);
      const verified = await api<{ data: { resetToken: string } }>('PUT', '/api/user/verify-forgot-password-otp', { mobile: owner.mobile, otp: code }, from());
      expect(verified.status).toBe(200);
      // the moment the owner has verified, the attacker polls again: still nothing
      const polled = await poll();
      expect(polled.status).toBe(400);
      expect(polled.body).toMatchObject({ code: 'RESET_TOKEN_MISSING', field: 'resetToken' });
      // a made-up token, or the owner's number with someone else's guess, is no better
      const guessed = await api('PUT', '/api/user/reset-password', { mobile: owner.mobile, resetToken: 'A'.repeat(43), newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' }, attacker);
      expect(guessed.status).toBe(400);
      expect(guessed.body.code).toBe('RESET_TOKEN_INVALID');
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: 'taken-over-1' }, from())).status).toBe(401);
      // the owner, with the token, sets the password
      const reset = await api('PUT', '/api/user/reset-password', { resetToken: verified.body.data.resetToken, newPassword: 'owners-own-2', confirmPassword: 'owners-own-2' }, from());
      expect(reset.status).toBe(200);
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: 'owners-own-2' }, from())).status).toBe(200);
    });

    it('takes the token from the httpOnly cookie the verification set', async () => {
      const owner = await createAccount(server);
      const code = await codeFor(owner.mobile);
      const verified = await api('PUT', '/api/user/verify-forgot-password-otp', { mobile: owner.mobile, otp: code }, from());
      const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('resetToken='))!.split(';')[0]!;
      const reset = await api('PUT', '/api/user/reset-password', { mobile: owner.mobile, newPassword: 'from-cookie-3', confirmPassword: 'from-cookie-3' }, { ...from(), cookie });
      expect(reset.status).toBe(200);
      expect(reset.headers.getSetCookie().some((c) => /^resetToken=;/.test(c))).toBe(true);
    });

    it('refuses a token used for another number, an expired token, and a second use', async () => {
      const owner = await createAccount(server);
      const other = await createAccount(server);
      const verify = async () =>
        (await api<{ data: { resetToken: string } }>('PUT', '/api/user/verify-forgot-password-otp', { mobile: owner.mobile, otp: await codeFor(owner.mobile) }, from())).body.data.resetToken;
      const body = (resetToken: string, extra: Record<string, string> = {}) => ({ resetToken, newPassword: 'next-password-4', confirmPassword: 'next-password-4', ...extra });
      const token = await verify();
      const elsewhere = await api('PUT', '/api/user/reset-password', body(token, { mobile: other.mobile }), from());
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.body.code).toBe('RESET_TOKEN_INVALID');
      clock.advance(10 * 60_000 + 1000);
      try {
        const late = await api('PUT', '/api/user/reset-password', body(token), from());
        expect(late.status).toBe(400);
        expect(late.body.code).toBe('RESET_TOKEN_INVALID');
      } finally {
        clock.advance(-(10 * 60_000 + 1000));
      }
      const fresh = await verify();
      expect((await api('PUT', '/api/user/reset-password', body(fresh), from())).status).toBe(200);
      expect((await api('PUT', '/api/user/reset-password', body(fresh), from())).status).toBe(400);
      // the other account was never touched
      expect((await api('POST', '/api/user/login', { mobile: other.mobile, password: other.password }, from())).status).toBe(200);
    });

    it('limits reset-password per address', async () => {
      const attacker = from();
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        codes.push((await api('PUT', '/api/user/reset-password', { resetToken: `guess-${i}-${'x'.repeat(30)}`, newPassword: 'whatever-55', confirmPassword: 'whatever-55' }, attacker)).status);
      }
      expect(codes).toEqual([400, 400, 400, 400, 429]);
    });

    it('ends every session of the account at once: its access tokens, refresh tokens and sockets', async () => {
      const owner = await createAccount(server);
      const otherDevice = await createAccount(server, { mobile: uniqueMobile() }); // an unrelated account stays on
      const login = await api<{ data: { accesstoken: string } }>('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, from());
      const live = socket(owner.accessToken);
      const bystander = socket(otherDevice.accessToken);
      await Promise.all([connected(live), connected(bystander)]);
      const ended = cut(live);
      const code = await codeFor(owner.mobile);
      const { resetToken } = (await api<{ data: { resetToken: string } }>('PUT', '/api/user/verify-forgot-password-otp', { mobile: owner.mobile, otp: code }, from())).body.data;
      expect((await api('PUT', '/api/user/reset-password', { resetToken, newPassword: 'brand-new-66', confirmPassword: 'brand-new-66' }, from())).status).toBe(200);
      expect((await ended).reason).toBe('io server disconnect');
      for (const token of [owner.accessToken, login.body.data.accesstoken]) {
        const res = await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${token}` });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('SESSION_ENDED');
      }
      expect((await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${owner.refreshToken}` })).status).toBe(401);
      await expect(connected(socket(owner.accessToken))).rejects.toThrow(/UNAUTHORIZED/);
      expect(bystander.connected).toBe(true);
    });
  });

  describe('a session that ends, ends everywhere at once', () => {
    it('refuses the access token the moment its session logs out, and cuts its socket, while another session of the same account goes on', async () => {
      const shopper = await createAccount(server);
      const phone = await api<{ data: { accesstoken: string } }>('POST', '/api/user/login', { mobile: shopper.mobile, password: shopper.password }, from());
      const laptop = socket(shopper.accessToken);
      const onPhone = socket(phone.body.data.accesstoken);
      await Promise.all([connected(laptop), connected(onPhone)]);
      const ended = cut(laptop);
      expect((await api('GET', '/api/user/logout', undefined, shopper.auth)).status).toBe(200);
      expect(await ended).toMatchObject({ reason: 'io server disconnect' });
      const after = await api('GET', '/api/user/user-details', undefined, shopper.auth);
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('SESSION_ENDED');
      expect((await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${phone.body.data.accesstoken}` })).status).toBe(200);
      expect(onPhone.connected).toBe(true);
    });

    it('refuses the access tokens of a session revoked for reusing a refresh token', async () => {
      const shopper = await createAccount(server);
      const rotated = await api<{ data: { accessToken: string; refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
      expect(rotated.status).toBe(200);
      const live = socket(rotated.body.data.accessToken);
      await connected(live);
      const ended = cut(live);
      clock.advance(11_000);
      try {
        const stolen = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
        expect(stolen.body.code).toBe('REFRESH_REUSED');
      } finally {
        clock.advance(-11_000);
      }
      await ended;
      for (const token of [shopper.accessToken, rotated.body.data.accessToken]) {
        expect((await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${token}` })).status).toBe(401);
      }
    });

    it('cuts a staff member\'s order feed when the account is disabled, and when it is demoted', async () => {
      const boss = await createAccount(server, { role: 'ADMIN' });
      for (const change of [{ status: 'Disabled' }, { role: 'USER' }] as const) {
        const staff = await createAccount(server, { role: 'ADMIN' });
        const feed = socket(staff.accessToken);
        await connected(feed);
        const ended = cut(feed);
        const path = 'status' in change ? '/api/users/update-status' : '/api/users/update-role';
        expect((await api('PUT', path, { _id: staff.id, ...change }, boss.auth)).status).toBe(200);
        expect((await ended).reason).toBe('io server disconnect');
        if ('role' in change) {
          // a demoted member may reconnect, but as a shopper: the admins' room is not theirs any more
          const again = socket(staff.accessToken);
          await connected(again);
          const rooms = await server.realtime.io.in('orders').fetchSockets();
          expect(rooms.map((s) => s.id)).not.toContain(again.id);
        } else {
          await expect(connected(socket(staff.accessToken))).rejects.toThrow(/UNAUTHORIZED/);
          expect((await api('GET', '/api/user/user-details', undefined, staff.auth)).status).toBe(401);
        }
      }
    });

    it('cuts a socket when its access token expires, telling the client to come back with a fresh one', async () => {
      const shopper = await createAccount(server);
      // 15 minutes less about a second after the token was signed: the socket has at most a second left
      clock.advance(15 * 60_000 - 1000);
      try {
        const live = socket(shopper.accessToken);
        await connected(live);
        const ended = await cut(live);
        expect(ended).toEqual({ reason: 'io server disconnect', said: { reason: 'expired' } });
      } finally {
        clock.advance(-(15 * 60_000 - 1000));
      }
      // with a fresh token it connects again
      const renewed = await api<{ data: { accessToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
      await connected(socket(renewed.body.data.accessToken));
    });
  });

  describe('two tabs refreshing at once stay logged in', () => {
    it('answers the same rotated pair to simultaneous refreshes with one token, and both keep working', async () => {
      const shopper = await createAccount(server);
      const both = await Promise.all(
        [1, 2].map(() => api<{ data: { accessToken: string; refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` })),
      );
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      expect(both[0]!.body.data).toEqual(both[1]!.body.data);
      const pair = both[0]!.body.data;
      expect((await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${pair.accessToken}` })).status).toBe(200);
      // one new family member, not two: the second answer was the first one's pair
      const rows = await server.db.knex('refresh_tokens').where({ user_id: shopper.id }).count('* as n');
      expect(Number(rows[0]!.n)).toBe(2);
      const onward = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${pair.refreshToken}` });
      expect(onward.status).toBe(200);
    });

    it('still revokes the family when the spent token comes back after the grace window', async () => {
      const shopper = await createAccount(server);
      const first = await api<{ data: { refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
      clock.advance(10_000);
      try {
        // at the edge of the window: the same pair again
        const edge = await api<{ data: { refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
        expect(edge.status).toBe(200);
        expect(edge.body.data.refreshToken).toBe(first.body.data.refreshToken);
        clock.advance(1000);
        const late = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${shopper.refreshToken}` });
        expect(late.status).toBe(401);
        expect(late.body.code).toBe('REFRESH_REUSED');
        expect((await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${first.body.data.refreshToken}` })).status).toBe(401);
      } finally {
        clock.advance(-11_000);
      }
    });
  });

  describe('strangers cannot lock the owner out', () => {
    /** The device cookie of a login on the owner's own phone (login-ceiling.test.ts tests it in full). */
    async function ownersPhone(owner: { mobile: string; password: string }): Promise<Record<string, string>> {
      const res = await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, from());
      return { cookie: res.headers.getSetCookie().find((c) => c.startsWith('kadeDevice='))!.split(';')[0]! };
    }

    it('lets the owner in on their own phone with the right password after eleven wrong ones from eleven addresses', async () => {
      const owner = await createAccount(server, { role: 'ADMIN' });
      const phone = await ownersPhone(owner);
      for (let i = 0; i < 11; i++) {
        const res = await api('POST', '/api/user/login', { mobile: owner.mobile, password: `wrong-${i}-password` }, from());
        expect([401, 429]).toContain(res.status);
      }
      const mine = await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, { ...from('192.0.2.10'), ...phone });
      expect(mine.status).toBe(200);
    });

    it('past the per-number ceiling refuses every address, fresh ones too, but not the owner\'s phone', async () => {
      const owner = await createAccount(server);
      const phone = await ownersPhone(owner);
      const failing = from();
      // the ceiling is 6 failures an hour in this test (login.number=6/3600); the pair limit is the default 10
      for (let i = 0; i < 6; i++) expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: 'not-it-at-all' }, failing)).status).toBe(401);
      const refused = await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, failing);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: 'another-guess' }, from())).status).toBe(429);
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, from())).status).toBe(429);
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, { ...from(), ...phone })).status).toBe(200);
    });

    it('still refuses the eleventh try from one address for one number', async () => {
      const owner = await createAccount(server);
      const one = from();
      for (let i = 0; i < 10; i++) await api('POST', '/api/user/login', { mobile: owner.mobile, password: 'wrong-wrong' }, one);
      expect((await api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, one)).status).toBe(429);
    });
  });

  describe('expensive doors are not unlimited', () => {
    it('limits registrations per address, and answers a taken number without hashing', async () => {
      const one = from();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push((await api('POST', '/api/user/register', { name: 'Flood', mobile: uniqueMobile(), password: 'flooding-1234' }, one)).status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await api('POST', '/api/user/register', { name: 'Someone', mobile: uniqueMobile(), password: 'fine-password-1' }, from())).status).toBe(201);
      const existing = await createAccount(server);
      const taken = await api('POST', '/api/user/register', { name: 'Again', mobile: existing.mobile, password: 'fine-password-1' }, from());
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('MOBILE_TAKEN');
    });
  });

  describe('other sites cannot open a socket with the shopper\'s cookie', () => {
    it.each([
      ['no Origin (the counter app, the print agent)', {}, true],
      ['the shop\'s own origin', 'self', true],
      ['a configured CORS origin', { origin: 'https://partner.example.lk' }, true],
      ['another site', { origin: 'http://evil.example' }, false],
      ['a look-alike of the shop', { origin: 'http://127.0.0.1.evil.example' }, false],
      ['an Origin that is no URL', { origin: 'null' }, false],
    ] as const)('%s: %s', async (_what, headers, allowed) => {
      const shopper = await createAccount(server);
      const cookieOnly = connect(server.url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: `accessToken=${shopper.accessToken}`, ...(headers === 'self' ? { origin: server.url.replace('localhost', '127.0.0.1') } : headers) },
      });
      sockets.push(cookieOnly);
      if (allowed) await expect(connected(cookieOnly)).resolves.toBeUndefined();
      else await expect(connected(cookieOnly)).rejects.toThrow();
    });
  });
});

describe.each(DB_KINDS)('a flood of password hashes waits its turn or is turned away, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // at production's cost: a hash long enough for the others to arrive while it runs
    server = await startTestServer(kind, { env: { TRUST_PROXY: 'true', HASH_CONCURRENCY: '1', HASH_QUEUE: '1', PASSWORD_COST: '17' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('runs one hash at a time with one waiting, answers the rest 503 BUSY with Retry-After, and writes only what it answered 201', async () => {
    const mobiles = Array.from({ length: 6 }, () => uniqueMobile());
    const answers = await Promise.all(
      mobiles.map((mobile, i) => server.api<Body>('POST', '/api/user/register', { name: `Flood ${i}`, mobile, password: 'flooding-1234' }, { 'x-forwarded-for': `203.0.113.${i + 1}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2); // the one running and the one waiting
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    for (const [i, answer] of answers.entries()) {
      const row = await server.db.knex('users').where({ mobile: mobiles[i] }).first('id');
      if (answer.status === 503) {
        expect(answer.body.code).toBe('BUSY');
        expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(row).toBeUndefined();
      } else {
        expect(row).toBeDefined();
      }
    }
  }, 180_000); // a hang guard: two password hashes one after the other, on a machine loaded many times over
});
