import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtom } from 'jotai';
import { appendUnique, shuffle } from '@kade/shared';
import { takeBoot } from '../../../lib/boot';
import { showError } from '../../../lib/show-error';
import { fetchListingPage } from '../api/catalogue-api';
import { listingCacheAtom, listingKey, type ListingCacheEntry } from '../state/listing-cache';

const EMPTY: ListingCacheEntry = { data: [], page: 0, hasMore: true };

/**
 * The first page the server wrote into this very page for its listing (boot data), until the listing has it in
 * its cache: read once, in the order the server shuffled it (its first pictures are the ones the head preloads).
 * null until read; undefined when the page had none, or once it is in the cache.
 */
let booted: { key: string; entry: ListingCacheEntry } | undefined | null = null;

function bootedEntry(key: string): ListingCacheEntry | undefined {
  if (booted === null) {
    const listing = takeBoot('listing');
    booted = listing
      ? { key: listingKey(listing.categoryId, listing.subCategoryId), entry: { data: listing.items, page: 1, hasMore: listing.hasMore, cursor: listing.nextCursor } }
      : undefined;
  }
  return booted?.key === key ? booted.entry : undefined;
}

/**
 * A listing's pages of 8, each shuffled, appended without duplicates, cached per category and sub-category
 * pair (a return shows the cache without a request); the page starts again on a route change. Each page after
 * the first is asked for after the last one's cursor, so a long scroll costs the server one page each time. The
 * listing a shopper opens the shop on starts from the first page the server wrote into the page, without asking.
 */
export function useListing(categoryId: string, subCategoryId: string) {
  const key = listingKey(categoryId, subCategoryId);
  const [cache, setCache] = useAtom(listingCacheAtom);
  const first = cache[key] ? undefined : bootedEntry(key);
  const entry = cache[key] ?? first ?? EMPTY;
  const [loading, setLoading] = useState(false);
  const busy = useRef<string | null>(null);

  const loadNext = useCallback(async () => {
    // the page's own first page may not be in the cache yet (it goes there after the first render)
    const current = cache[key] ?? bootedEntry(key) ?? EMPTY;
    if (busy.current === key || !current.hasMore) return;
    busy.current = key;
    setLoading(true);
    const page = current.page + 1;
    try {
      const next = await fetchListingPage(categoryId, subCategoryId, page, current.cursor);
      setCache((all) => {
        const before = all[key] ?? current;
        return { ...all, [key]: { data: appendUnique(before.data, shuffle(next.items)), page, hasMore: next.hasMore, cursor: next.nextCursor } };
      });
    } catch (error) {
      showError(error);
      setCache((all) => ({ ...all, [key]: { ...(all[key] ?? current), hasMore: false } }));
    } finally {
      if (busy.current === key) busy.current = null;
      setLoading(false);
    }
  }, [cache, categoryId, key, setCache, subCategoryId]);

  const firstLoad = !cache[key] && !first;
  useEffect(() => {
    if (first) {
      // the page's own first page, kept like any page asked for (and given out once)
      booted = undefined;
      setCache((all) => (all[key] ? all : { ...all, [key]: first }));
      return;
    }
    // a pair seen before is shown from the cache, without a request
    if (firstLoad) void loadNext();
  }, [first, firstLoad, key, loadNext, setCache]);

  return { items: entry.data, hasMore: entry.hasMore, loading: loading || firstLoad, loadNext, started: entry.page > 0 };
}
