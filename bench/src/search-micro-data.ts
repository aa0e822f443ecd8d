// The synthetic catalogue of search-micro.ts and search-route.ts: drawn as bench-data.ts draws the bench's, handed to
// the read model through a stand-in for knex, and the texts a shopper types into search (every one new).
import type { Knex } from 'knex';
import { drawProduct, SHELVES } from './bench-data';
import { seededRandom } from '@kade/server/testing';

const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const uuid = (random: () => number): string => {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};
const KEYWORDS = ['kiri', 'haal', 'sahal', 'pol', 'mee kiri', 'biskut'];

/** Rows as SHOP_MODEL_SELECT reads them: the visible products of a catalogue drawn like the bench's. */
export function catalogueRows(count: number) {
  const random = seededRandom(20261122);
  const named = (name: string) => ({ _id: uuid(random), name, nameSi: null, nameTa: null });
  const all = named('All Product');
  const allSub = named('All Products');
  const shelves = SHELVES.flatMap((shelf) => {
    const category = named(shelf.category);
    return Object.entries(shelf.subs).map(([sub, words]) => ({ category, sub: named(sub), words }));
  });
  const now = Date.UTC(2026, 10, 1);
  const rows = [];
  for (let i = 0; i < count; i += 1) {
    const { shelf, brand, size, name, other } = drawProduct(random, shelves);
    if (i % 100 === 0 || i % 33 === 0) continue; // deleted or unpublished: not in the model
    const created = new Date(now - (count - i) * 60_000).toISOString();
    const id = uuid(random);
    const variations = random() < 0.15 ? 2 : 0;
    rows.push({
      id,
      parent_id: null,
      name,
      name_si: other ? `${brand} ${other[0]} ${size}` : null,
      name_ta: other ? `${brand} ${other[1]} ${size}` : null,
      unit: size,
      images: ['/files/a-480.webp'],
      price_paise: 5000 + i,
      discount: '0',
      stock: i % 50,
      total_stock: 200,
      publish: true,
      single_quantity: i % 250 === 0,
      description: 'Product images are for illustration only.',
      more_details: [['Brand', brand]],
      created_at: created,
      updated_at: created,
      category_list: [shelf.category, all],
      sub_category_list: [shelf.sub, allSub],
      linked_ids: [],
      keywords: i % 20 === 0 ? [pick(random, KEYWORDS)] : [],
      variation_list: Array.from({ length: variations }, (_, v) => ({
        id: uuid(random),
        parent_id: id,
        name: `${name} ${['Small', 'Medium'][v]}`,
        name_si: null,
        name_ta: null,
        unit: size,
        images: [],
        price_paise: 4000 + v,
        discount: 0,
        stock: v,
        total_stock: 100,
        publish: true,
        single_quantity: false,
        description: '',
        more_details: [],
        created_at: created,
        updated_at: created,
        parent_name: name,
      })),
      shelf_at: `${created.slice(0, 23)}000Z`,
    });
  }
  return rows;
}


type Row = ReturnType<typeof catalogueRows>[number];

/** A stand-in for knex answering the read model's statements from `rows` (the build reads pages by id, `p.id > ?`, `limit`, as PostgreSQL sorts uuids). */
export function stubDb(rows: readonly Row[]): Knex {
  const byId = [...rows].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  const raw = async (sql: string, bindings: readonly string[] = []) => {
    const limit = /\blimit (\d+)/.exec(sql);
    if (!limit) return { rows };
    const after = sql.includes('p.id > ?') ? (bindings[0] as string) : undefined;
    return { rows: byId.filter((row) => after === undefined || row.id > after).slice(0, Number(limit[1])) };
  };
  return { raw } as unknown as Knex;
}

/** `count` different texts as the bench's `search, every text new` types them (bench-catalogue.ts typedTexts): lowercased names cut after 2 letters to whole. */
export function typedTexts(rows: readonly Row[], count: number, typing: () => number): string[] {
  const names = rows.map((row) => row.name.toLowerCase()).sort();
  const typed = new Set<string>();
  for (let tries = 0; typed.size < count && tries < count * 50; tries += 1) {
    const name = names[Math.floor(typing() * names.length)] as string;
    const text = name.slice(0, 2 + Math.floor(typing() * (name.length - 1))).trim();
    if (/[\p{L}\p{N}]/u.test(text)) typed.add(text);
  }
  return [...typed];
}
