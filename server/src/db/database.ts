import knex, { type Knex } from 'knex';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { ConfigError, type Config } from '../config';

export type DatabaseKind = 'postgres' | 'pglite';

/** What a statement runs on: knex itself (a connection from its pool) or a knex transaction (its one connection). */
export type Db = Knex | Knex.Transaction;

export interface Database {
  kind: DatabaseKind;
  knex: Knex;
  /** PostgreSQL's connection URL, for a connection outside the pool (the catalogue's LISTEN). */
  url?: string;
  /** PGlite: calls `onNotice` with the payload of every NOTIFY on `channel` (its one session); resolves with the way to stop. */
  listen?(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  /** PGlite: the whole data folder as a tar file, which `openDatabase`'s `image` opens again (the tests start from one). */
  image?(): Promise<Blob>;
  /** Checks the database answers; used by the health endpoint. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// numeric and bigint come back from pg as strings; our amounts are integer paise well inside 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

/**
 * Typo tolerance of product search: how alike (0 to 1) a search text and a stretch of a product name must be
 * for pg_trgm's `%>` to match them ('chiken' and 'chicken' score 0.5; the extension's default of 0.6 would
 * miss it).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;
/**
 * Set on every connection as it opens: the typo threshold above, and no JIT. Every statement of the shop is a
 * short read or write; PostgreSQL compiles one with LLVM whenever its estimated cost passes `jit_above_cost`,
 * and does so again on every execution (prepared or not): a search page whose estimate crossed it took 500 ms
 * of compiling to run 10 ms of query.
 */
export const SESSION_SETUP_SQL = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}; set jit = off`;

/** `count(*)` is a number on PGlite and a string on pg: read it the same way everywhere. */
export function toCount(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? '0'), 10);
  return Number.isFinite(n) ? n : 0;
}

/** bytea is a Buffer on pg and a Uint8Array on PGlite. */
export function toBuffer(value: Uint8Array): Buffer {
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
}

/** jsonb values must be serialised for pg (a JS array would be sent as a PostgreSQL array). */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

function describePgError(error: unknown, url: string): string {
  const safeUrl = (() => {
    try {
      const u = new URL(url);
      if (u.password) u.password = '***';
      return u.toString();
    } catch {
      return 'DATABASE_URL';
    }
  })();
  const code = (error as { code?: string }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ECONNREFUSED') return `The database at ${safeUrl} refused the connection: start PostgreSQL or fix DATABASE_URL.`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `The database host in ${safeUrl} cannot be found: fix DATABASE_URL.`;
  if (code === '3D000') return `The database named in ${safeUrl} does not exist: create it or fix DATABASE_URL.`;
  if (code === '28P01' || code === '28000') return `The database at ${safeUrl} refused the login: fix the user or password in DATABASE_URL.`;
  if (/timeout/i.test(message)) return `The database at ${safeUrl} did not answer in time: check it is running and reachable.`;
  return `The database at ${safeUrl} cannot be used: ${message}`;
}

/**
 * The pool of the hot statements (prepared.ts: the shop's reads, the session check, placing an order), kept
 * beside knex's. Knex's pool (tarn) makes two pending operations for every lend, each with a timer and a chain of
 * promises: with 50 shoppers queued for 20 connections, the product sheet cost the server 0.109-0.118 ms of CPU a
 * request through it and 0.101-0.111 ms through pg's own (alternating runs, both asking pg with a callback). Knex
 * keeps everything else (its query builder, its transactions) on a pool half the size.
 */
const hotPools = new WeakMap<Knex, pg.Pool>();

/** The hot statements' pool of a PostgreSQL knex instance opened by `openDatabase` (none for PGlite or a transaction). */
export function hotPoolOf(db: Knex): pg.Pool | undefined {
  return hotPools.get(db);
}

async function openPostgres(url: string, poolMax: number): Promise<Database> {
  // Pipeline mode (pg 8.23): a statement is written as soon as it is queued, not after the answer to the one before,
  // so a transaction can send BEGIN with its first statement in one round trip (prepared.ts
  // `statementTransaction`). Code that waits for each answer, as knex does, sees no difference.
  const hot = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    pipeline: true,
    max: poolMax,
    // Answered before the connection is first lent, so every statement on it runs with these settings; a connection
    // whose setup fails is closed, never lent.
    onConnect: async (client: pg.ClientBase) => {
      await client.query(SESSION_SETUP_SQL);
    },
  } as pg.PoolConfig);
  hot.on('connect', (client) => {
    // A lent connection has no listener of the pool's: its socket dying (PostgreSQL restarted, a reset) would emit an
    // 'error' nobody hears, which ends the process. Heard here, the connection is marked broken: the statement
    // waiting on it fails on its own, and the pool destroys it when it is handed back (prepared.ts `lend`).
    client.on('error', (error) => {
      (client as pg.PoolClient & { __knex__disposed?: unknown }).__knex__disposed = error;
    });
  });
  // A connection that fails while idle in the pool is dropped by the pool; without a listener the error would end the process.
  hot.on('error', () => undefined);
  const db = knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 5000, pipeline: true } as Knex.PgConnectionConfig,
    pool: {
      min: 0,
      // the rest of the shop's statements: half as many as the hot pool (at most 1.5 x poolMax connections in all)
      max: Math.max(2, Math.ceil(poolMax / 2)),
      afterCreate: (connection: pg.Client, done: (error: Error | null, connection: pg.Client) => void) => {
        connection.query(SESSION_SETUP_SQL).then(
          () => done(null, connection),
          (error: Error) => done(error, connection),
        );
      },
    },
    acquireConnectionTimeout: 10_000,
  });
  try {
    await db.raw('select 1');
  } catch (error) {
    await db.destroy().catch(() => undefined);
    await hot.end().catch(() => undefined);
    throw new ConfigError(describePgError(error, url));
  }
  hotPools.set(db, hot);
  return {
    kind: 'postgres',
    url,
    knex: db,
    ping: () => db.raw('select 1').then(() => true, () => false),
    close: async () => {
      await Promise.all([db.destroy(), hot.end()]);
    },
  };
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  // Loaded only when used: PGlite's modules take about 100 MB of memory that a server on PostgreSQL never needs.
  const [{ PGlite }, { pg_trgm }, { default: ClientPgLite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('knex-pglite'),
  ]);
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, { extensions: { pg_trgm }, ...(image ? { loadDataDir: image } : {}) });
    await pglite.exec(SESSION_SETUP_SQL);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`The embedded database in ${dataDir ?? 'memory'} cannot be opened (${message}): move or delete that folder, or set DATA_DIR to another one.`);
  }
  const db = knex({
    client: ClientPgLite,
    dialect: 'postgres',
    connection: () => ({ pglite }) as object,
    // PGlite has one connection: never set `pool`; every query inside a transaction goes through `trx`.
    acquireConnectionTimeout: 15_000,
  });
  return {
    kind: 'pglite',
    knex: db,
    listen: async (channel, onNotice) => {
      const stop = await pglite.listen(channel, (payload) => onNotice(payload));
      return () => (pglite.closed ? Promise.resolve() : stop());
    },
    image: async () => {
      await pglite.exec('checkpoint'); // the image then opens without replaying the log
      return pglite.dumpDataDir('none');
    },
    ping: () => db.raw('select 1').then(() => true, () => false),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * PostgreSQL through `pg` when DATABASE_URL is set, embedded PGlite otherwise; `image` (PGlite) starts the database
 * as a copy of another's `image()` instead of an empty one.
 */
export async function openDatabase(config: Pick<Config, 'database'>, options: { poolMax?: number; image?: Blob } = {}): Promise<Database> {
  return config.database.kind === 'postgres'
    ? openPostgres(config.database.url, options.poolMax ?? 20)
    : openPglite(config.database.dataDir, options.image);
}
