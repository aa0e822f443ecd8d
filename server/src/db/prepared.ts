// Hot statements as named prepared statements on PostgreSQL: each connection parses and plans a statement once
// and then only executes it (the catalogue's statements plan in 1-3 ms and execute in about as long). `readRows`
// serves the hot reads outside transactions (PGlite, and a read inside a transaction, run as plain queries);
// `statementRows` a statement of our own text (the session check, a stock move inside a knex transaction);
// `statementTransaction` a whole transaction of such statements on one connection, without knex's (placing an order).
// On PostgreSQL, what does not run inside a knex transaction takes its connection from the hot pool
// (db/database.ts `hotPoolOf`: pg's own pool, far cheaper per lend than knex's), the rest from knex's.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { hotPoolOf, type Db } from './database';

type Answered<T> = (error: Error | null, result: { rows: T[] }) => void;

interface PgConnection {
  query<T>(config: { name: string; text: string; values: readonly unknown[] }, answered: Answered<T>): void;
  /** A statement with no values, sent as a simple query. */
  query<T>(text: string, answered: Answered<T>): void;
}

/**
 * A statement's rows from pg, asked with a callback. pg's promise form wraps every answer in a promise of its own
 * with a `catch` (to give an error a stack from here); with 50 requests waiting on their statements those wrappers
 * lived through two scavenges and were promoted: 380 KB at every scavenge on the product sheet and 6 full
 * collections in 30,000 requests, against 50 KB and 1 with the callback, for 12% less CPU per request.
 */
function pgRows<T>(connection: PgConnection, query: { name: string; text: string; values: readonly unknown[] } | string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const answered: Answered<T> = (error, result) => (error ? reject(error) : resolve(result.rows));
    if (typeof query === 'string') connection.query<T>(query, answered);
    else connection.query<T>(query, answered);
  });
}

/** PGlite's one connection: the statement's text and its values. */
interface PgliteConnection {
  query<T>(text: string, values: readonly unknown[]): Promise<{ rows: T[] }>;
}

const NAMES_KEPT = 500;
const names = new Map<string, string>();

/**
 * A statement's name is its text's hash, so one name never stands for two texts on a connection. The
 * hot reads have a handful of texts: their names are kept rather than hashed again on every request.
 */
export function statementName(sql: string): string {
  let name = names.get(sql);
  if (name === undefined) {
    name = `kade_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    if (names.size >= NAMES_KEPT) names.clear();
    names.set(sql, name);
  }
  return name;
}

function isPg(db: Db): boolean {
  return (db.client.config as { client?: unknown }).client === 'pg';
}

function isPostgres(db: Db): boolean {
  return isPg(db) && !(db as Knex.Transaction).isTransaction;
}

const numberedTexts = new Map<string, string>();

/** A text's `?` placeholders as PostgreSQL's `$1`, `$2`, …, worked out once per text (statementRows' texts hold no other `?`). */
export function numbered(sql: string): string {
  let text = numberedTexts.get(sql);
  if (text === undefined) {
    let n = 0;
    text = sql.replace(/\?/g, () => `$${(n += 1)}`);
    if (numberedTexts.size >= NAMES_KEPT) numberedTexts.clear();
    numberedTexts.set(sql, text);
  }
  return text;
}

/**
 * The rows of one statement (`?` placeholders, and no `?` operator) sent straight to the connection `db` works on: a
 * transaction's own, or one from the pool for the statement. On PostgreSQL it is a named prepared statement, so a
 * hot write is planned once per connection, not on every order; and knex neither builds nor formats it (a
 * statement with a value left undefined is refused, as knex refuses it).
 */
export async function statementRows<T>(db: Db, sql: string, values: readonly Knex.RawBinding[]): Promise<T[]> {
  return sendRows<T>(db, checkedText(sql, values), values);
}

/** A connection lent for a statement or a transaction, and the way to give it back. */
interface Lent {
  connection: AnyConnection;
  /** PostgreSQL (named prepared statements, pipeline mode), or PGlite. */
  pg: boolean;
  /** Hands it back; one marked broken (`__knex__disposed`) is destroyed by its pool rather than lent again. */
  giveBack(): Promise<void> | void;
}

/**
 * A connection for `db`: on PostgreSQL from the hot pool (database.ts `hotPoolOf`), on PGlite knex's one. Called
 * only with knex itself, never a transaction (a transaction's statements go on its own connection).
 */
async function lend(db: Knex): Promise<Lent> {
  const pool = hotPoolOf(db);
  if (pool) {
    const client = (await pool.connect()) as unknown as AnyConnection & PoolClient;
    return { connection: client, pg: true, giveBack: () => client.release(client.__knex__disposed === undefined ? undefined : true) };
  }
  const connection = (await db.client.acquireConnection()) as AnyConnection;
  return { connection, pg: isPg(db), giveBack: () => db.client.releaseConnection(connection) };
}

/**
 * Sends a `$n` text on the connection `db` works on: a transaction's own, or one lent for the statement (`lend`).
 */
async function sendRows<T>(db: Db, text: string, values: readonly unknown[]): Promise<T[]> {
  if ((db as Knex.Transaction).isTransaction) {
    const connection = await db.client.acquireConnection();
    try {
      return await sendOn<T>(connection, isPg(db), text, values);
    } finally {
      await db.client.releaseConnection(connection);
    }
  }
  const lent = await lend(db);
  try {
    return await sendOn<T>(lent.connection, lent.pg, text, values);
  } finally {
    await lent.giveBack();
  }
}

/** The `$n` text of a statement whose values are all given (one left undefined is refused, as knex refuses it). */
function checkedText(sql: string, values: readonly Knex.RawBinding[]): string {
  if (values.includes(undefined as unknown as Knex.RawBinding)) throw new Error(`undefined value in a statement: ${sql.slice(0, 60)}`);
  return numbered(sql);
}

/** Sends a `$n` text on a connection: named, so prepared once per connection, on PostgreSQL; as it is on PGlite. */
async function sendOn<T>(connection: unknown, pg: boolean, text: string, values: readonly unknown[]): Promise<T[]> {
  if (pg) return pgRows<T>(connection as PgConnection, { name: statementName(text), text, values });
  return (await (connection as PgliteConnection).query<T>(text, values)).rows;
}

/** The statements of one transaction, sent on its connection (`statementTransaction`). */
export interface StatementRunner {
  /** The rows of one statement (`?` placeholders, as `statementRows`): prepared on PostgreSQL. */
  rows<T>(sql: string, values: readonly Knex.RawBinding[]): Promise<T[]>;
  /**
   * The rows of the transaction's last statement, sent with its COMMIT: on PostgreSQL both in one round trip. What
   * the statement wrote is committed; when it fails, nothing is (PostgreSQL ends a failed transaction's COMMIT as a
   * ROLLBACK). Whatever `work` does after it (answering, or throwing a refusal) no longer touches the database.
   */
  rowsAndCommit<T>(sql: string, values: readonly Knex.RawBinding[]): Promise<T[]>;
}

type AnyConnection = PgConnection & PgliteConnection & { __knex__disposed?: unknown; connection?: { stream?: { cork?(): void; uncork?(): void } } };

/**
 * Runs `work` in one transaction on one connection of the pool, its statements sent straight to that connection:
 * BEGIN, what `work` sends, then COMMIT, or ROLLBACK when anything throws. Knex's own transaction costs about
 * 0.4 ms of the server's CPU on its own (a new knex instance per transaction, its promises and events): the hot
 * write path (placing an order) does without it. A connection whose ROLLBACK failed is handed back marked broken,
 * so the pool destroys it rather than lend it out again mid-transaction.
 *
 * BEGIN goes with the first statement: on PostgreSQL, whose connections are in pipeline mode (db/database.ts), both
 * are written at once and answered in one round trip. `work` that sends nothing opens no transaction.
 */
export async function statementTransaction<T>(db: Knex, work: (tx: StatementRunner) => Promise<T>): Promise<T> {
  const lent = await lend(db);
  const { connection, pg } = lent;
  const simple = (text: string): Promise<unknown> => (pg ? pgRows<never>(connection, text) : (connection as unknown as { query(text: string): Promise<unknown> }).query(text));
  let state = 'not begun' as 'not begun' | 'open' | 'ended';

  /**
   * Sends `before`, the statement and `after` (simple statements, each optional), on PostgreSQL in one write, and
   * answers the statement's rows. When any fails, the statement's own error is thrown first; when `before` or
   * `after` failed, the transaction's state is in doubt and the connection is marked for the pool to destroy.
   */
  async function batch<R>(before: string | undefined, text: string, values: readonly unknown[], after: string | undefined): Promise<R[]> {
    const nothing: Promise<unknown> = Promise.resolve();
    let outcomes: [PromiseSettledResult<unknown>, PromiseSettledResult<R[]>, PromiseSettledResult<unknown>];
    if (pg) {
      // Queued together, written together (one write to the socket: the connection is in pipeline mode), answered in order.
      const stream = connection.connection?.stream;
      stream?.cork?.();
      let sent: [Promise<unknown>, Promise<R[]>, Promise<unknown>];
      try {
        sent = [before ? simple(before) : nothing, sendOn<R>(connection, pg, text, values), after ? simple(after) : nothing];
      } finally {
        stream?.uncork?.();
      }
      outcomes = await Promise.allSettled(sent);
    } else {
      // PGlite answers one statement at a time; the statement is not sent when BEGIN failed.
      const first = await settle(before ? simple(before) : nothing);
      const rows = first.status === 'rejected' ? first : await settle(sendOn<R>(connection, pg, text, values));
      outcomes = [first, rows, await settle(after ? simple(after) : nothing)];
    }
    const [first, rows, last] = outcomes;
    if (first.status === 'rejected') connection.__knex__disposed = first.reason;
    if (last.status === 'rejected') connection.__knex__disposed = last.reason;
    if (rows.status === 'rejected') throw rows.reason;
    if (first.status === 'rejected') throw first.reason;
    if (last.status === 'rejected') throw last.reason;
    return rows.value;
  }

  const tx: StatementRunner = {
    async rows<R>(sql: string, values: readonly Knex.RawBinding[]) {
      if (state === 'ended') throw new Error('this transaction has ended');
      const text = checkedText(sql, values);
      // BEGIN goes with the first statement.
      const before = state === 'not begun' ? 'BEGIN' : undefined;
      state = 'open';
      return batch<R>(before, text, values, undefined);
    },
    async rowsAndCommit<R>(sql: string, values: readonly Knex.RawBinding[]) {
      if (state === 'ended') throw new Error('this transaction has ended');
      const text = checkedText(sql, values);
      const before = state === 'not begun' ? 'BEGIN' : undefined;
      // Ended either way: a failed statement's COMMIT ends it as a ROLLBACK; a BEGIN or COMMIT that failed itself
      // leaves the connection in doubt, and `batch` marks it for the pool to destroy.
      state = 'ended';
      return batch<R>(before, text, values, 'COMMIT');
    },
  };
  try {
    const result = await work(tx);
    if (state === 'open') await simple('COMMIT');
    return result;
  } catch (error) {
    if (state === 'open') {
      await simple('ROLLBACK').catch((rollbackError: unknown) => {
        connection.__knex__disposed = rollbackError;
      });
    }
    throw error;
  } finally {
    state = 'ended';
    await lent.giveBack();
  }
}

/** A promise's outcome as Promise.allSettled gives it. */
function settle<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/** The rows of a read statement: prepared once per connection on PostgreSQL, a plain query elsewhere. */
export async function readRows<T>(db: Db, query: Knex.Raw<{ rows: T[] }>): Promise<T[]> {
  if (!isPostgres(db)) return (await query).rows;
  const { sql, bindings } = query.toSQL().toNative();
  return sendRows<T>(db, sql, bindings);
}
