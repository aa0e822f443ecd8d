// The checks a catalogue write makes against the database before it writes: images are the shop's own
// uploads, and every id it names exists. Each refusal is a 400 naming the field.
import type { Knex } from 'knex';
import { uploadedImageKey } from '@kade/shared';
import { AppError } from '../../http/errors';
import type { Db } from '../../db/database';

/** Every image address must be one of the shop's uploads (the schema checked the form; this checks it exists). */
export async function assertUploadedImages(db: Db, urls: readonly string[], field: string): Promise<void> {
  const keys = urls.map((url) => ({ url, key: uploadedImageKey(url) }));
  const wanted = [...new Set(keys.flatMap(({ key }) => (key ? [key] : [])))];
  const found = new Set(wanted.length > 0 ? ((await db('stored_files').whereIn('key', wanted).pluck('key')) as string[]) : []);
  const missing = keys.find(({ key }) => !key || !found.has(key));
  if (missing) {
    throw new AppError('IMAGE_NOT_FOUND', `${field} ${missing.url} is not an image uploaded to this shop: upload it first`, {
      field,
      details: { image: missing.url },
    });
  }
}

export interface KnownIds {
  /** The rows that count, e.g. `db('categories')`, or products that are not deleted. */
  rows: (db: Db) => Knex.QueryBuilder;
  field: string;
  /** What an id names, in words: 'category', 'sub-category', 'linked product'. */
  what: string;
}

/** Every id must name an existing row; otherwise 400 listing the unknown ones. */
export async function assertKnownIds(db: Db, ids: readonly string[], known: KnownIds): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(((await known.rows(db).whereIn('id', [...ids]).pluck('id')) as string[]).map((id) => id.toLowerCase()));
  const unknown = ids.filter((id) => !found.has(id.toLowerCase()));
  if (unknown.length > 0) {
    throw new AppError('UNKNOWN_REFERENCE', `unknown ${known.what}${unknown.length > 1 ? ' ids' : ' id'}: ${unknown.join(', ')}`, {
      field: known.field,
      details: { unknown },
    });
  }
}

export const CATEGORIES: KnownIds = { rows: (db) => db('categories'), field: 'category', what: 'category' };
export const SUB_CATEGORIES: KnownIds = { rows: (db) => db('sub_categories'), field: 'subCategory', what: 'sub-category' };
/** Linked (related) products: parent products that are not deleted. */
export const LINKABLE_PRODUCTS: KnownIds = {
  rows: (db) => db('products').whereNull('deleted_at').whereNull('parent_id'),
  field: 'product',
  what: 'linked product',
};

/** PostgreSQL's code for a unique index refusing a row. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** PostgreSQL's code for a foreign key refusing a row (a referenced row went away meanwhile). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23503';
}

/** '1 product', '3 products' ('1 sub-category', '2 sub-categories' with the plural given). */
export function plural(count: number, word: string, words = `${word}s`): string {
  return `${count} ${count === 1 ? word : words}`;
}
