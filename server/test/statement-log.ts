// Counts the SQL statements the server sends while a request runs, at the driver: every statement goes through
// a connection's `query` (knex's queries, BEGIN and COMMIT, and the prepared reads of db/prepared.ts),
// on pg and on PGlite alike. Test code only.
import type { Knex } from 'knex';
import { hotPoolOf } from '../src/db/database';

type Query = (...args: unknown[]) => unknown;
const WATCHED = Symbol('kade.statementLog');

/** The SQL text of a `query` call: a string or a `{ text }` / `{ sql }` config. */
function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object') {
    const config = first as { text?: unknown; sql?: unknown };
    if (typeof config.text === 'string') return config.text;
    if (typeof config.sql === 'string') return config.sql;
  }
  return String(first);
}

/** The first words of a statement, for readable failures (`select`, `insert into orders`, `BEGIN;`). */
export function statementKind(sql: string): string {
  const words = sql.trim().replace(/\s+/g, ' ').split(' ');
  return words.slice(0, words[0]?.toLowerCase() === 'with' ? 2 : 3).join(' ');
}

export interface StatementLog {
  /** Runs `work` and answers the statements sent meanwhile (by anything on this database: run one thing at a time). */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

/** Watches every connection the knex instance, and its hot pool, hand out from now on. */
export function watchStatements(knex: Knex): StatementLog {
  const client = knex.client as { acquireConnection(): Promise<unknown> };
  let recording: string[] | undefined;
  const watch = (connection: unknown) => {
    const target = connection as { query: Query; [WATCHED]?: boolean };
    if (target[WATCHED]) return;
    const query = target.query;
    target.query = function countedQuery(this: unknown, ...args: unknown[]) {
      recording?.push(textOf(args[0]));
      return query.apply(this, args);
    };
    target[WATCHED] = true;
  };
  // the hot statements' pool (PostgreSQL) lends its connections apart from knex's
  hotPoolOf(knex)?.on('acquire', watch);
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const connection = await acquire();
    watch(connection);
    return connection;
  };
  return {
    async during(work) {
      if (recording) throw new Error('one statement count at a time');
      recording = [];
      try {
        const result = await work();
        return { result, statements: recording };
      } finally {
        recording = undefined;
      }
    },
  };
}
