import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_ERROR, RESET_MISMATCH, mobileToLoginEmail } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { createAccount, DB_KINDS, startTestServer, TEST_JWT_SECRET, uniqueMobile, type TestServer } from './helpers';

type Body = { success: boolean; error: boolean; message: string; code?: string; field?: string; data: Record<string, unknown> & never };

describe.each(DB_KINDS)('accounts and sessions on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock(new Date());
  const api = <T = Body>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => server.api<T>(method, path, body, headers);

  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('register and log in by mobile number', () => {
    const mobile = uniqueMobile();

    it('registers, storing the mobile and the login e-mail made from it, never answering the hash', async () => {
      const res = await api<{ data: Record<string, unknown> }>('POST', '/api/user/register', { name: 'Nimali Perera', mobile, password: 'kiribath-2025' });
      expect(res.status).toBe(201);
      expect(res.body.data.user).toMatchObject({ name: 'Nimali Perera', mobile, email: mobileToLoginEmail(mobile, server.config.login), role: 'USER', status: 'Active', verify_email: false });
      expect(JSON.stringify(res.body)).not.toContain('scrypt');
      const row = await server.db.knex('users').where({ mobile }).first('password_hash');
      // at the server's configured cost (the tests' cheapest; production's 17 is config.test.ts's), kept in the hash
      expect(server.config.passwordCost).toBe(10);
      expect(row.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    });

    it('refuses a second account for the same number with 409', async () => {
      const res = await api('POST', '/api/user/register', { name: 'Someone Else', mobile, password: 'another-pass-1' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('MOBILE_TAKEN');
    });

    it.each([
      [{ name: 'A', mobile: '07712', password: 'long-enough-1' }, 'mobile', MOBILE_ERROR, { rule: 'mobileInvalid' }],
      [{ name: 'A', mobile: '077123456a', password: 'long-enough-1' }, 'mobile', MOBILE_ERROR, { rule: 'mobileInvalid' }],
      [{ name: 'A', mobile: '0771234599', password: 'short' }, 'password', 'Password must be at least 8 characters.', { rule: 'passwordTooShort' }],
      [{ name: '  ', mobile: '0771234599', password: 'long-enough-1' }, 'name', 'name is required', { rule: 'required' }],
      [{ name: 'N'.repeat(101), mobile: '0771234599', password: 'long-enough-1' }, 'name', 'name must be at most 100 characters', { rule: 'tooLong', max: 100 }],
      // a field left out, or null, is 'required' as its sentence says, not 'invalid'
      [{ mobile: '0771234599', password: 'long-enough-1' }, 'name', 'name is required', { rule: 'required' }],
      [{ name: null, mobile: '0771234599', password: 'long-enough-1' }, 'name', 'name is required', { rule: 'required' }],
    ])('answers 400 naming the field and the rule it broke (for the screens in Sinhala and Tamil) for %o', async (body, field, message, rule) => {
      const res = await api('POST', '/api/user/register', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, error: true, code: 'VALIDATION', field, message, data: rule });
    });

    it("registers with the spec's { name, email } payload: the login e-mail of a number, as { name, mobile } does", async () => {
      const other = uniqueMobile();
      const email = mobileToLoginEmail(other, server.config.login).toUpperCase(); // e-mails are matched without case
      const res = await api<{ data: Record<string, unknown> }>('POST', '/api/user/register', { name: 'Spec Client', email, password: 'kiribath-2025' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.user).toMatchObject({ name: 'Spec Client', mobile: other, email: mobileToLoginEmail(other, server.config.login) });
      expect((await api('POST', '/api/user/login', { mobile: other, password: 'kiribath-2025' })).status).toBe(200);
      // the same number again, either way: 409
      expect((await api('POST', '/api/user/register', { name: 'Again', email, password: 'kiribath-2025' })).body.code).toBe('MOBILE_TAKEN');
      expect((await api('POST', '/api/user/register', { name: 'Again', mobile: other, email, password: 'kiribath-2025' })).body.code).toBe('MOBILE_TAKEN');
    });

    it.each([
      ['another domain', { email: 'kade0771234567@gmail.com' }, 'email', /^email must be the login e-mail of a 10-digit mobile number, such as kade0771234567@/],
      ['a number of 9 digits', { email: 'kade077123456@login.kade.lk' }, 'email', /^email must be the login e-mail/],
      ['not an e-mail', { email: 'kade0771234567' }, 'email', /^email must be a valid e-mail address$/],
      ['an e-mail naming another number than mobile', { email: 'kade0771234567@login.kade.lk', mobile: '0771234568' }, 'email', /^email and mobile name different numbers/],
      ['neither', {}, 'mobile', /^Mobile number is required$/],
      ['a NUL in the e-mail', { email: 'kade0771234567\u0000@login.kade.lk' }, 'email', /./],
    ])('refuses a sign-up by %s with 400 naming the field', async (_what, identity, field, message) => {
      const res = await api('POST', '/api/user/register', { name: 'Spec Client', password: 'kiribath-2025', ...identity });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', field });
      expect(res.body.message).toMatch(message);
    });

    it("tells by the spec's { email } whether an account is verified, with success, verified and message at the top", async () => {
      const email = mobileToLoginEmail(mobile, server.config.login);
      const res = await api<{ success: boolean; verified: boolean; message: string; data: { verified: boolean } }>('POST', '/api/user/check-email-verification', { email });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, verified: false, message: 'This number is not verified yet, or has no account.', data: { verified: false } });
      const nobody = await api<{ verified: boolean; message: string }>('POST', '/api/user/check-email-verification', { email: mobileToLoginEmail(uniqueMobile(), server.config.login) });
      expect(nobody.body).toEqual(res.body); // a number without an account is answered as an unverified one
      const bad = await api('POST', '/api/user/check-email-verification', { email: 'someone@gmail.com' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION', field: 'email' });
      // with no e-mail and no session, it says what is missing; with an expired or bad token, 401 (the client renews)
      const none = await api('POST', '/api/user/check-email-verification', {});
      expect(none.status).toBe(400);
      expect(none.body).toMatchObject({ field: 'email' });
      expect((await api('POST', '/api/user/check-email-verification', {}, { authorization: 'Bearer not.a.token' })).status).toBe(401);
    });

    it('logs in with data.accesstoken and data.refreshToken, also set as httpOnly cookies', async () => {
      const res = await api<{ data: { accesstoken: string; refreshToken: string } }>('POST', '/api/user/login', { mobile, password: 'kiribath-2025' });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data)).toEqual(expect.arrayContaining(['accesstoken', 'refreshToken']));
      const cookies = res.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith('accessToken='))).toMatch(/httponly/i);
      expect(cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/httponly/i);
      const claims = jwt.decode(res.body.data.accesstoken, { complete: true });
      expect(claims?.header.alg).toBe('HS256');
      expect(claims?.payload).toMatchObject({ iss: 'kade', aud: 'kade-api', role: 'USER' });
      const payload = claims?.payload as { exp: number; iat: number };
      expect(payload.exp - payload.iat).toBe(15 * 60);
    });

    it('signs the shopper in on registering: data.accesstoken and data.refreshToken as login answers them, and both work', async () => {
      const fresh = uniqueMobile();
      type Tokens = { accesstoken: string; refreshToken: string; user: { _id: string; mobile: string } };
      const registered = await api<{ message: string; data: Tokens }>('POST', '/api/user/register', { name: 'Tharushi Fernando', mobile: fresh, password: 'pol-sambol-9', confirmPassword: 'pol-sambol-9' });
      expect(registered.status).toBe(201);
      expect(registered.body.message).toBe('Your account is ready. You are logged in.');
      const loggedIn = await api<{ data: Tokens }>('POST', '/api/user/login', { mobile: fresh, password: 'pol-sambol-9' });
      // the same answer's shape as login's, key for key, and the same httpOnly cookies
      expect(Object.keys(registered.body.data).sort()).toEqual(Object.keys(loggedIn.body.data).sort());
      expect(registered.body.data.user).toMatchObject({ mobile: fresh, role: 'USER' });
      const cookies = registered.headers.getSetCookie();
      expect(cookies.find((c) => c.startsWith(`accessToken=${registered.body.data.accesstoken}`))).toMatch(/httponly/i);
      expect(cookies.find((c) => c.startsWith('refreshToken='))).toMatch(/httponly/i);
      expect(jwt.decode(registered.body.data.accesstoken)).toMatchObject({ sub: registered.body.data.user._id, role: 'USER' });

      // the access token opens an authenticated call as the new account
      const me = await api<{ data: { _id: string; name: string } }>('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${registered.body.data.accesstoken}` });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ _id: registered.body.data.user._id, name: 'Tharushi Fernando' });
      // the refresh token renews the session, and the renewed access token works too
      const renewed = await api<{ data: { accessToken: string; refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${registered.body.data.refreshToken}` });
      expect(renewed.status).toBe(200);
      expect(renewed.body.data.refreshToken).not.toBe(registered.body.data.refreshToken);
      expect((await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${renewed.body.data.accessToken}` })).status).toBe(200);
      // a session of its own, apart from the login's: logging that one out leaves the registration's renewed session
      await api('GET', '/api/user/logout', undefined, { authorization: `Bearer ${loggedIn.body.data.accesstoken}`, cookie: `refreshToken=${loggedIn.body.data.refreshToken}` });
      expect((await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${renewed.body.data.refreshToken}` })).status).toBe(200);
    });

    it('logs in by the login e-mail too', async () => {
      const res = await api('POST', '/api/user/login', { email: mobileToLoginEmail(mobile, server.config.login), password: 'kiribath-2025' });
      expect(res.status).toBe(200);
    });

    it('gives one answer for a wrong password and an unknown number', async () => {
      const wrong = await api('POST', '/api/user/login', { mobile, password: 'not-my-password' });
      const unknown = await api('POST', '/api/user/login', { mobile: uniqueMobile(), password: 'not-my-password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body.message).toBe('Wrong mobile number or password.');
      expect(unknown.body.message).toBe(wrong.body.message);
      expect(wrong.body.code).toBe('WRONG_CREDENTIALS');
    });
  });

  describe('access tokens', () => {
    let account: Awaited<ReturnType<typeof createAccount>>;
    beforeAll(async () => {
      account = await createAccount(server, { name: 'Kasun Silva' });
    });

    it('answers the session record from the bearer header', async () => {
      const res = await api<{ data: Record<string, unknown> }>('GET', '/api/user/user-details', undefined, account.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ _id: account.id, name: 'Kasun Silva', mobile: account.mobile, role: 'USER', avatar: '', address_details: [], shopping_cart: [], orderHistory: [] });
      expect(res.body.data).not.toHaveProperty('password_hash');
    });

    it('accepts the cookie instead of the header', async () => {
      const res = await api('GET', '/api/user/user-details', undefined, { cookie: `accessToken=${account.accessToken}` });
      expect(res.status).toBe(200);
    });

    it('answers 401 without a token', async () => {
      const res = await api('GET', '/api/user/user-details');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    const forged = (payload: object, secret: string, algorithm: jwt.Algorithm) =>
      jwt.sign({ role: 'ADMIN', sid: 'x', ...payload }, secret, { algorithm, issuer: 'kade', audience: 'kade-api', expiresIn: 600 });

    it.each([
      ['tampered', () => account.accessToken.slice(0, -3) + (account.accessToken.endsWith('abc') ? 'xyz' : 'abc')],
      ['signed with another secret', () => forged({ sub: account.id }, 'someone-elses-secret-0123456789abcdef', 'HS256')],
      ['signed with another algorithm', () => forged({ sub: account.id }, TEST_JWT_SECRET, 'HS512')],
      ['unsigned (alg none)', () => `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: account.id, role: 'ADMIN', sid: 'x', iss: 'kade', aud: 'kade-api', exp: 9999999999 })).toString('base64url')}.`],
      ['for another audience', () => jwt.sign({ role: 'USER', sid: 'x' }, TEST_JWT_SECRET, { algorithm: 'HS256', subject: account.id, issuer: 'kade', audience: 'other', expiresIn: 600 })],
    ])('refuses a token %s with 401', async (_what, token) => {
      const res = await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${token()}` });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_INVALID');
    });

    it('refuses an expired token with its own message', async () => {
      clock.advance(16 * 60_000);
      try {
        const res = await api('GET', '/api/user/user-details', undefined, account.auth);
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('TOKEN_EXPIRED');
        expect(res.body.message).toBe('Your session has expired. Please log in again.');
      } finally {
        clock.advance(-16 * 60_000);
      }
    });
  });

  describe('refresh tokens', () => {
    it('rotate on every use; a reused old token revokes the whole family', async () => {
      const account = await createAccount(server);
      const first = await api<{ data: { accessToken: string; refreshToken: string } }>('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` });
      expect(first.status).toBe(200);
      expect(first.body.data.refreshToken).not.toBe(account.refreshToken);
      const me = await api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${first.body.data.accessToken}` });
      expect(me.status).toBe(200);

      clock.advance(11_000); // past the grace window in which a second tab gets the same pair
      const replay = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` });
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('REFRESH_REUSED');
      const next = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${first.body.data.refreshToken}` });
      expect(next.status).toBe(401); // the family is gone: the thief's copy and the owner's alike
      const stored = await server.db.knex('refresh_tokens').where({ user_id: account.id }).select('token_hash', 'revoked_at');
      expect(stored.every((r: { token_hash: string; revoked_at: Date | null }) => r.revoked_at !== null && !r.token_hash.includes(account.refreshToken))).toBe(true);
    });

    it('reads the refresh token from the cookie too', async () => {
      const account = await createAccount(server);
      const res = await api('POST', '/api/user/refresh-token', undefined, { cookie: `refreshToken=${account.refreshToken}` });
      expect(res.status).toBe(200);
    });

    it('expire after 30 days', async () => {
      const account = await createAccount(server);
      clock.advance(31 * 24 * 3600_000);
      try {
        const res = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('REFRESH_EXPIRED');
      } finally {
        clock.advance(-31 * 24 * 3600_000);
      }
    });

    it.each([[undefined], ['not-a-token']])('refuses a missing or unknown token (%s) with 401', async (token) => {
      const res = await api('POST', '/api/user/refresh-token', undefined, token ? { authorization: `Bearer ${token}` } : {});
      expect(res.status).toBe(401);
      expect(['REFRESH_MISSING', 'REFRESH_INVALID']).toContain(res.body.code);
    });

    it('end with logout, which clears the cookies', async () => {
      const account = await createAccount(server);
      const res = await api('GET', '/api/user/logout', undefined, account.auth);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => /^accessToken=;/.test(c))).toBe(true);
      const after = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` });
      expect(after.status).toBe(401);
    });
  });

  describe('profile', () => {
    it('updates the name, and the mobile with its login e-mail, marking the new number unverified', async () => {
      const account = await createAccount(server);
      await server.db.knex('users').where({ id: account.id }).update({ verify_email: true });
      const newMobile = uniqueMobile();
      const res = await api<{ data: Record<string, unknown> }>('PUT', '/api/user/update-user', { name: 'Ruwan Jayasuriya', mobile: newMobile }, account.auth);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ name: 'Ruwan Jayasuriya', mobile: newMobile, email: mobileToLoginEmail(newMobile, server.config.login), verify_email: false });
      const login = await api('POST', '/api/user/login', { mobile: newMobile, password: account.password });
      expect(login.status).toBe(200);
    });

    it('refuses a number another account uses (409) and an e-mail that is not a login e-mail (400)', async () => {
      const a = await createAccount(server);
      const b = await createAccount(server);
      const taken = await api('PUT', '/api/user/update-user', { mobile: b.mobile }, a.auth);
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('MOBILE_TAKEN');
      const foreign = await api('PUT', '/api/user/update-user', { email: 'someone@gmail.com' }, a.auth);
      expect(foreign.status).toBe(400);
      expect(foreign.body.field).toBe('email');
      const unchanged = await server.db.knex('users').where({ id: a.id }).first('mobile');
      expect(unchanged.mobile).toBe(a.mobile);
    });
  });

  describe('forgot password', () => {
    let admin: Awaited<ReturnType<typeof createAccount>>;
    beforeAll(async () => {
      admin = await createAccount(server, { role: 'ADMIN' });
    });

    async function pendingCodeOf(mobile: string): Promise<string | undefined> {
      const res = await api<{ data: Array<{ mobile: string; forgot_password_otp: string }> }>('GET', '/api/users/all', undefined, admin.auth);
      expect(res.status).toBe(200);
      return res.body.data.find((u) => u.mobile === mobile)?.forgot_password_otp;
    }

    it('answers the same whether or not the number is registered', async () => {
      const account = await createAccount(server);
      const known = await api('PUT', '/api/user/forgot-password', { mobile: account.mobile });
      const unknown = await api('PUT', '/api/user/forgot-password', { mobile: uniqueMobile() });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body.message).toBe(unknown.body.message);
      expect(await pendingCodeOf(account.mobile)).toMatch(/^\d{6}$/);
    });

    it('shows the pending codes to admins only', async () => {
      const account = await createAccount(server);
      expect((await api('GET', '/api/users/all', undefined, account.auth)).status).toBe(403);
      expect((await api('GET', '/api/users/all')).status).toBe(401);
    });

    it('kills a code after 5 wrong tries: the 6th is refused even when right', async () => {
      const account = await createAccount(server);
      await api('PUT', '/api/user/forgot-password', { mobile: account.mobile });
      const code = (await pendingCodeOf(account.mobile))!;
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      const triesLeft: unknown[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await api('PUT', '/api/user/verify-forgot-password-otp', { mobile: account.mobile, otp: wrong });
        expect(res.status).toBe(400);
        messages.push(res.body.message);
        triesLeft.push((res.body.data as { triesLeft?: unknown } | undefined)?.triesLeft);
      }
      expect(messages[0]).toBe('Wrong code. 4 tries left.');
      expect(messages[3]).toBe('Wrong code. 1 try left.');
      // the count by itself too, for the screens in Sinhala and Tamil
      expect(triesLeft).toEqual([4, 3, 2, 1, 0]);
      const right = await api('PUT', '/api/user/verify-forgot-password-otp', { mobile: account.mobile, otp: code });
      expect(right.status).toBe(400);
      expect(right.body.code).toBe('OTP_INVALID');
      expect(await pendingCodeOf(account.mobile)).toBeUndefined();
    });

    it('expires a code after 10 minutes', async () => {
      const account = await createAccount(server);
      await api('PUT', '/api/user/forgot-password', { mobile: account.mobile });
      const code = (await pendingCodeOf(account.mobile))!;
      clock.advance(10 * 60_000 + 1000);
      try {
        const res = await api('PUT', '/api/user/verify-forgot-password-otp', { mobile: account.mobile, otp: code });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('OTP_INVALID');
      } finally {
        clock.advance(-(10 * 60_000 + 1000));
      }
    });

    it('resets only with the reset token of a verified code, marks the number verified, and ends the other sessions', async () => {
      const account = await createAccount(server);
      const early = await api('PUT', '/api/user/reset-password', { mobile: account.mobile, newPassword: 'new-password-9', confirmPassword: 'new-password-9' });
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ code: 'RESET_TOKEN_MISSING', field: 'resetToken', message: 'Please enter the code we sent before setting a new password.' });

      await api('PUT', '/api/user/forgot-password', { mobile: account.mobile });
      const code = (await pendingCodeOf(account.mobile))!;
      const verified = await api<{ data: { resetToken: string } }>('PUT', '/api/user/verify-forgot-password-otp', { mobile: account.mobile, otp: code });
      expect(verified.status).toBe(200);
      const { resetToken } = verified.body.data;
      expect(resetToken).toMatch(/^[\w-]{40,}$/);
      const cookie = verified.headers.getSetCookie().find((c) => c.startsWith('resetToken='));
      expect(cookie).toMatch(/httponly/i);
      expect(cookie).toMatch(/path=\/api\/user\/reset-password/i);
      expect(cookie).toContain(resetToken);
      const check = await api<{ data: { verified: boolean } }>('POST', '/api/user/check-email-verification', {}, account.auth);
      expect(check.body.data.verified).toBe(true);

      const mismatch = await api('PUT', '/api/user/reset-password', { mobile: account.mobile, resetToken, newPassword: 'new-password-9', confirmPassword: 'new-password-8' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe(RESET_MISMATCH);

      const reset = await api('PUT', '/api/user/reset-password', { mobile: account.mobile, resetToken, newPassword: 'new-password-9', confirmPassword: 'new-password-9' });
      expect(reset.status).toBe(200);
      expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password })).status).toBe(401);
      expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: 'new-password-9' })).status).toBe(200);
      const oldSession = await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` });
      expect(oldSession.status).toBe(401);
      const again = await api('PUT', '/api/user/reset-password', { resetToken, newPassword: 'third-password-7', confirmPassword: 'third-password-7' });
      expect(again.status).toBe(400); // the token was single use
      expect(again.body.code).toBe('RESET_TOKEN_INVALID');
    });
  });

  describe('rate limits', () => {
    it('refuse the 11th login try for one number from one address after 10 failures within 15 minutes with 429 and Retry-After', async () => {
      const account = await createAccount(server);
      for (let i = 0; i < 10; i++) {
        expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: 'wrong-password' })).status).toBe(401);
      }
      const limited = await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password });
      expect(limited.status).toBe(429);
      expect(limited.body.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      clock.advance(15 * 60_000 + 1000);
      try {
        expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password })).status).toBe(200);
      } finally {
        clock.advance(-(15 * 60_000 + 1000));
      }
    });

    it('count only failed logins against the address: a success gives its try back', async () => {
      const account = await createAccount(server);
      const other = await createAccount(server);
      const key = 'login:ip:127.0.0.1';
      const bucket = async () => (await server.db.knex('rate_limit_buckets').where({ key }).first('hits'))?.hits as number;
      await server.db.knex('rate_limit_buckets').where({ key }).update({ hits: 48, reset_at: new Date(clock.now().getTime() + 10 * 60_000) });
      try {
        expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password })).status).toBe(200);
        expect(await bucket()).toBe(48);
        expect((await api('POST', '/api/user/login', { mobile: other.mobile, password: 'wrong-password' })).status).toBe(401);
        expect((await api('POST', '/api/user/login', { mobile: other.mobile, password: 'wrong-password' })).status).toBe(401);
        expect(await bucket()).toBe(50);
        const limited = await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password });
        expect(limited.status).toBe(429);
        expect(limited.body.code).toBe('RATE_LIMITED');
      } finally {
        await server.db.knex('rate_limit_buckets').where({ key }).del();
      }
    });

    it('refuse the 4th code request for one number', async () => {
      const mobile = uniqueMobile();
      for (let i = 0; i < 3; i++) expect((await api('PUT', '/api/user/forgot-password', { mobile })).status).toBe(200);
      const limited = await api('PUT', '/api/user/forgot-password', { mobile });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many code requests\. Please try again in \d+ minutes?\.$/);
    });
  });

  describe('admin user management', () => {
    let admin: Awaited<ReturnType<typeof createAccount>>;
    beforeAll(async () => {
      await server.db.knex('users').where({ role: 'ADMIN' }).update({ role: 'USER' });
      admin = await createAccount(server, { role: 'ADMIN', name: 'Only Admin' });
    });

    it('creates an account for a customer who phones in, with a password to read out', async () => {
      const mobile = uniqueMobile();
      const res = await api<{ data: { user: { _id: string; mobile: string }; temporaryPassword: string } }>('POST', '/api/users/create', { name: 'Phone Customer', mobile }, admin.auth);
      expect(res.status).toBe(201);
      expect(res.body.data.temporaryPassword).toMatch(/^\S{8}$/);
      const login = await api('POST', '/api/user/login', { mobile, password: res.body.data.temporaryPassword });
      expect(login.status).toBe(200);
    });

    it('lists and searches users by name or mobile', async () => {
      const account = await createAccount(server, { name: 'Tharindu Bandara' });
      const byName = await api<{ data: { users: Array<{ _id: string }>; total: number } }>('GET', '/api/users/list?search=tharindu', undefined, admin.auth);
      expect(byName.body.data.users.map((u) => u._id)).toEqual([account.id]);
      const byMobile = await api<{ data: { users: Array<{ _id: string }> } }>('GET', `/api/users/list?search=${account.mobile.slice(2)}`, undefined, admin.auth);
      expect(byMobile.body.data.users.map((u) => u._id)).toEqual([account.id]);
      const odd = await api<{ data: { users: unknown[] } }>('GET', `/api/users/list?search=${encodeURIComponent("%_' or 1=1 --")}`, undefined, admin.auth);
      expect(odd.status).toBe(200);
      expect(odd.body.data.users).toEqual([]);
      const bad = await api('GET', '/api/users/list?page=0', undefined, admin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('page');
    });

    it('never removes the last active admin', async () => {
      const demote = await api('PUT', '/api/users/update-role', { _id: admin.id, role: 'USER' }, admin.auth);
      expect(demote.status).toBe(409);
      expect(demote.body.code).toBe('LAST_ADMIN');
      const disable = await api('PUT', '/api/users/update-status', { _id: admin.id, status: 'Disabled' }, admin.auth);
      expect(disable.status).toBe(409);
      const row = await server.db.knex('users').where({ id: admin.id }).first('role', 'status');
      expect(row).toEqual({ role: 'ADMIN', status: 'Active' });
    });

    it('changes roles, which take effect at once', async () => {
      const account = await createAccount(server);
      expect((await api('GET', '/api/users/all', undefined, account.auth)).status).toBe(403);
      const promote = await api('PUT', '/api/users/update-role', { _id: account.id, role: 'ADMIN' }, admin.auth);
      expect(promote.status).toBe(200);
      expect((await api('GET', '/api/users/all', undefined, account.auth)).status).toBe(200);
      expect((await api('PUT', '/api/users/update-role', { _id: account.id, role: 'USER' }, admin.auth)).status).toBe(200);
      expect((await api('GET', '/api/users/all', undefined, account.auth)).status).toBe(403);
    });

    it('disables an account (no login, no token, no refresh) and enables it again', async () => {
      const account = await createAccount(server);
      expect((await api('PUT', '/api/users/update-status', { _id: account.id, status: 'Disabled' }, admin.auth)).status).toBe(200);
      const login = await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password });
      expect(login.status).toBe(403);
      expect(login.body.code).toBe('ACCOUNT_DISABLED');
      const me = await api('GET', '/api/user/user-details', undefined, account.auth);
      expect(me.status).toBe(401);
      expect(me.body.code).toBe('ACCOUNT_DISABLED');
      expect((await api('POST', '/api/user/refresh-token', undefined, { authorization: `Bearer ${account.refreshToken}` })).status).toBe(401);
      expect((await api('PUT', '/api/users/update-status', { _id: account.id, status: 'Active' }, admin.auth)).status).toBe(200);
      expect((await api('POST', '/api/user/login', { mobile: account.mobile, password: account.password })).status).toBe(200);
    });

    it('answers 404 for an unknown user and 400 for a bad role', async () => {
      expect((await api('PUT', '/api/users/update-role', { _id: '00000000-0000-4000-8000-000000000000', role: 'USER' }, admin.auth)).status).toBe(404);
      const bad = await api('PUT', '/api/users/update-role', { _id: admin.id, role: 'OWNER' }, admin.auth);
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('role');
    });
  });
});
