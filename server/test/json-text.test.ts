// The answers' JSON from texts kept beside the read model's products (json-text.ts, issue 37): the same bytes as
// JSON.stringify, whatever the envelope holds.
import { describe, expect, it } from 'vitest';
import { envelopeJson, KEPT_TEXT_BYTES, neverChanged, textsMade } from '../src/http/json-text';
import { ok } from '../src/http/envelope';

const product = (id: string, extra: Record<string, unknown> = {}) => ({ _id: id, name: `Tea "${id}" \u2028 ත`, nameSi: null, price: 12.5, gone: undefined, category: [{ _id: 'c', name: 'Tea' }], ...extra });

describe('envelopeJson', () => {
  it('writes the bytes JSON.stringify writes, from the kept texts of marked objects', () => {
    const marked = [product('a'), product('b', { more_details: { '"data":0': 'x' } })];
    for (const item of marked) neverChanged(item);
    const sheet = product('s', { product: [product('v')] });
    neverChanged(sheet);
    const envelopes = [
      ok(marked, '', { page: 1, limit: 10, totalCount: 2, totalPage: 1, hasMore: false, totalCountExact: true, nextCursor: null }),
      ok(marked, 'said "data":0 here', { suggestions: { names: ['"data":0'], shelves: [] } }),
      ok(sheet),
      ok([]),
      ok([marked[0], product('unmarked')]),
      ok(null),
      { success: false, error: true, message: 'no', code: 'NOT_FOUND' },
    ];
    for (const envelope of envelopes) {
      expect(envelopeJson(envelope)).toBe(JSON.stringify(envelope));
      // asked again (from the texts kept now): the same
      expect(envelopeJson(envelope)).toBe(JSON.stringify(envelope));
    }
  });
});

describe('the kept texts', () => {
  it('keep at most KEPT_TEXT_BYTES, the texts made first let go first, and the bytes stay the same', () => {
    // about 1 MB of text each (two bytes a character: Sinhala), more of them than the bound holds
    const big = (i: number) => product(`big${i}`, { description: 'ත'.repeat(512 * 1024) });
    const count = Math.ceil(KEPT_TEXT_BYTES / (1024 * 1024)) + 4;
    const products: object[] = Array.from({ length: count }, (_, i) => big(i));
    for (const item of products) neverChanged(item);
    const holds = Math.floor(KEPT_TEXT_BYTES / (JSON.stringify(products[0]).length * 2));
    const same = (item: object) => expect(envelopeJson(ok(item))).toBe(JSON.stringify(ok(item)));
    // asked for twice: kept from the second time
    for (const item of products) envelopeJson(ok(item));
    for (const item of products) envelopeJson(ok(item));
    const made = textsMade.count;
    // the last `holds` texts are kept
    for (const item of products.slice(count - holds)) envelopeJson(ok(item));
    expect(textsMade.count).toBe(made);
    // one more text kept (its second ask): the one made first of those goes
    const more = big(count);
    neverChanged(more);
    same(more);
    same(more);
    expect(textsMade.count).toBe(made + 2);
    same(products[count - holds + 1] as object);
    expect(textsMade.count).toBe(made + 2);
    same(products[count - holds] as object);
    expect(textsMade.count).toBe(made + 3);
    // one let go before: made again, the same bytes, and kept only once asked for twice again
    same(products[0] as object);
    same(products[0] as object);
    expect(textsMade.count).toBe(made + 5);
    same(products[0] as object);
    expect(textsMade.count).toBe(made + 5);
  });

  it('are kept from the second time an object is asked for: a text asked for once dies young', () => {
    const item = product('once');
    neverChanged(item);
    const made = textsMade.count;
    const same = () => expect(envelopeJson(ok([item]))).toBe(JSON.stringify(ok([item])));
    same();
    expect(textsMade.count).toBe(made + 1);
    // asked again: made again, and kept now
    same();
    expect(textsMade.count).toBe(made + 2);
    same();
    same();
    expect(textsMade.count).toBe(made + 2);
  });
});
