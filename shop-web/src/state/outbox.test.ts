import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderWire } from '@kade/shared';
import { ApiError } from '../lib/api-client';
import { flushOutbox, newAttemptKey, outbox, OUTBOX_KEY, worthRetrying, type OutboxEntry, type PlaceBody } from './outbox';
import { MemoryStorage } from '../lib/memory-storage';
import { STORAGE_KEYS } from '../lib/ui-constants';
import { clearAtLogout } from './kept-at-logout';
import { LOGOUT_WAITING_KEY } from './logout-waiting';


const body = { list_items: [{ productId: 'p1', quantity: 2 }], addressId: 'a1', subTotalAmt: 20, totalAmt: 20, location: '', Choose: '50 Minutes to 1 Hour' } as unknown as PlaceBody;
const entry = (key: string, userId = 'u1'): OutboxEntry => ({ key, body, userId, savedAt: '2026-11-29T00:00:00Z' });
const order = (id: string) => ({ data: { _id: id, orderId: `ORD-${id}` } as OrderWire });
const network = () => new ApiError('no network', 0, 'NETWORK', null);
/** Runs the task as if no other tab held the lock. */
const free = <T>(task: () => Promise<T>) => task();

/** A send that resolves or rejects when the test says. */
function gate() {
  let resolve!: (value: { data: OrderWire }) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<{ data: OrderWire }>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('the order outbox', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: storage, addEventListener: () => undefined, removeEventListener: () => undefined });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps one order with its key and body, survives a reload of the page (storage), and ignores what it cannot read', () => {
    expect(outbox.read()).toBeNull();
    expect(outbox.put(entry('k1'))).toBe(true);
    expect(JSON.parse(storage.getItem(OUTBOX_KEY) ?? 'null')).toEqual(entry('k1'));
    expect(outbox.read()).toEqual(entry('k1'));
    storage.setItem(OUTBOX_KEY, '{not json');
    expect(outbox.read()).toBeNull();
    storage.setItem(OUTBOX_KEY, JSON.stringify({ key: '', body, userId: 'u1' }));
    expect(outbox.read()).toBeNull();
  });

  it('never writes over a waiting order, its own shopper\'s or another\'s: the second is refused and the first still goes', async () => {
    expect(outbox.put(entry('k-first'))).toBe(true);
    expect(outbox.put(entry('k-second'))).toBe(false);
    expect(outbox.put(entry('k-theirs', 'u2'))).toBe(false);
    expect(outbox.read()).toEqual(entry('k-first'));
    expect(outbox.put(entry('k-first'))).toBe(true); // the same attempt kept again
    const send = vi.fn(async () => order('o-first'));
    expect(await flushOutbox({ send, userId: 'u1', exclusive: free })).toMatchObject({ kind: 'placed' });
    expect(send).toHaveBeenCalledWith(body, 'k-first');
    expect(outbox.put(entry('k-second'))).toBe(true);
  });

  it('a logout keeps the waiting order, the last mobile, the language and a logout still to send, and clears the rest; its shopper sends it on signing in again', async () => {
    outbox.put(entry('k-logout'));
    storage.setItem(STORAGE_KEYS.lastMobile, '0771234567');
    storage.setItem(STORAGE_KEYS.language, 'si');
    storage.setItem(STORAGE_KEYS.accessToken, 'token');
    storage.setItem('kadeCart', '[]');
    storage.setItem(LOGOUT_WAITING_KEY, '1');
    clearAtLogout(storage);
    expect(storage.getItem(LOGOUT_WAITING_KEY)).toBe('1');
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(storage.getItem('kadeCart')).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.lastMobile)).toBe('0771234567');
    expect(storage.getItem(STORAGE_KEYS.language)).toBe('si');
    const send = vi.fn(async () => order('o-later'));
    expect(await flushOutbox({ send, userId: 'someone-else', exclusive: free })).toEqual({ kind: 'empty' });
    expect(send).not.toHaveBeenCalled();
    expect(await flushOutbox({ send, userId: 'u1', exclusive: free })).toMatchObject({ kind: 'placed', order: { _id: 'o-later' } });
    expect(send).toHaveBeenCalledWith(body, 'k-logout');
  });

  it('clears only the entry of the key it is given', () => {
    outbox.put(entry('k2'));
    outbox.clear('k1');
    expect(outbox.read()?.key).toBe('k2');
    outbox.clear('k2');
    expect(outbox.read()).toBeNull();
  });

  it('sends the waiting order with its own key, clears it once placed, and answers the order', async () => {
    outbox.put(entry('k-placed'));
    const send = vi.fn(async () => order('o1'));
    const result = await flushOutbox({ send, userId: 'u1', exclusive: free });
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(body, 'k-placed');
    expect(result).toMatchObject({ kind: 'placed', order: { _id: 'o1' } });
    expect(outbox.read()).toBeNull();
    // nothing left: a second flush sends nothing
    expect(await flushOutbox({ send, userId: 'u1', exclusive: free })).toEqual({ kind: 'empty' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('keeps the order on no answer or a server fault, and sends it again with the same key', async () => {
    outbox.put(entry('k-retry'));
    const keys: string[] = [];
    const failures = [network(), new ApiError('down', 503, undefined, null), new ApiError('fault', 500, 'INTERNAL', null)];
    const send = vi.fn(async (_body: PlaceBody, key: string) => {
      keys.push(key);
      const failure = failures.shift();
      if (failure) throw failure;
      return order('o2');
    });
    for (let i = 0; i < 3; i++) {
      expect((await flushOutbox({ send, userId: 'u1', exclusive: free })).kind).toBe('kept');
      expect(outbox.read()?.key).toBe('k-retry');
    }
    expect((await flushOutbox({ send, userId: 'u1', exclusive: free })).kind).toBe('placed');
    expect(keys).toEqual(['k-retry', 'k-retry', 'k-retry', 'k-retry']);
    expect(outbox.read()).toBeNull();
  });

  it('ends the order on a refusal (4xx) and answers why, so the shopper is told', async () => {
    outbox.put(entry('k-refused'));
    const refusal = new ApiError('Samba Rice is out of stock.', 409, 'OUT_OF_STOCK', 'list_items');
    const result = await flushOutbox({ send: async () => Promise.reject(refusal), userId: 'u1', exclusive: free });
    expect(result).toMatchObject({ kind: 'refused', error: refusal, entry: { key: 'k-refused' } });
    expect(outbox.read()).toBeNull();
  });

  it('tells a refusal from a failure worth retrying', () => {
    expect(worthRetrying(network())).toBe(true);
    expect(worthRetrying(new ApiError('x', 502, undefined, null))).toBe(true);
    expect(worthRetrying(new ApiError('session', 401, 'UNAUTHORIZED', null))).toBe(true);
    expect(worthRetrying(new ApiError('closed', 409, 'SHOP_CLOSED', null))).toBe(false);
    expect(worthRetrying(new ApiError('mismatch', 422, 'IDEMPOTENCY_MISMATCH', null))).toBe(false);
    expect(worthRetrying(new ApiError('bad', 400, 'VALIDATION', null))).toBe(false);
  });

  it('never has two sends in flight: a flush while one runs is busy and sends nothing', async () => {
    outbox.put(entry('k-once'));
    const first = gate();
    const send = vi.fn(() => first.promise);
    const running = flushOutbox({ send, userId: 'u1', exclusive: free });
    const second = await flushOutbox({ send, userId: 'u1', exclusive: free });
    expect(second).toEqual({ kind: 'busy' });
    expect(send).toHaveBeenCalledTimes(1);
    first.resolve(order('o3'));
    expect((await running).kind).toBe('placed');
  });

  it('leaves the send to another tab holding the lock, and reads the entry again under the lock', async () => {
    outbox.put(entry('k-tabs'));
    const send = vi.fn(async () => order('o4'));
    // another tab holds the lock: nothing is sent here
    expect(await flushOutbox({ send, userId: 'u1', exclusive: async () => null })).toEqual({ kind: 'busy' });
    // the other tab sent it while this one waited for the lock: nothing is sent again
    const afterOtherTab = async <T>(task: () => Promise<T>) => {
      outbox.clear('k-tabs');
      return task();
    };
    expect(await flushOutbox({ send, userId: 'u1', exclusive: afterOtherTab })).toEqual({ kind: 'empty' });
    expect(send).not.toHaveBeenCalled();
  });

  it("sends only the signed-in shopper's own order", async () => {
    outbox.put(entry('k-other', 'someone-else'));
    const send = vi.fn(async () => order('o5'));
    expect(await flushOutbox({ send, userId: 'u1', exclusive: free })).toEqual({ kind: 'empty' });
    expect(send).not.toHaveBeenCalled();
    expect(outbox.read()?.key).toBe('k-other');
  });

  it('uses the Web Lock when the browser has one, and skips when another holder has it', async () => {
    outbox.put(entry('k-lock'));
    const send = vi.fn(async () => order('o6'));
    const taken = { request: vi.fn(async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<unknown>) => callback(null)) };
    vi.stubGlobal('navigator', { locks: taken });
    expect(await flushOutbox({ send, userId: 'u1' })).toEqual({ kind: 'busy' });
    expect(taken.request).toHaveBeenCalledWith('kade-outbox', { ifAvailable: true }, expect.any(Function));
    const available = { request: vi.fn(async (_name: string, _options: unknown, callback: (lock: unknown) => Promise<unknown>) => callback({ name: 'kade-outbox' })) };
    vi.stubGlobal('navigator', { locks: available });
    expect((await flushOutbox({ send, userId: 'u1' })).kind).toBe('placed');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('makes a fresh random key per attempt', () => {
    const a = newAttemptKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newAttemptKey()).not.toBe(a);
  });
});
