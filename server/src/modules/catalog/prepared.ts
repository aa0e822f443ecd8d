// Hot reads as named prepared statements on PostgreSQL: each connection parses and plans a statement once
// and then only executes it (the catalogue's statements plan in 1-3 ms and execute in about as long).
// PGlite, and anything inside a transaction, runs them as plain queries.
import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

interface PgConnection {
  query<T>(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: T[] }>;
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

function isPostgres(db: Knex | Knex.Transaction): boolean {
  return (db.client.config as { client?: unknown }).client === 'pg' && !(db as Knex.Transaction).isTransaction;
}

/** The rows of a read statement: prepared once per connection on PostgreSQL, a plain query elsewhere. */
export async function readRows<T>(db: Knex | Knex.Transaction, query: Knex.Raw<{ rows: T[] }>): Promise<T[]> {
  if (!isPostgres(db)) return (await query).rows;
  const { sql, bindings } = query.toSQL().toNative();
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    const { rows } = await connection.query<T>({ name: statementName(sql), text: sql, values: bindings });
    return rows;
  } finally {
    await db.client.releaseConnection(connection);
  }
}
