// A number's failure ceiling holds across addresses (issue 30, item 4), over real HTTP: once a number has met its
// ceiling of failed logins, a fresh address is refused before its password is checked (the server's count of
// password checks does not move), while a browser holding the signed device cookie of an earlier login to that
// account still logs in; a forged, tampered or borrowed cookie does not, and a device cookie that keeps failing
// loses its standing. Every per-address limit counts an IPv6 client by its /64. The windows run on the test's
// clock; the test server hashes at the cheapest cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock';
import { DEVICE_COOKIE } from '@kade/shared';
import { deviceCookies } from '../src/modules/users/device-cookie';
import { createAccount, DB_KINDS, startTestServer, uniqueMobile, type TestServer } from './helpers';

type Body = { success: boolean; code?: string; message: string; data: { user?: { _id: string } } };

/** The device cookie a login answer set, as `name=value`, and its attributes as sent. */
function deviceCookieOf(headers: Headers): { pair: string; value: string; attributes: string } | undefined {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';');
  return { pair, value: pair.slice(DEVICE_COOKIE.length + 1), attributes: attributes.join(';').toLowerCase() };
}

describe.each(DB_KINDS)('the failure ceiling of a number, on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  let nextAddress = 1;
  /** A caller at an address of its own (the server trusts X-Forwarded-For here, as behind the proxy). */
  const from = (address = `198.51.100.${nextAddress++}`) => ({ 'x-forwarded-for': address });
  const login = (mobile: string, password: string, headers: Record<string, string> = from()) => server.api<Body>('POST', '/api/user/login', { mobile, password }, headers);

  beforeAll(async () => {
    server = await startTestServer(kind, {
      clock,
      // a ceiling of 6 failures an hour, 3 per number and address, 3 for a device, so the tests stay short
      env: { TRUST_PROXY: 'true', RATE_LIMITS: 'login.number=6/3600,login.pair=3/900,login.device=3/3600,register.address=3/3600' },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Six wrong passwords for the number, each from a fresh address: the ceiling is met. */
  async function meetCeiling(mobile: string): Promise<void> {
    for (let i = 0; i < 6; i++) expect((await login(mobile, `wrong-guess-${i}`)).status).toBe(401);
  }

  it('refuses every further try for the number from a fresh address, the right password too, without checking it', async () => {
    const owner = await createAccount(server);
    await meetCeiling(owner.mobile);
    const checks = server.passwordChecks();
    const right = await login(owner.mobile, owner.password);
    expect(right.status).toBe(429);
    expect(right.body.code).toBe('RATE_LIMITED');
    expect(right.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(deviceCookieOf(right.headers)).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await login(owner.mobile, `another-guess-${i}`)).status).toBe(429);
    expect((await login(owner.mobile, owner.password, from('2001:db8:99::1'))).status).toBe(429);
    expect(server.passwordChecks()).toBe(checks); // no password was checked past the ceiling
    // refused tries are given back: the ceiling ends with its window, not later
    clock.advance(3600_000 + 1000);
    expect((await login(owner.mobile, owner.password)).status).toBe(200);
  });

  it('lets a browser that logged in to the account before log in past the ceiling, with the cookie its login set', async () => {
    const owner = await createAccount(server);
    const earlier = await login(owner.mobile, owner.password, from('203.0.113.50'));
    expect(earlier.status).toBe(200);
    const device = deviceCookieOf(earlier.headers);
    expect(device).toBeDefined();
    expect(device!.attributes).toContain('httponly');
    expect(device!.attributes).toContain('samesite=lax');
    expect(device!.attributes).toContain('path=/api/user/login');
    expect(device!.attributes).not.toContain('secure');
    const expires = Date.parse(/expires=([^;]+)/.exec(device!.attributes)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(360 * 24 * 3600_000);
    expect(device!.value).not.toContain(owner.mobile);

    await meetCeiling(owner.mobile);
    expect((await login(owner.mobile, owner.password)).status).toBe(429);
    // the owner's phone, now on another network
    const mine = await login(owner.mobile, owner.password, { ...from(), cookie: device!.pair });
    expect(mine.status).toBe(200);
    expect(mine.body.data.user?._id).toBe(owner.id);
    const renewed = deviceCookieOf(mine.headers);
    expect(renewed?.value).toBeDefined();
    expect(renewed!.value).not.toBe(device!.value); // a fresh nonce at every login
    // its own wrong password is answered as a wrong password: the device's tries are checked
    expect((await login(owner.mobile, 'a-typo-of-mine', { ...from(), cookie: renewed!.pair })).status).toBe(401);
    expect((await login(owner.mobile, owner.password, { ...from(), cookie: renewed!.pair })).status).toBe(200);
  });

  it('marks the device cookie Secure when the request came over TLS', async () => {
    const owner = await createAccount(server);
    const res = await login(owner.mobile, owner.password, { ...from(), 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(deviceCookieOf(res.headers)!.attributes).toContain('secure');
  });

  it('does not let a forged, tampered, foreign or stale cookie past the ceiling, nor check its password', async () => {
    const owner = await createAccount(server);
    const other = await createAccount(server);
    const otherLogin = await login(other.mobile, other.password);
    const othersCookie = deviceCookieOf(otherLogin.headers)!.value;
    const ownLogin = await login(owner.mobile, owner.password);
    const ownCookie = deviceCookieOf(ownLogin.headers)!.value;
    await meetCeiling(owner.mobile);
    const checks = server.passwordChecks();

    const parts = ownCookie.split('.');
    const mac = parts[4]!;
    const flipped = `${mac.slice(0, -2)}${mac.at(-2) === 'A' ? 'B' : 'A'}${mac.at(-1)}`;
    const forged = [
      ['another account\'s genuine cookie', othersCookie],
      ['another account\'s cookie renamed to the owner', [parts[0], owner.id, ...othersCookie.split('.').slice(2)].join('.')],
      ['the owner\'s cookie with its signature changed', [...parts.slice(0, 4), flipped].join('.')],
      ['the owner\'s cookie with its date moved on', [parts[0], parts[1], parts[2], (Number.parseInt(parts[3]!, 36) + 1).toString(36), mac].join('.')],
      ['the owner\'s cookie without its signature', parts.slice(0, 4).join('.')],
      ['a cookie signed with another secret', deviceCookies('a-secret-that-is-not-the-servers-0123456789').issue(owner.id, clock.now())],
      ['a cookie that is no cookie of ours', 'd1.x.y.z.w'],
    ] as const;
    for (const [what, value] of forged) {
      const res = await login(owner.mobile, owner.password, { ...from(), cookie: `${DEVICE_COOKIE}=${value}` });
      expect([what, res.status]).toEqual([what, 429]);
    }
    expect(server.passwordChecks()).toBe(checks);
    // the genuine one still works
    expect((await login(owner.mobile, owner.password, { ...from(), cookie: `${DEVICE_COOKIE}=${ownCookie}` })).status).toBe(200);

    // a year and a day on, the cookie is no longer honoured (the browser would have dropped it)
    clock.advance(366 * 24 * 3600_000);
    await meetCeiling(owner.mobile);
    expect((await login(owner.mobile, owner.password, { ...from(), cookie: `${DEVICE_COOKIE}=${ownCookie}` })).status).toBe(429);
  });

  it('takes a device cookie that keeps failing off the list: past its own budget it is one more stranger', async () => {
    const owner = await createAccount(server);
    const device = deviceCookieOf((await login(owner.mobile, owner.password)).headers)!.pair;
    await meetCeiling(owner.mobile);
    // its budget is 3 failures an hour (login.device=3/3600)
    for (let i = 0; i < 3; i++) expect((await login(owner.mobile, `stolen-phone-guess-${i}`, { ...from(), cookie: device })).status).toBe(401);
    const checks = server.passwordChecks();
    const fourth = await login(owner.mobile, owner.password, { ...from(), cookie: device });
    expect(fourth.status).toBe(429);
    expect(server.passwordChecks()).toBe(checks);
  });

  it('counts every IPv6 address of one /64 as one address, for the login limits', async () => {
    const owner = await createAccount(server);
    // three failures for the number (login.pair=3/900) from three addresses of one /64
    for (const address of ['2001:db8:4:7::1', '2001:db8:4:7:a:b:c:d', '2001:DB8:4:7:ffff:ffff:ffff:fff0']) {
      expect((await login(owner.mobile, 'guess-from-my-64', from(address))).status).toBe(401);
    }
    const checks = server.passwordChecks();
    const sameNetwork = await login(owner.mobile, owner.password, from('2001:db8:4:7:1234::9'));
    expect(sameNetwork.status).toBe(429);
    expect(server.passwordChecks()).toBe(checks);
    // the next /64 is another address (three failures are under the number's ceiling of six)
    expect((await login(owner.mobile, owner.password, from('2001:db8:4:8::1'))).status).toBe(200);
  });

  it('counts every IPv6 address of one /64 as one address, for registrations, and an IPv4-mapped address as its IPv4 one', async () => {
    const register = (headers: Record<string, string>) => server.api<Body>('POST', '/api/user/register', { name: 'Neighbour', mobile: uniqueMobile(), password: 'fine-password-1' }, headers);
    // register.address=3/3600
    const statuses = [];
    for (const address of ['2001:db8:5:1::1', '2001:db8:5:1::2', '2001:db8:5:1:ffff::3', '2001:db8:5:1:8000::4']) statuses.push((await register(from(address))).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await register(from('2001:db8:5:2::1'))).status).toBe(201);

    const mapped = [];
    for (const address of ['198.51.100.230', '::ffff:198.51.100.230', '198.51.100.230', '::ffff:c633:64e6']) mapped.push((await register(from(address))).status);
    expect(mapped).toEqual([201, 201, 201, 429]);
  });
});
