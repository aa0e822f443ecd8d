import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS } from '@kade/shared';
import { describe, expect, it } from 'vitest';
import { CACHED_GET_PATHS, isCatalogueRead, POSTED_READS_CACHE } from './catalogue-reads';

const worker = readFileSync(fileURLToPath(new URL('../../public/service-worker.js', import.meta.url)), 'utf8');

describe('the catalogue reads kept for browsing offline', () => {
  it('are the ones the service worker keeps, by the same paths', () => {
    const listed = /const PUBLIC_READS = \[([^\]]*)\]/.exec(worker)?.[1] ?? '';
    const paths = [...listed.matchAll(/'([^']+)'/g)].map((match) => match[1]);
    expect(paths.sort()).toEqual([...CACHED_GET_PATHS].sort());
    expect(paths).toContain(ENDPOINTS.products.home.path);
  });

  it('keep their page-side cache across the worker\'s activations (its name in the worker\'s version)', () => {
    const version = /const VERSION = '([^']+)'/.exec(worker)?.[1];
    expect(POSTED_READS_CACHE).toBe(`kade-posted-reads-${version}`);
    expect(worker).toContain('kade-posted-reads-${VERSION}');
  });

  it('are public catalogue reads only: never the cart, the orders, the account or the shop\'s settings', () => {
    expect(isCatalogueRead(ENDPOINTS.products.listing)).toBe(true);
    expect(isCatalogueRead(ENDPOINTS.products.details)).toBe(true);
    for (const e of [ENDPOINTS.cart.list, ENDPOINTS.orders.list, ENDPOINTS.account.details, ENDPOINTS.shop.config, ENDPOINTS.products.list]) {
      expect(isCatalogueRead(e)).toBe(false);
    }
  });
});
