import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers';
import { ReadVersion } from '../lib/read-versions';

const bytes = (text: string) => KeptAnswers.bytesOf(text);

/** A change of the model: of any answer (`products` undefined), or only of the answers showing `products`. */
function change(versions: ReadVersion, products?: readonly string[]): void {
  versions.begin();
  versions.end(products);
}

/**
 * The same question answered twice: an answer is kept from its question's second ask (asked-before.ts), and these
 * tests are about what is kept after that.
 */
function askedTwice(kept: KeptAnswers, ...answer: Parameters<KeptAnswers['keep']>): void {
  kept.keep(...answer);
  kept.keep(...answer);
}

describe('the fast lane\'s kept answers', () => {
  it('keeps an answer from the second time its question is asked, not the first, and again at once after a change', () => {
    const versions = new ReadVersion();
    const kept = new KeptAnswers(versions);
    kept.keep('once', bytes('[1]'), versions.version(), ['p1']);
    expect(kept.get('once')).toBeUndefined();
    expect(kept.stats()).toEqual({ kept: 0, bytes: 0, hits: 0 });
    kept.keep('once', bytes('[1]'), versions.version(), ['p1']);
    expect(kept.get('once')?.body.toString()).toBe('[1]');
    // another question asked once meanwhile is still not kept
    kept.keep('other', bytes('[2]'), versions.version(), ['p2']);
    expect(kept.get('other')).toBeUndefined();
    // the model changed: the answer goes, and the question, asked before, is kept at its next answer
    change(versions);
    expect(kept.get('once')).toBeUndefined();
    kept.keep('once', bytes('[1b]'), versions.version(), ['p1']);
    expect(kept.get('once')?.body.toString()).toBe('[1b]');
  });

  it('gives back what was kept for the same question until the model changes any answer, and nothing after', () => {
    const versions = new ReadVersion();
    change(versions);
    const kept = new KeptAnswers(versions);
    const key = KeptAnswers.keyOf('/api/a', '{"page":1}');
    expect(kept.get(key)).toBeUndefined();
    askedTwice(kept, key, bytes('{"data":1}'), versions.version(), ['p1']);
    expect(kept.get(key)?.body.toString()).toBe('{"data":1}');
    expect(kept.get(key)?.length).toBe('10');
    // bytes of their own, not a view of a shared slab, and UTF-8 counted in bytes
    expect(kept.get(key)?.body.buffer.byteLength).toBe(10);
    expect(KeptAnswers.bytesOf('ශ්‍රී').length).toBe(Buffer.byteLength('ශ්‍රී'));
    expect(kept.get(KeptAnswers.keyOf('/api/a', '{"page":2}'))).toBeUndefined();
    expect(kept.get(KeptAnswers.keyOf('/api/b', '{"page":1}'))).toBeUndefined();
    expect(kept.stats()).toMatchObject({ kept: 1, hits: 3 });
    change(versions);
    expect(kept.get(key)).toBeUndefined();
    expect(kept.stats()).toEqual({ kept: 0, bytes: 0, hits: 3 });
  });

  it('drops at a stock change only the answers showing that product, and keeps the others', () => {
    const versions = new ReadVersion();
    const kept = new KeptAnswers(versions);
    askedTwice(kept, 'shelf', bytes('[p1,p2]'), versions.version(), ['p1', 'p2']);
    askedTwice(kept, 'sheet', bytes('{p2,v1}'), versions.version(), ['p2', 'v1']);
    askedTwice(kept, 'nothing found', bytes('[]'), versions.version(), []);
    change(versions, ['v1']);
    expect(kept.get('sheet')).toBeUndefined();
    expect(kept.stats()).toMatchObject({ kept: 2, hits: 0 });
    change(versions, ['p1']);
    expect(kept.get('shelf')).toBeUndefined();
    expect(kept.get('nothing found')?.body.toString()).toBe('[]');
    // the bytes of what went are no longer counted: the one left's bytes, its key's (two a character) and 200
    expect(kept.stats()).toMatchObject({ kept: 1, hits: 1 });
    expect(kept.stats().bytes).toBe(2 + 'nothing found'.length * 2 + 200);
    askedTwice(kept, 'sheet', bytes('{p2,v1}'), versions.version(), ['p2', 'v1']);
    change(versions, ['p2']);
    expect(kept.stats().kept).toBe(1);
    // a product changed and kept again, then a whole change: everything goes
    askedTwice(kept, 'shelf', bytes('[p1,p2]'), versions.version(), ['p1', 'p2']);
    change(versions);
    expect(kept.stats()).toMatchObject({ kept: 0, bytes: 0 });
  });

  it('does not keep an answer read before a change of what it shows, and keeps one whose products did not change', () => {
    const versions = new ReadVersion();
    const kept = new KeptAnswers(versions);
    let readAt = versions.version();
    change(versions);
    askedTwice(kept, 'k', bytes('old'), readAt, []);
    expect(kept.get('k')).toBeUndefined();
    askedTwice(kept, 'k', bytes('new'), versions.version(), []);
    expect(kept.get('k')?.body.toString()).toBe('new');
    readAt = versions.version();
    change(versions, ['p1']);
    askedTwice(kept, 'with p1', bytes('p1 old'), readAt, ['p1', 'p2']);
    askedTwice(kept, 'without p1', bytes('p2'), readAt, ['p2']);
    expect(kept.get('with p1')).toBeUndefined();
    expect(kept.get('without p1')?.body.toString()).toBe('p2');
  });

  it('stays within its bytes, letting go of the answer used least recently first, and never keeps one too large', () => {
    const kept = new KeptAnswers(new ReadVersion(), 64 * 1000);
    // each costs 500 bytes, the key's and the entry's share besides: about 750
    const answer = bytes('x'.repeat(500));
    for (let i = 0; i < 120; i += 1) {
      askedTwice(kept, `k${i}`, answer, 0, [`p${i}`]);
      // the first stays in use
      expect(kept.get('k0'), `after k${i}`).toBeDefined();
    }
    const { kept: count, bytes: held } = kept.stats();
    expect(held).toBeLessThanOrEqual(64 * 1000);
    expect(count).toBeLessThan(120);
    expect(kept.get('k1')).toBeUndefined();
    expect(kept.get('k119')).toBeDefined();
    // larger than a 64th of the bound
    askedTwice(kept, 'big', bytes('y'.repeat(1001)), 0, []);
    expect(kept.get('big')).toBeUndefined();
    // kept again under the same key: counted once
    const before = kept.stats().bytes;
    askedTwice(kept, 'k119', answer, 0, ['p119']);
    expect(kept.stats().bytes).toBe(before);
  });

  it('passes over an answer used since it was kept once, so that the one unused longest goes first', () => {
    // each answer costs 706 bytes (500, its key's 6 and the entry's 200): room for 64
    const versions = new ReadVersion();
    const kept = new KeptAnswers(versions, 64 * 706);
    const answer = bytes('x'.repeat(500));
    const key = (i: number) => `k${String(i).padStart(2, '0')}`;
    const present = (...keys: string[]) => keys.map((k) => kept.get(k) !== undefined);
    for (let i = 0; i < 64; i += 1) askedTwice(kept, key(i), answer, versions.version(), []);
    expect(kept.stats().kept).toBe(64);
    kept.get('k00');
    askedTwice(kept, 'k64', answer, versions.version(), []); // k01 goes: k00 was used since it was kept
    expect(present('k00', 'k01', 'k02', 'k64')).toEqual([true, false, true, true]);
    // every one used just now (present() above and here): the pass unmarks them all and the one kept longest goes, never the new one
    for (let i = 3; i < 64; i += 1) kept.get(key(i));
    askedTwice(kept, 'k65', answer, versions.version(), []);
    expect(present('k02', 'k03', 'k00', 'k64', 'k65')).toEqual([false, true, true, true, true]);
    // k03, k00, k64 and k65 were used again since; k04 was not: it goes next
    askedTwice(kept, 'k66', answer, versions.version(), []);
    expect(present('k03', 'k04', 'k05', 'k66')).toEqual([true, false, true, true]);
    expect(kept.stats().kept).toBe(64);
  });
});
