import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, resetApiClientForTests, tokens } from './api-client';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

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
    const answer = await api<{ a: number }>('POST', '/api/x', { b: 2 });
    expect(answer.data).toEqual({ a: 1 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer access-1');
    expect(init.body).toBe('{"b":2}');
  });

  it('sends no authorization header without a token', async () => {
    fetchMock.mockResolvedValueOnce(ok(null));
    await api('GET', '/api/x');
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('on a 401 refreshes once with the refresh token as the bearer, stores both tokens and retries once', async () => {
    tokens.save('old-access', 'old-refresh');
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(ok({ accessToken: 'new-access', refreshToken: 'new-refresh' }))
      .mockResolvedValueOnce(ok('done'));
    const answer = await api<string>('GET', '/api/cart/get');
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
    const answers = await Promise.all([api('GET', '/api/a'), api('GET', '/api/b'), api('GET', '/api/c')]);
    expect(answers.map((a) => a.data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
  });

  it('passes the 401 on when there is no refresh token, or the refresh fails, and retries only once', async () => {
    tokens.save('old-access');
    fetchMock.mockResolvedValue(unauthorized());
    await expect(api('GET', '/api/x')).rejects.toMatchObject({ status: 401, message: 'Please log in again.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockClear();
    tokens.save('old-access', 'bad-refresh');
    await expect(api('GET', '/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock.mock.calls.map(([u]) => u)).toEqual(['/api/x', '/api/user/refresh-token']);
  });

  it('treats an answer with error: true as a failure carrying the server message and code', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: false, error: true, message: 'Only 2 of Rice left.', code: 'NOT_ENOUGH_STOCK' }));
    await expect(api('PUT', '/api/cart/update-qty', {})).rejects.toMatchObject({ message: 'Only 2 of Rice left.', code: 'NOT_ENOUGH_STOCK', status: 200 });
  });

  it('words a network failure for people', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api('GET', '/api/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });

  it('keeps what a refusal carries (the server totals of TOTALS_CHANGED) for the screen', async () => {
    const totals = { subTotalAmt: 400, basketDiscount: 4, deliveryFee: 20, totalAmt: 410 };
    fetchMock.mockResolvedValueOnce(json(409, { success: false, error: true, message: 'The prices changed', code: 'TOTALS_CHANGED', data: totals }));
    const failure = await api('POST', '/api/order/cash-on-delivery', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'TOTALS_CHANGED', data: totals });
  });

  it('sends form data as it is, with its own content type (uploads)', async () => {
    fetchMock.mockResolvedValueOnce(ok({ avatar: '/files/x-160.webp' }));
    const form = new FormData();
    form.append('avatar', new Blob(['x'], { type: 'image/png' }), 'me.png');
    await api('PUT', '/api/user/upload-avatar', form);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
  });
});
