import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answer, endpoint, ENDPOINTS } from '@kade/shared';
import { ApiError, call, callFile, resetApiClientForTests, tokens } from './api-client';
import { MemoryStorage } from './memory-storage';

// endpoints of the test's own, beside the shop's: a body, a path parameter and a query
const POST_X = endpoint({ method: 'post', path: '/api/x', access: 'public', body: z.object({ b: z.number() }), answer: answer<{ a: number }>() });
const GET_X = endpoint({ method: 'get', path: '/api/x', access: 'public', answer: answer<unknown>() });
const ITEM = endpoint({ method: 'get', path: '/api/item/:id', access: 'public', query: z.object({ page: z.number().optional(), search: z.string().optional() }), answer: answer<string>() });
const gets = (path: string) => endpoint({ method: 'get', path, access: 'public', answer: answer<string>() });


const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, error: false, message: '', data });
const unauthorized = () => json(401, { success: false, error: true, message: 'Please log in again.', code: 'UNAUTHORIZED' });

describe('the API client', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    vi.stubGlobal('window', { localStorage: new MemoryStorage() });
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    resetApiClientForTests();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the stored access token as a bearer header, JSON, and cookies', async () => {
    tokens.save('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(ok({ a: 1 }));
    const answer = await call(POST_X, { body: { b: 2 } });
    expect(answer.data).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    expect(init.body).toBe('{"b":2}');
  });

  it('sends no authorization header without a token', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await call(GET_X);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('on a 401 refreshes once with the refresh token as the bearer, stores both tokens and retries once', async () => {
    tokens.save('old-access', 'old-refresh');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(ok('done'));
    const answer = await call(ENDPOINTS.cart.list);
    expect(answer.data).toBe('done');
    const calls = fetchMock.mock.calls as Array<[string, RequestInit]>;
    expect(calls.map(([u]) => u)).toEqual(['/api/cart/get', '/api/user/refresh-token', '/api/cart/get']);
    expect((calls[1]![1].headers as Record<string, string>).authorization).toBe('Bearer old-refresh');
    expect((calls[2]![1].headers as Record<string, string>).authorization).toBe('Bearer new-access');
    expect(tokens.access()).toBe('new-access');
    expect(tokens.refresh()).toBe('new-refresh');
  });

  it('shares one refresh among calls that fail together', async () => {
    tokens.save('old-access', 'old-refresh');
    let refreshes = 0;
    fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
      if (url === '/api/user/refresh-token') {
        refreshes += 1;
        await new Promise((r) => setTimeout(r, 10));
        return ok({ accessToken: 'new-access', refreshToken: 'new-refresh' });
      }
      const auth = (init.headers as Record<string, string>).authorization;
      return auth === 'Bearer new-access' ? ok(url) : unauthorized();
    });
    const answers = await Promise.all([call(gets('/api/a')), call(gets('/api/b')), call(gets('/api/c'))]);
    expect(answers.map((a) => a.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
  });

  it('passes the 401 on when there is no refresh token, or the refresh fails, and retries only once', async () => {
    tokens.save('old-access');
    fetchMock.mockResolvedValue(unauthorized());
    await expect(call(GET_X)).rejects.toMatchObject({ status: 401, message: 'Please log in again.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockClear();
    tokens.save('old-access', 'bad-refresh');
    await expect(call(GET_X)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/x', '/api/user/refresh-token']);
  });

  it('treats an answer with error: true as a failure carrying the server message and code', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: false, error: true, message: 'Only 2 of Rice left.', code: 'NOT_ENOUGH_STOCK' }));
    await expect(call(ENDPOINTS.cart.setQuantity, { body: { _id: 'line-1', qty: 3 } })).rejects.toMatchObject({ message: 'Only 2 of Rice left.', code: 'NOT_ENOUGH_STOCK', status: 200 });
  });

  it('words a network failure for people', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(call(GET_X)).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('keeps what a refusal carries (the server totals of TOTALS_CHANGED) for the screen', async () => {
    const totals = { subTotalAmt: 400, basketDiscount: 4, deliveryFee: 20, totalAmt: 410 };
    fetchMock.mockResolvedValueOnce(json(409, { success: false, error: true, message: 'The prices changed', code: 'TOTALS_CHANGED', data: totals }));
    const failure = await call(ENDPOINTS.orders.cashOnDelivery, { body: {} as never }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'TOTALS_CHANGED', data: totals });
  });

  it('sends form data as it is, with its own content type (uploads)', async () => {
    fetchMock.mockResolvedValueOnce(ok({ avatar: '/files/x-160.webp' }));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await call(ENDPOINTS.account.uploadAvatar, { body: form });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });

  it('fills the path parameters and puts the defined query values after the path, with the method declared', async () => {
    fetchMock.mockResolvedValueOnce(ok('one'));
    const answer = await call(ITEM, { params: { id: 'a/b' }, query: { page: 2, search: 'red rice' } });
    expect(answer.data).toBe('one');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/item/a%2Fb?page=2&search=red+rice');
    expect(init.method).toBe('GET');
    expect(init.body).toBeNull();
  });

  it('sends extra headers (an Idempotency-Key) beside its own', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await call(POST_X, { body: { b: 1 }, headers: { 'Idempotency-Key': 'k-1' } });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('k-1');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('downloads a declared file with the session, named by its Content-Disposition', async () => {
    tokens.save('access-1', 'refresh-1');
    fetchMock.mockResolvedValueOnce(new Response('a,b\n', { status: 200, headers: { 'content-disposition': 'attachment; filename="kade-report-2026-05-01.csv"' } }));
    const file = await callFile(ENDPOINTS.reports.dayCsv, { query: { day: '2026-05-01' } });
    expect(file.fileName).toBe('kade-report-2026-05-01.csv');
    expect(await file.blob.text()).toBe('a,b\n');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/orders/report.csv?day=2026-05-01');
  });
});
