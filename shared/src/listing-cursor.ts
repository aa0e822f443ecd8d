// Where a listing goes on: the last product a page showed, by the order the listing keeps (newest first, then by
// id). The shop passes it back as `after` to read the next page from there, which costs one page however deep the
// shopper has scrolled; a page number makes the database walk every product before it (issue 17).
import { UUID_PATTERN } from './ids';

/** The last shown product's `created_at` (UTC, to the microsecond, as PostgreSQL keeps it) and its id. */
export interface ListingCursor {
  at: string;
  id: string;
}

const AT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The longest cursor text: a time of 27 characters, '_' and a UUID of 36. */
export const LISTING_CURSOR_LENGTH = 64;

/** The cursor as the answer's `nextCursor` carries it: '2026-11-25T07:28:10.123456Z_<uuid>'. */
export function formatListingCursor(cursor: ListingCursor): string {
  return `${cursor.at}_${cursor.id}`;
}

/**
 * A cursor from its text, or undefined when the text is not one: a real calendar time (no 13th month, no 30
 * February) in the server's form, and a UUID.
 */
export function parseListingCursor(text: string): ListingCursor | undefined {
  const split = text.indexOf('_');
  if (split < 0 || text.length > LISTING_CURSOR_LENGTH) return undefined;
  const at = text.slice(0, split);
  const id = text.slice(split + 1).toLowerCase();
  if (!AT_PATTERN.test(at) || !UUID_PATTERN.test(id)) return undefined;
  // a time Date reads back unchanged to the millisecond is one the calendar has
  const millis = `${at.slice(0, 23)}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis) return undefined;
  return { at, id };
}
