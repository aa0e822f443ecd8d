// Hot statements as named prepared statements on PostgreSQL: each connection parses and plans a statement once
// and then only executes it (the catalogue's statements plan in 1-3 ms and execute in about as long). `readRows`
// serves the hot reads outside transactions (PGlite, and a read inside a transaction, run as plain queries);
// `statementRows` the order's statements inside its transaction, on the transaction's own connection.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

interface PgConnection {
  query<T>(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: T[] }>;
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

function isPg(db: Knex | Knex.Transaction): boolean {
  return (db.client.config as { client?: unknown }).client === 'pg';
}

function isPostgres(db: Knex | Knex.Transaction): boolean {
  return isPg(db) && !(db as Knex.Transaction).isTransaction;
}

const numberedTexts = new Map<string, string>();

/** A text's `?` placeholders as PostgreSQL's `$1`, `$2`, …, worked out once per text (statementRows' texts hold no other `?`). */
function numbered(sql: string): string {
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
export async function statementRows<T>(db: Knex | Knex.Transaction, sql: string, values: readonly Knex.RawBinding[]): Promise<T[]> {
  if (values.includes(undefined as unknown as Knex.RawBinding)) throw new Error(`undefined value in a statement: ${sql.slice(0, 60)}`);
  return sendRows<T>(db, numbered(sql), values);
}

/**
 * Sends a `$n` text on the connection `db` works on (a transaction's own, or one from the pool for the
 * statement): named, so prepared once per connection, on PostgreSQL; as it is on PGlite.
 */
async function sendRows<T>(db: Knex | Knex.Transaction, text: string, values: readonly unknown[]): Promise<T[]> {
  const connection = await db.client.acquireConnection();
  try {
    if (isPg(db)) return (await (connection as PgConnection).query<T>({ name: statementName(text), text, values })).rows;
    return (await (connection as PgliteConnection).query<T>(text, values)).rows;
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** The rows of a read statement: prepared once per connection on PostgreSQL, a plain query elsewhere. */
export async function readRows<T>(db: Knex | Knex.Transaction, query: Knex.Raw<{ rows: T[] }>): Promise<T[]> {
  if (!isPostgres(db)) return (await query).rows;
  const { sql, bindings } = query.toSQL().toNative();
  return sendRows<T>(db, sql, bindings);
}
