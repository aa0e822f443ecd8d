import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../src/db/migrations/index';
import { migrateLatest, pendingMigrations, rollbackAll } from '../src/db/migrate';
import { toCount } from '../src/db/database';
import { createTestDatabase, DB_KINDS, type TestDatabase } from './helpers';

const TABLES = [
  'app_meta', 'users', 'refresh_tokens', 'password_reset_codes', 'rate_limit_buckets', 'stored_files', 'categories',
  'sub_categories', 'sub_category_categories', 'products', 'product_categories', 'product_sub_categories', 'product_links',
  'cart_items', 'addresses', 'orders', 'order_lines', 'order_events', 'idempotency_keys',
];

/** The migrations as knex reads them, for the tests that apply them one at a time. */
const migrationSource = {
  getMigrations: async () => MIGRATIONS.map(([n]) => n),
  getMigrationName: (n: string) => n,
  getMigration: async (n: string) => MIGRATIONS.find(([m]) => m === n)![1],
};

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase(kind, { empty: true });
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('finish a start that was killed halfway, even with knex\'s lock left set', async () => {
    const knex = test.db.knex;
    await knex.migrate.up({ migrationSource }); // the first migration landed, then the process died
    await knex('knex_migrations_lock').update({ is_locked: 1 }); // …holding knex's lock
    expect(await pendingMigrations(test.db)).toHaveLength(MIGRATIONS.length - 1);

    const applied = await migrateLatest(test.db);
    expect(applied).toEqual(MIGRATIONS.slice(1).map(([n]) => n));
    expect(await pendingMigrations(test.db)).toEqual([]);
    expect(await migrateLatest(test.db)).toEqual([]); // a second start applies nothing
  });

  it('create every table of the data model', async () => {
    const rows = await test.db.knex('information_schema.tables').where({ table_schema: 'public' }).select('table_name');
    const names = rows.map((r: { table_name: string }) => r.table_name);
    for (const table of TABLES) expect(names, table).toContain(table);
  });

  it('create the indexes later work relies on', async () => {
    const rows = await test.db.knex('pg_indexes').where({ schemaname: 'public' }).select('indexname');
    const names = rows.map((r: { indexname: string }) => r.indexname);
    for (const index of [
      'products_search_vector', 'products_name_trgm', 'product_categories_category_id_product_id_index',
      'product_sub_categories_sub_category_id_product_id_index', 'orders_status_created', 'orders_user_created',
      'orders_updated', 'users_mobile_unique', 'categories_name_unique',
    ]) {
      expect(names, index).toContain(index);
    }
  });

  it('guard the data: no negative stock, no unknown role, case-insensitive unique names', async () => {
    const knex = test.db.knex;
    const [good] = await knex('products').insert({ name: 'Good', price_paise: 100 }).returning('id');
    await expect(knex('product_stock').insert({ product_id: (good as { id: string }).id, stock: -1 })).rejects.toThrow(/product_stock_check/);
    await knex('products').where({ id: (good as { id: string }).id }).del();
    await expect(knex('products').insert({ name: 'Bad', price_paise: 100, discount: 101 })).rejects.toThrow(/products_discount_check/);
    await expect(knex('users').insert({ name: 'X', email: 'x@y.lk', mobile: '0770000000', password_hash: 'h', role: 'ROOT' })).rejects.toThrow(/users_role_check/);
    await knex('categories').insert({ name: 'Vegetable' });
    await expect(knex('categories').insert({ name: ' vegetable ' })).rejects.toThrow(/categories_name_unique/);
    await knex('categories').del();
  });

  it('find products by a typo and by a whole word', async () => {
    const knex = test.db.knex;
    await knex('products').insert([
      { name: 'Chicken Curry Cut 1kg', price_paise: 145000 },
      { name: 'Cream Crackers 490g', price_paise: 62000 },
    ]);
    const typo = await knex('products').whereRaw('similarity(lower(name), ?) > 0.2', ['chiken curry']).select('name');
    expect(typo.map((r: { name: string }) => r.name)).toEqual(['Chicken Curry Cut 1kg']);
    const word = await knex('products').whereRaw("search_vector @@ to_tsquery('simple', ?)", ['crackers']).select('name');
    expect(word.map((r: { name: string }) => r.name)).toEqual(['Cream Crackers 490g']);
    const [row] = await knex('products').count('* as count');
    expect(toCount(row?.count)).toBe(2);
    await knex('products').del();
  });

  it('roll back completely and apply again', async () => {
    await rollbackAll(test.db);
    const left = await test.db.knex('information_schema.tables').where({ table_schema: 'public' }).whereIn('table_name', TABLES).count('* as count');
    expect(toCount(left[0]?.count)).toBe(0);
    expect(await migrateLatest(test.db)).toHaveLength(MIGRATIONS.length);
  });

  it("keep on each order a rider brought back before the columns existed its last 'Could not deliver'", async () => {
    const knex = test.db.knex;
    await rollbackAll(test.db);
    // every migration before the one that adds them
    while ((await pendingMigrations(test.db))[0] !== '20261128090000_order_returned') await knex.migrate.up({ migrationSource });
    const [rider, shopper] = (await knex('users')
      .insert([
        { name: 'Old Rider', email: 'rider@kade.test', mobile: '0770000001', password_hash: 'h', role: 'RIDER' },
        { name: 'Old Shopper', email: 'shop@kade.test', mobile: '0770000002', password_hash: 'h', role: 'USER' },
      ])
      .returning('id')) as Array<{ id: string }>;
    const order = async (code: string, riderId: string | null) =>
      ((await knex('orders')
        .insert({ order_code: code, user_id: shopper!.id, status: 'Processing', delivery_option: '50 Minutes to 1 Hour', undiscounted_paise: 100, subtotal_paise: 100, total_paise: 100, delivery_address: JSON.stringify({}), rider_id: riderId })
        .returning('id')) as Array<{ id: string }>)[0]!.id;
    const event = (orderId: string, kind: string, note: string, at: string) =>
      knex('order_events').insert({ order_id: orderId, actor_id: rider!.id, from_status: 'Shipped', to_status: 'Processing', kind, note, created_at: at });
    const back = await order('B1', null); // brought back twice: the later reason counts
    await event(back, 'returned', 'Gate locked', '2026-11-20T08:00:00Z');
    await event(back, 'assigned', 'assigned', '2026-11-20T09:00:00Z');
    await event(back, 'returned', 'Nobody at home', '2026-11-20T10:00:00Z');
    const out = await order('B2', rider!.id); // brought back, then given out again
    await event(out, 'returned', 'Wrong lane', '2026-11-20T08:00:00Z');
    await event(out, 'assigned', 'assigned', '2026-11-20T09:00:00Z');
    const never = await order('B3', null);

    expect(await migrateLatest(test.db)).toContain('20261128090000_order_returned');
    const rows = (await knex('orders').whereIn('id', [back, out, never]).select('order_code', 'returned_reason', 'returned_at', 'returned_by')) as Array<{ order_code: string; returned_reason: string | null; returned_at: Date | null; returned_by: string | null }>;
    const byCode = Object.fromEntries(rows.map((r) => [r.order_code, r]));
    expect(byCode.B1).toMatchObject({ returned_reason: 'Nobody at home', returned_by: rider!.id });
    expect(new Date(byCode.B1!.returned_at!).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    expect(byCode.B2).toMatchObject({ returned_reason: null, returned_at: null, returned_by: null });
    expect(byCode.B3).toMatchObject({ returned_reason: null, returned_at: null, returned_by: null });
    await knex('order_events').del();
    await knex('orders').del();
    await knex('users').del();
  });
  it('start each rider\'s running cash balance from the history: cash on their orders less their hand-ins', async () => {
    const knex = test.db.knex;
    await rollbackAll(test.db);
    while ((await pendingMigrations(test.db))[0] !== '20261201090000_rider_cash_balance') await knex.migrate.up({ migrationSource });
    const [owing, settled, idle, shopper] = (await knex('users')
      .insert(['Owing', 'Settled', 'Idle', 'Shopper'].map((name, i) => ({ name, email: `${name.toLowerCase()}@kade.test`, mobile: `077000001${i}`, password_hash: 'h', role: name === 'Shopper' ? 'USER' : 'RIDER' })))
      .returning('id')) as Array<{ id: string }>;
    const delivered = (code: string, riderId: string | null, paise: number | null, at: string | null) =>
      knex('orders').insert({
        order_code: code, user_id: shopper!.id, status: 'Delivered', delivery_option: '50 Minutes to 1 Hour', undiscounted_paise: 100, subtotal_paise: 100,
        total_paise: 100, delivery_address: JSON.stringify({}), rider_id: riderId, cash_collected_paise: paise, cash_collected_at: at,
      });
    await delivered('C1', owing!.id, 125_000, '2026-11-20T08:00:00Z');
    await delivered('C2', owing!.id, 40_050, '2026-11-21T08:00:00Z');
    await delivered('C3', settled!.id, 99_900, '2026-11-21T09:00:00Z');
    await delivered('C4', null, 70_000, '2026-11-21T09:00:00Z'); // delivered by staff: no rider holds it
    await delivered('C5', idle!.id, null, null); // not a cash order
    await knex('cash_hand_ins').insert([
      { rider_id: owing!.id, amount_paise: 100_000, received_at: '2026-11-21T10:00:00Z' },
      { rider_id: settled!.id, amount_paise: 99_900, received_at: '2026-11-21T10:00:00Z' },
    ]);

    expect(await migrateLatest(test.db)).toContain('20261201090000_rider_cash_balance');
    const rows = (await knex('rider_cash').select('rider_id', knex.raw('held_paise::int as held'))) as Array<{ rider_id: string; held: number }>;
    const held = Object.fromEntries(rows.map((r) => [r.rider_id, r.held]));
    expect(held).toEqual({ [owing!.id]: 65_050, [settled!.id]: 0 });
    await knex('cash_hand_ins').del();
    await knex('orders').del();
    expect(await knex('rider_cash').where('held_paise', '<>', 0).count('* as n').then((r) => toCount(r[0]?.n))).toBe(0);
    await knex('users').del();
  });

  it('give a voided hand-in back to the rider\'s balance, and take it off again when rolled back', async () => {
    const knex = test.db.knex;
    expect(await pendingMigrations(test.db)).toEqual([]);
    const [rider, shopper] = (await knex('users')
      .insert(['Void Rider', 'Void Shopper'].map((name, i) => ({ name, email: `void${i}@kade.test`, mobile: `077000002${i}`, password_hash: 'h', role: i === 0 ? 'RIDER' : 'USER' })))
      .returning('id')) as Array<{ id: string }>;
    await knex('orders').insert({
      order_code: 'V1', user_id: shopper!.id, status: 'Delivered', delivery_option: '50 Minutes to 1 Hour', undiscounted_paise: 100, subtotal_paise: 100,
      total_paise: 100, delivery_address: JSON.stringify({}), rider_id: rider!.id, cash_collected_paise: 90_000, cash_collected_at: '2026-11-21T08:00:00Z',
    });
    const [slip] = (await knex('cash_hand_ins').insert({ rider_id: rider!.id, amount_paise: 60_000, received_at: '2026-11-21T10:00:00Z' }).returning('id')) as Array<{ id: string }>;
    const heldNow = async () => Number((await knex('rider_cash').where({ rider_id: rider!.id }).first('held_paise')).held_paise);
    expect(await heldNow()).toBe(30_000);
    await expect(knex('cash_hand_ins').where({ id: slip!.id }).update({ voided_at: '2026-11-21T11:00:00Z' })).rejects.toThrow(/cash_hand_ins_void_check/);
    await knex('cash_hand_ins').where({ id: slip!.id }).update({ voided_at: '2026-11-21T11:00:00Z', voided_by: rider!.id, void_reason: 'Typo' });
    expect(await heldNow()).toBe(90_000);

    // down through the void migration (and the later ones), then up again
    while (!(await pendingMigrations(test.db)).includes('20261202090000_hand_in_void')) await knex.migrate.down({ migrationSource });
    expect((await pendingMigrations(test.db))[0]).toBe('20261202090000_hand_in_void');
    expect(await heldNow()).toBe(30_000);
    expect(await knex.schema.hasColumn('cash_hand_ins', 'voided_at')).toBe(false);
    expect(await migrateLatest(test.db)).toContain('20261202090000_hand_in_void');
    expect(await heldNow()).toBe(30_000);
    await knex('cash_hand_ins').del();
    await knex('orders').del();
    await knex('users').del();
  });
});
