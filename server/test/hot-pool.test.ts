// The hot statements' own pool of connections (db/database.ts `hotPoolOf`, used by db/prepared.ts) on
// PostgreSQL: a connection is lent only once its session settings are in force, and one that dies while lent (its
// socket reset, its backend ended) fails its statement without ending the process, and is never lent again. When
// every connection stays busy for as long as a request may wait, the shopper is told 503 BUSY with a Retry-After.
// In the run only with TEST_DATABASE_URL (scripts/test-groups.mjs): the embedded database has no such pool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { hotPoolOf } from '../src/db/database';
import knex, { type Knex } from 'knex';
import { errorAnswer } from '../src/http/envelope';
import { createLogger } from '../src/logger';
import { statementRows, statementTransaction } from '../src/db/prepared';
import { createTestDatabase, insertProduct, startTestServer, type TestDatabase } from './helpers';

type Lent = pg.PoolClient & { connection: { stream: { destroy(error?: Error): void } }; processID: number };

describe('the hot pool on PostgreSQL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const found = hotPoolOf(database.db.knex);
    if (!found) throw new Error('a PostgreSQL database has a hot pool');
    pool = found;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('lends every connection with the session settings already in force', async () => {
    const clients = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    try {
      for (const client of clients) {
        // asked in simple protocol, so nothing of the setup can still be queued before it
        const settings = await client.query<{ jit: string; threshold: string }>("select current_setting('jit') as jit, current_setting('pg_trgm.word_similarity_threshold') as threshold");
        expect(settings.rows[0]?.jit).toBe('off');
        expect(Number(settings.rows[0]?.threshold)).toBeGreaterThan(0);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('keeps the process alive when a lent connection\'s socket dies, and lends a new one after', async () => {
    const client = (await pool.connect()) as Lent;
    const slow = client.query('select pg_sleep(5)');
    const dead = client.processID;
    client.connection.stream.destroy(new Error('connection reset by peer (test)'));
    await expect(slow).rejects.toThrow();
    // with no listener of its own the client's 'error' event would have been thrown as an uncaught exception
    client.release(true);
    const [row] = await statementRows<{ pid: number }>(database.db.knex, 'select pg_backend_pid() as pid where ?::integer = 1', [1]);
    expect(row?.pid).toBeTypeOf('number');
    expect(row?.pid).not.toBe(dead);
  });

  it('fails a transaction whose backend is ended mid-way, destroys its connection and rolls back its write', async () => {
    await database.db.knex.raw('create table if not exists hot_pool_probe (n integer)');
    let backend = 0;
    const admin = database.db.knex;
    await expect(
      statementTransaction(admin, async (tx) => {
        const [me] = await tx.rows<{ pid: number }>('select pg_backend_pid() as pid where ?::integer = 1', [1]);
        backend = me!.pid;
        await tx.rows('insert into hot_pool_probe (n) values (?)', [1]);
        await admin.raw('select pg_terminate_backend(?)', [backend]);
        return tx.rows('select ?::integer as n', [2]);
      }),
    ).rejects.toThrow();
    const rows = (await admin.raw('select count(*)::integer as n from hot_pool_probe')) as { rows: Array<{ n: number }> };
    expect(rows.rows[0]?.n).toBe(0);
    // the pool has let the dead connection go: every connection lent now is alive and another backend
    const clients = await Promise.all(Array.from({ length: 3 }, () => pool.connect()));
    try {
      for (const client of clients) {
        const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid;
        expect(pid).not.toBe(backend);
      }
    } finally {
      for (const client of clients) client.release();
    }
  });

  it('answers 503 BUSY with a Retry-After, not a 500, when no connection comes free in time; and serves again after', async () => {
    const small = await createTestDatabase('postgres', { poolMax: 1 });
    const server = await startTestServer('postgres', { database: small });
    try {
      const product = await insertProduct(server, { name: 'Ceylon Cinnamon 100g', price: 450, stock: 5, categories: ['Spices'] });
      const category = (await server.db.knex('categories').whereRaw('lower(name) = ?', ['spices']).first<{ id: string }>('id'))!.id;
      // a category's strip is a hot statement while the read model cannot answer (it answers from memory once built
      // and hearing the changes, search-index.ts): deaf, the strip waits for the only connection, held here, until
      // the pool gives up
      server.searchIndex.hearing(false);
      const held = await hotPoolOf(small.db.knex)!.connect();
      let answer;
      try {
        answer = await server.api<{ code: string; message: string; data: { retryAfterSeconds: number } }>('POST', '/api/product/get-product-by-category', { id: category });
      } finally {
        held.release();
      }
      expect(answer.status).toBe(503);
      expect(answer.body).toMatchObject({ success: false, code: 'BUSY', data: { retryAfterSeconds: 5 } });
      expect(answer.body.message).toMatch(/busy/i);
      expect(answer.headers.get('retry-after')).toBe('5');
      const again = await server.api<{ data: Array<{ _id: string }> }>('POST', '/api/product/get-product-by-category', { id: category });
      expect(again.status).toBe(200);
      expect(again.body.data.map((p) => p._id)).toContain(product);
    } finally {
      await server.stop();
      await small.drop();
    }
  });

  it('answers knex\'s own wait for a connection as 503 BUSY too', async () => {
    const tiny = knex({ client: 'pg', connection: process.env.TEST_DATABASE_URL, pool: { min: 0, max: 1 }, acquireConnectionTimeout: 50, log: { warn: () => undefined } });
    // its one connection, held; opening it may take longer than the 50 ms on a busy machine: the pool keeps a
    // connection whose wait gave up, so asking again ends once it is open
    let holding: Knex.Transaction | undefined;
    while (!holding) holding = await tiny.transaction().catch((error: unknown) => (error instanceof knex.KnexTimeoutError ? undefined : Promise.reject(error)));
    try {
      const error: unknown = await tiny.raw('select 1').then(() => undefined, (e: unknown) => e);
      const answer = errorAnswer(error, createLogger('silent'), { requestId: 'test-request-1', method: 'GET', path: '/api/category/get' });
      expect(answer).toMatchObject({ status: 503, body: { code: 'BUSY' }, retryAfterSeconds: 5 });
      // anything else unexpected stays a 500 that names nothing of it
      const other = errorAnswer(new Error('relation "x" does not exist'), createLogger('silent'), { requestId: 'test-request-2', method: 'GET', path: '/' });
      expect(other.status).toBe(500);
      expect(JSON.stringify(other.body)).not.toContain('relation');
    } finally {
      await holding.rollback();
      await tiny.destroy();
    }
  });
});
