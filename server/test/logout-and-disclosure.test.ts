// What another site or a stranger can do or learn (issue 30, items 7 and 8), over real HTTP and real sockets: a
// cross-site navigation cannot log a shopper out; check-email-verification answers a number without an account as it
// answers an unverified one, and is limited per number across addresses; and the store's pause notice names the
// staff member who paused to staff only (the API, the pages, the live event).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_ELEMENT_ID, mobileToLoginEmail, SOCKET_EVENTS, type BootWire, type OrderingState } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { createAccount, DB_KINDS, OPEN_NOW, quickAccount, startTestServer, uniqueMobile, type TestServer } from './helpers';
import { connected, next, open } from './socket-helpers';

type Body = { success: boolean; code?: string; message: string; verified?: boolean; data: unknown };
type Config = { data: { ordering: OrderingState } };

describe.each(DB_KINDS)('what other sites and strangers can do or learn, on %s', (kind) => {
  let server: TestServer;
  let dist: string;
  const clock = fixedClock(new Date());
  const sockets: Socket[] = [];
  let nextAddress = 1;
  const from = (address = `198.51.100.${nextAddress++}`) => ({ 'x-forwarded-for': address });

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'kade-disclosure-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Kade</title></head><body><div id="root"></div></body></html>');
    server = await startTestServer(kind, {
      clock,
      env: { TRUST_PROXY: 'true', WEB_DIST_DIR: dist, RATE_LIMITS: 'verification.number=3/900,verification.address=4/900', ...OPEN_NOW },
    });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  describe('another site cannot log a shopper out', () => {
    /** A shopper signed in by cookie, as a browser is, and whether that session still works. */
    async function signedIn() {
      const owner = await createAccount(server);
      const res = await server.api('POST', '/api/user/login', { mobile: owner.mobile, password: owner.password }, from());
      const cookie = res.headers
        .getSetCookie()
        .filter((c) => c.startsWith('accessToken=') || c.startsWith('refreshToken='))
        .map((c) => c.split(';')[0])
        .join('; ');
      const works = async () => (await server.api('GET', '/api/user/user-details', undefined, { cookie })).status;
      return { cookie, works };
    }

    it('refuses GET /api/user/logout with 403 CROSS_SITE on a navigation from another site, and the session goes on', async () => {
      const shopper = await signedIn();
      const res = await server.api<Body>('GET', '/api/user/logout', undefined, { cookie: shopper.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false, code: 'CROSS_SITE' });
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await shopper.works()).toBe(200);
    });

    it.each([['same-origin'], ['same-site'], ['none'], [undefined]])('logs out when Sec-Fetch-Site is %s', async (site) => {
      const shopper = await signedIn();
      expect(await shopper.works()).toBe(200);
      const res = await server.api<Body>('GET', '/api/user/logout', undefined, { cookie: shopper.cookie, ...(site ? { 'sec-fetch-site': site } : {}) });
      expect(res.status).toBe(200);
      expect(await shopper.works()).toBe(401);
    });
  });

  describe('check-email-verification tells nobody who has an account', () => {
    const ask = (mobile: string, headers: Record<string, string> = from()) =>
      server.api<Body>('POST', '/api/user/check-email-verification', { email: mobileToLoginEmail(mobile, server.config.login) }, headers);

    it('answers a number without an account exactly as it answers an unverified one', async () => {
      const unverified = await createAccount(server);
      const known = await ask(unverified.mobile);
      const unknown = await ask(uniqueMobile());
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      expect(known.body).toMatchObject({ verified: false, data: { verified: false } });
      // a verified number is still told apart: that is the question's purpose
      await server.db.knex('users').where({ id: unverified.id }).update({ verify_email: true });
      expect((await ask(unverified.mobile)).body).toMatchObject({ verified: true, data: { verified: true } });
    });

    it('limits the questions about one number across addresses, known or not, and counts an IPv6 /64 as one address', async () => {
      for (const mobile of [(await createAccount(server)).mobile, uniqueMobile()]) {
        // verification.number=3/900: three questions from three addresses, the fourth from a fresh one is refused
        for (let i = 0; i < 3; i++) expect((await ask(mobile)).status).toBe(200);
        const fourth = await ask(mobile);
        expect(fourth.status).toBe(429);
        expect(fourth.body.code).toBe('RATE_LIMITED');
      }
      const fresh = from();
      expect((await ask(uniqueMobile(), fresh)).status).toBe(200); // another number from that address is answered
      // verification.address=4/900: four questions from one /64, about four numbers; the fifth is refused
      const statuses = [];
      for (const host of ['1', '2', 'a:b:c:d', '8000:0:0:1', 'ffff:ffff:ffff:ffff']) {
        statuses.push((await ask(uniqueMobile(), from(`2001:db8:30:8:${host.includes(':') ? host : `0:0:0:${host}`}`))).status);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      clock.advance(901_000); // the windows end on the server's clock
      expect((await ask(uniqueMobile(), from('2001:db8:30:8::77'))).status).toBe(200);
    });
  });

  describe('the pause notice names who paused to staff only', () => {
    const ordering = async (headers?: Record<string, string>) => {
      const res = await server.api<Config>('GET', '/api/shop/config', undefined, headers);
      expect(res.status).toBe(200);
      return res.body.data.ordering;
    };
    const bootOf = (html: string) => {
      const match = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">([^<]*)</script>`).exec(html);
      return match ? (JSON.parse(match[1] as string) as BootWire) : undefined;
    };

    it('answers the name in /api/shop/config to staff and admins, and to shoppers, riders, anonymous callers and the pages no name', async () => {
      const clerk = await quickAccount(server, { role: 'STAFF', name: 'Nimal Pausing-Clerk' });
      const admin = await quickAccount(server, { role: 'ADMIN', name: 'Owner Admin' });
      const shopper = await quickAccount(server);
      const rider = await quickAccount(server, { role: 'RIDER' });
      const paused = await server.api<{ data: OrderingState }>('PUT', '/api/shop/pause', { scope: 'all', minutes: null }, clerk.auth);
      expect(paused.status).toBe(200);
      expect(paused.body.data.pause?.by).toBe('Nimal Pausing-Clerk');
      try {
        expect((await ordering(clerk.auth)).pause).toMatchObject({ scope: 'all', by: 'Nimal Pausing-Clerk' });
        expect((await ordering(admin.auth)).pause?.by).toBe('Nimal Pausing-Clerk');
        for (const headers of [undefined, shopper.auth, rider.auth, { authorization: 'Bearer not.a.token' }]) {
          const state = await ordering(headers);
          expect(state.pause).toEqual({ scope: 'all', until: null, by: null });
          expect(state.reason?.code).toBe('STORE_PAUSED');
          expect(JSON.stringify(state)).not.toContain('Pausing-Clerk');
        }
        const page = await (await fetch(`${server.url}/`)).text();
        expect(bootOf(page)?.config?.ordering.pause).toEqual({ scope: 'all', until: null, by: null });
        expect(page).not.toContain('Pausing-Clerk');
      } finally {
        await server.api('PUT', '/api/shop/resume', undefined, clerk.auth);
      }
    });

    it('sends shop:ordering with the name to the orders room and without it to every other socket', async () => {
      const clerk = await quickAccount(server, { role: 'STAFF', name: 'Kamala Socket-Clerk' });
      const shopper = await quickAccount(server);
      const rider = await quickAccount(server, { role: 'RIDER' });
      const [staffSocket, shopperSocket, riderSocket] = [clerk, shopper, rider].map((who) => open(server.url, who.accessToken));
      sockets.push(staffSocket!, shopperSocket!, riderSocket!);
      await Promise.all([staffSocket!, shopperSocket!, riderSocket!].map((s) => connected(s)));
      const raw = (socket: Socket) =>
        new Promise<string>((resolve) => {
          socket.once(SOCKET_EVENTS.shopOrdering, (payload: unknown) => resolve(JSON.stringify(payload)));
        });
      const heardByStaff = next<{ ordering: OrderingState }>(staffSocket!, SOCKET_EVENTS.shopOrdering);
      const heardByShopper = raw(shopperSocket!);
      const heardByRider = raw(riderSocket!);
      expect((await server.api('PUT', '/api/shop/pause', { scope: 'fastest', minutes: null }, clerk.auth)).status).toBe(200);
      try {
        expect((await heardByStaff).ordering.pause).toMatchObject({ scope: 'fastest', by: 'Kamala Socket-Clerk' });
        for (const heard of [await heardByShopper, await heardByRider]) {
          const { ordering: state } = JSON.parse(heard) as { ordering: OrderingState };
          expect(state.pause).toEqual({ scope: 'fastest', until: null, by: null });
          expect(heard).not.toContain('Socket-Clerk');
        }
      } finally {
        await server.api('PUT', '/api/shop/resume', undefined, clerk.auth);
      }
    });
  });
});
