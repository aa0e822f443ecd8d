// The catalogue the web part of the benchmark shows Lighthouse (issue 17: a phone sees the shop fast with
// 10k products on PostgreSQL): the demo catalogue the server seeds (real pictures, every category), grown to
// the size asked by copying its products in a few SQL statements. Each copy keeps its original's pictures,
// shelves and stock and gets a numbered name, and the copies are older than the originals, so the home page,
// a listing and a search show the demo's own products first, read from indexes holding ten thousand rows.
import type { Knex } from 'knex';

const COPIED = `parent_id, name, unit, images, price_paise, discount, total_stock, description, more_details, publish,
  single_quantity, deleted_at, name_si, name_ta`;

/** Grows the catalogue's products (not variations) to `target` by copies of the demo's; answers the count. */
export async function growCatalogue(db: Knex, target: number): Promise<number> {
  return db.transaction(async (trx) => {
    const [{ count }] = (await trx('products').whereNull('parent_id').count('* as count')) as [{ count: string | number }];
    const have = Number(count);
    if (have === 0) throw new Error('the catalogue to grow is empty: seed the demo catalogue first');
    const rounds = Math.ceil(Math.max(0, target - have) / have);
    if (rounds === 0) return have;
    // copies of every product, `rounds` times, numbered, older than every original (minutes before them)
    await trx.raw(
      `create temporary table grown on commit drop as
       select gen_random_uuid() as id, p.id as source, n as round
       from products p cross join generate_series(1, ?::int) as n
       where p.parent_id is null
       order by n, p.created_at desc, p.id
       limit ?`,
      [rounds, target - have],
    );
    await trx.raw(
      `insert into products (id, ${COPIED}, created_at, updated_at)
       select g.id, p.parent_id, p.name || ' (' || g.round || ')', p.unit, p.images, p.price_paise, p.discount,
         p.total_stock, p.description, p.more_details, p.publish, p.single_quantity, p.deleted_at, p.name_si, p.name_ta,
         p.created_at - make_interval(mins => g.round), p.updated_at - make_interval(mins => g.round)
       from grown g join products p on p.id = g.source`,
    );
    await trx.raw('insert into product_stock (product_id, stock) select g.id, s.stock from grown g join product_stock s on s.product_id = g.source');
    await trx.raw('insert into product_categories (product_id, category_id) select g.id, c.category_id from grown g join product_categories c on c.product_id = g.source');
    await trx.raw('insert into product_sub_categories (product_id, sub_category_id) select g.id, s.sub_category_id from grown g join product_sub_categories s on s.product_id = g.source');
    const [{ count: now }] = (await trx('products').whereNull('parent_id').count('* as count')) as [{ count: string | number }];
    return Number(now);
  }).then(async (count) => {
    await db.raw('analyze products, product_stock, product_categories, product_sub_categories');
    return count;
  });
}
