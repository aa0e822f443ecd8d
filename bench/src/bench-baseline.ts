// The benchmark's baseline: the same SQL statements the Kade server runs, served by nothing but node:http
// and a pg pool of the same size (named prepared statements, as Kade's hot reads), answering the rows as JSON. What Kade costs on top of this is the price
// of its pipeline (auth, validation, envelope, mapping). Started by bench-catalogue.ts; loopback only.
//   POST /<scenario> with {"i": n} runs variant n of that scenario's statement.
import http from 'node:http';
import { listenUntilStopped, readBody } from './bench-plain-server';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export interface BaselineQueries {
  /** Per scenario, its statements: named, so that pg prepares each once per connection as Kade does. */
  [scenario: string]: Array<{ name: string; sql: string; bindings: unknown[] }>;
}

const queries = JSON.parse(readFileSync(process.env.QUERIES_FILE ?? '', 'utf8')) as BaselineQueries;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 20) });
// The same session setting as Kade's connections (pg_trgm's word-similarity threshold for search), given
// by the benchmark so that this file needs nothing but node:http and pg.
const sessionSql = process.env.SESSION_SQL;
pool.on('connect', (client) => {
  if (sessionSql) client.query(sessionSql).catch(() => undefined);
});

const server = http.createServer(async (request, response) => {
  try {
    const variants = queries[decodeURIComponent((request.url ?? '/').slice(1))];
    const { i } = JSON.parse(await readBody(request)) as { i: number };
    const query = variants?.[i];
    if (!query) {
      response.writeHead(404).end();
      return;
    }
    const { rows } = await pool.query({ name: query.name, text: query.sql, values: query.bindings });
    const body = JSON.stringify({ success: true, error: false, message: '', data: rows });
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : 'error');
  }
});
listenUntilStopped(server, 'baseline', () => pool.end());
