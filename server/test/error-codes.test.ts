// Issue 32, item 2, over real HTTP: refusals from every layer (the envelope, the body checks, the route's access,
// the schemas, the services) answer a code from the shared list, with the status the list gives that code.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode, type ErrorCode } from '@kade/shared';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';

type Refusal = { success: boolean; error: boolean; code?: unknown; message?: unknown };

describe.each(DB_KINDS)('refusals on %s', (kind) => {
  let server: TestServer;
  let shopper: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    shopper = await createAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** What each call answers, as [the code it should carry, the call]. */
  const walk: Array<[ErrorCode, () => Promise<{ status: number; body: Refusal }>]> = [
    ['NOT_FOUND', () => server.api('GET', '/api/no-such-thing')],
    ['METHOD_NOT_ALLOWED', () => server.api('DELETE', '/api/health')],
    ['BAD_REQUEST', () => server.api('POST', '/api/user/login', '{"mobile": ')],
    ['UNSUPPORTED_MEDIA_TYPE', () => server.api('POST', '/api/user/login', 'mobile=0771234567', { 'content-type': 'application/x-www-form-urlencoded' })],
    ['VALIDATION', () => server.api('POST', '/api/user/login', { mobile: '07712', password: 'whatever-1' })],
    ['WRONG_CREDENTIALS', () => server.api('POST', '/api/user/login', { mobile: shopper.mobile, password: 'not-the-password-1' })],
    ['UNAUTHORIZED', () => server.api('GET', '/api/user/user-details')],
    // a real token with its signature tampered with
    ['TOKEN_INVALID', () => server.api('GET', '/api/user/user-details', undefined, { authorization: `Bearer ${shopper.accessToken.slice(0, -3)}${shopper.accessToken.endsWith('abc') ? 'xyz' : 'abc'}` })],
    ['FORBIDDEN', () => server.api('GET', '/api/users/all', undefined, shopper.auth)],
    ['PRODUCT_NOT_FOUND', () => server.api('POST', '/api/cart/create', { productId: randomUUID() }, shopper.auth)],
    ['ORDER_NOT_FOUND', () => server.api('PUT', '/api/order/cancel', { orderId: randomUUID() }, shopper.auth)],
  ];

  it.each(walk.map(([code, call]) => ({ code, call })))('answers $code with its listed status and a message', async ({ code, call }) => {
    const res = await call();
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: false, error: true, code });
    expect(isErrorCode(res.body.code)).toBe(true);
    expect(res.status).toBe(ERROR_CODES[code].status);
    expect(typeof res.body.message === 'string' && res.body.message.length > 0).toBe(true);
  });

  it('answers a disabled account by its code with the status the list names for each case: 401 on a session, 403 on logging in', async () => {
    const account = await createAccount(server);
    await server.db.knex('users').where({ id: account.id }).update({ status: 'Disabled' });
    const session = await server.api<Refusal>('GET', '/api/user/user-details', undefined, account.auth);
    const login = await server.api<Refusal>('POST', '/api/user/login', { mobile: account.mobile, password: account.password });
    expect([session.status, session.body.code]).toEqual([ERROR_CODES.ACCOUNT_DISABLED.otherStatus, 'ACCOUNT_DISABLED']);
    expect([login.status, login.body.code]).toEqual([ERROR_CODES.ACCOUNT_DISABLED.status, 'ACCOUNT_DISABLED']);
  });
});
