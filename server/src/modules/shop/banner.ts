import type { Knex } from 'knex';

/** The `app_meta` row holding the home page's banner (`{ url }`): the seed writes it, the shop's settings read it. */
export const BANNER_KEY = 'home_banner';

/** The banner's picture, or null when none is set (or the row holds no usable url). */
export async function readBanner(db: Knex): Promise<{ url: string } | null> {
  const row = (await db('app_meta').where({ key: BANNER_KEY }).first('value')) as { value: unknown } | undefined;
  const value = typeof row?.value === 'string' ? (JSON.parse(row.value) as unknown) : row?.value;
  const url = (value as { url?: unknown } | undefined)?.url;
  return typeof url === 'string' && url !== '' ? { url } : null;
}
