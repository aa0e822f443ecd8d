// `npm run bench` (scripts/bench.mjs runs this through tsx): the catalogue and order budgets of DESIGN.md
// section 8 (BENCH_PARTS=catalogue or =orders runs one part and keeps the other's section of the file).
//
// 1. Creates its own PostgreSQL database (from BENCH_DATABASE_URL or TEST_DATABASE_URL, default
//    postgres://postgres@127.0.0.1:5432/test), migrates it and loads a generated 10,000-product catalogue.
// 2. Starts the real Kade server (server/src/main.ts) on it, and beside it a plain node:http + pg server
//    answering the same SQL statements (bench-baseline.ts), both on loopback.
// 3. Sends each the same listing, product-details and search requests from 50 concurrent clients (in
//    rounds that alternate which goes first) and reports p50/p95/p99 and throughput of each one's best
//    round, and the ratio of Kade's throughput to the baseline's.
// 4. Times the search statement inside the database (EXPLAIN ANALYZE, p95).
// 5. Runs the order figures on the same Kade server (bench-orders.ts): orders/s, the stock check, commit to
//    `order:new` latency, and orders missed across forced reconnects.
// 6. Writes docs/BENCHMARKS.md against the budgets (each section replaced in place), stops the servers and
//    drops the database.
// Every loop is bounded; nothing listens beyond 127.0.0.1. A budget missed is reported, never asserted in a test.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { SEARCH_PAGE_SIZE, CATEGORY_PAGE_SIZE } from '@kade/shared';
import { REPO_ROOT } from '../config';
import { openDatabase, SESSION_SETUP_SQL } from '../db/database';
import { migrateLatest } from '../db/migrate';
import { statementName } from '../modules/catalog/prepared';
import { shopReadQueries } from '../modules/catalog/shop-service';
import { loadBenchCatalogue, seededRandom, type LoadedCatalogue } from './bench-data';
import { cpuMs, percentile, runLoad, type LoadResult } from './bench-load';
import type { BaselineQueries } from './bench-baseline';
import { orderReport, runOrderBench } from './bench-orders';
import { receiptReport, runReceiptBench } from './bench-receipts';
import { runWebBench, webReport } from './bench-web';
import { loadReport, runJourneyBench } from './bench-journey';
import { abuseReport, runAbuseBench } from './bench-abuse';

const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 400);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SEARCH_ROUNDS = 10;
const BUDGET = { p99Ms: 50, throughputRatio: 0.8, searchDbP95Ms: 20 } as const;

/** Search texts as shoppers type them: words, prefixes, two words, typos. */
const SEARCH_TERMS = [
  'chicken', 'chiken', 'bisc', 'milk', 'rice', 'basmati rice', 'tea', 'coca', 'sugar', 'suger',
  'tomato', 'choc', 'biscuits', 'noodles', 'soap', 'shampoo', 'munchee', 'anchor milk', 'curry powder', 'eggs',
];

interface Scenario {
  name: 'listing' | 'details' | 'search';
  title: string;
  path: string;
  bodies: string[];
  baseline: Array<{ name: string; sql: string; bindings: unknown[] }>;
}

/** The run with the highest throughput (each server's best round is compared with the other's best). */
function bestOf<T extends LoadResult>(runs: readonly T[]): T {
  return runs.reduce((best, run) => (run.throughput > best.throughput ? run : best));
}

interface MeasuredRun extends LoadResult {
  /** The server process's CPU time per request, when known. */
  cpuPerRequest: number | undefined;
}

/** A load run, with the CPU the server's process spent on it. */
async function measured(child: ChildProcess, run: () => Promise<LoadResult>): Promise<MeasuredRun> {
  const before = cpuMs(child.pid);
  const result = await run();
  const after = cpuMs(child.pid);
  return { ...result, cpuPerRequest: before === undefined || after === undefined ? undefined : (after - before) / result.requests };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most 30 s) until `ready` answers true; the child's exit ends the wait with its output. */
async function waitReady(child: ChildProcess, name: string, output: () => string, ready: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} stopped before it was ready:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await sleep(100);
  }
  throw new Error(`${name} was not ready after 30 s:\n${output()}`);
}

function startChild(file: string, env: Record<string, string>, nodeArgs: readonly string[] = []): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', file], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => log };
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The requests of each scenario, and the same statements for the baseline (same variant, same index). */
function buildScenarios(catalogue: LoadedCatalogue, queries: ReturnType<typeof shopReadQueries>): Scenario[] {
  const random = seededRandom(7);
  const listingInputs = catalogue.listings
    .filter((l) => l.count >= CATEGORY_PAGE_SIZE * 3)
    .flatMap((l) => [1, 2, 3].map((page) => ({ categoryId: l.categoryId, subCategoryId: l.subCategoryId, page, limit: CATEGORY_PAGE_SIZE })));
  const detailIds = Array.from({ length: 300 }, () => catalogue.visibleProductIds[Math.floor(random() * catalogue.visibleProductIds.length)] as string);
  const searchInputs = SEARCH_TERMS.map((search) => ({ search, page: 1, limit: SEARCH_PAGE_SIZE }));
  const native = (raw: { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } }) => {
    const { sql, bindings } = raw.toSQL().toNative();
    return { name: statementName(sql), sql, bindings: [...bindings] };
  };
  return [
    {
      name: 'listing',
      title: 'Listing: a category and sub-category page of 8 (POST /api/product/get-pruduct-by-category-and-subcategory)',
      path: '/api/product/get-pruduct-by-category-and-subcategory',
      bodies: listingInputs.map((input) => JSON.stringify(input)),
      baseline: listingInputs.map((input) => native(queries.listing(input))),
    },
    {
      name: 'details',
      title: 'Product details with variations (POST /api/product/get-product-details)',
      path: '/api/product/get-product-details',
      bodies: detailIds.map((productId) => JSON.stringify({ productId })),
      baseline: detailIds.map((productId) => native(queries.details(productId))),
    },
    {
      name: 'search',
      title: 'Search, first page of 10 (POST /api/product/search-product)',
      path: '/api/product/search-product',
      bodies: searchInputs.map((input) => JSON.stringify(input)),
      baseline: searchInputs.map((input) => native(queries.search(input))),
    },
  ];
}

interface PlanNode {
  'Node Type'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode, found = new Set<string>()): Set<string> {
  if (node['Index Name']) found.add(node['Index Name']);
  for (const child of node.Plans ?? []) indexesOf(child, found);
  return found;
}

/** The search statement timed inside the database: planning + execution, from EXPLAIN ANALYZE. */
async function timeSearchInDatabase(db: knex.Knex, queries: ReturnType<typeof shopReadQueries>) {
  const samples: number[] = [];
  const indexes = new Set<string>();
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    for (const search of SEARCH_TERMS) {
      const { sql, bindings } = queries.search({ search, page: 1, limit: SEARCH_PAGE_SIZE }).toSQL();
      const { rows } = (await db.raw(`explain (analyze, format json) ${sql}`, bindings)) as {
        rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }> }>;
      };
      const plan = rows[0]?.['QUERY PLAN'][0];
      if (!plan) throw new Error('EXPLAIN gave no plan');
      samples.push(plan['Planning Time'] + plan['Execution Time']);
      indexesOf(plan.Plan, indexes);
    }
  }
  samples.sort((a, b) => a - b);
  return { samples: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1] ?? 0, indexes: [...indexes].sort() };
}

const ms = (value: number) => value.toFixed(1);
const ok = (pass: boolean) => (pass ? 'yes' : '**no**');

const SECTION_ORDER = ['header', 'catalogue', 'orders', 'web', 'receipts', 'load', 'abuse'] as const;
type SectionName = (typeof SECTION_ORDER)[number];
const open = (name: SectionName) => `<!-- bench:${name} -->`;
const close = (name: SectionName) => `<!-- /bench:${name} -->`;

/**
 * docs/BENCHMARKS.md with the sections of this run replaced in place and the others kept as they were
 * (a run of only some parts, BENCH_PARTS, leaves the rest of the file alone).
 */
export function mergeSections(existing: string, fresh: Partial<Record<SectionName, string[]>>): string {
  const text = (name: SectionName) => {
    const lines = fresh[name];
    if (lines) return lines.join('\n');
    const start = existing.indexOf(open(name));
    const end = existing.indexOf(close(name));
    if (start >= 0 && end > start) return existing.slice(start + open(name).length, end).trim();
    return `## ${name[0]?.toUpperCase()}${name.slice(1)}\n\nNot measured yet: run \`npm run bench\`.`;
  };
  return ['# Benchmarks', '', ...SECTION_ORDER.flatMap((name) => [open(name), text(name).trim(), close(name), ''])].join('\n');
}

function headerSection(input: { pgVersion: string; parts: readonly string[]; seconds: number }): string[] {
  const cpus = os.cpus();
  return [
    `Written by \`npm run bench\` (server/src/cli/bench-catalogue.ts; orders in bench-orders.ts) on ${new Date().toISOString()}; each run replaces the sections it measured (this one: ${input.parts.join(', ')}, in ${input.seconds.toFixed(0)} s).`,
    `Budgets from DESIGN.md section 8. Never asserted in a test: a run on a busy machine can miss them.`,
    '',
    '## Machine',
    '',
    `- ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}`,
    `- Node ${process.version}; ${input.pgVersion.split(' on ')[0]}`,
    '- The load generator, the servers and PostgreSQL share the machine; everything is on loopback.',
    `- Load average (1, 5, 15 min) when the run ended: ${os.loadavg().map((l) => l.toFixed(1)).join(', ')}: other work on the machine slows every figure.`,
  ];
}

function catalogueSection(input: {
  catalogue: LoadedCatalogue;
  results: Array<{ scenario: Scenario; kade: MeasuredRun; baseline: MeasuredRun }>;
  search: Awaited<ReturnType<typeof timeSearchInDatabase>>;
}): string[] {
  const lines = [
    '## Catalogue reads',
    '',
    `- Catalogue: ${input.catalogue.products} products (${input.catalogue.unpublished} unpublished, ${input.catalogue.deleted} deleted) and ${input.catalogue.variations} variations in ${input.catalogue.categories} categories and ${input.catalogue.subCategories} sub-categories`,
    `- Load: ${CLIENTS} concurrent keep-alive clients on loopback, ${REQUESTS} timed requests per run after ${WARMUP} untimed, ${ROUNDS} rounds per server alternating which goes first, the best round of each reported`,
    '- Kade: the real server (server/src/main.ts: Koa, auth, zod validation, envelope, row mapping) with its pool of 20',
    '- Baseline: plain `node:http` + `pg` (pool of 20) running the same SQL statement with the same bindings (as a named prepared statement, as Kade does on PostgreSQL) and answering the rows as JSON',
    '',
    '| read | server | req/s | p50 ms | p95 ms | p99 ms | max ms | errors | server CPU ms/req |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { scenario, kade, baseline } of input.results) {
    for (const [name, r] of [['Kade', kade], ['baseline', baseline]] as const) {
      const cpu = r.cpuPerRequest === undefined ? 'n/a' : r.cpuPerRequest.toFixed(2);
      lines.push(`| ${scenario.name} | ${name} | ${r.throughput.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.errors} | ${cpu} |`);
    }
  }
  lines.push('', '| read | what | Kade p99 < 50 ms | Kade / baseline throughput | ≥ 80% |', '| --- | --- | --- | ---: | --- |');
  for (const { scenario, kade, baseline } of input.results) {
    const ratio = kade.throughput / baseline.throughput;
    lines.push(
      `| ${scenario.name} | ${scenario.title} | ${ok(kade.p99 < BUDGET.p99Ms && kade.errors === 0)} (${ms(kade.p99)}) | ${(ratio * 100).toFixed(0)}% | ${ok(ratio >= BUDGET.throughputRatio)} |`,
    );
  }
  lines.push(
    '',
    '#### Reading these figures',
    '',
    `- With ${CLIENTS} clients each waiting for its answer before asking again, the mean latency is ${CLIENTS} / throughput: a p99 under ${BUDGET.p99Ms} ms needs well over ${Math.round(CLIENTS / (BUDGET.p99Ms / 1000))} req/s. A read slower than that in PostgreSQL itself misses it for the baseline too.`,
    ...input.results.flatMap(({ scenario, kade, baseline }) =>
      kade.cpuPerRequest === undefined || baseline.cpuPerRequest === undefined
        ? []
        : [`- ${scenario.name}: the Kade process spent ${kade.cpuPerRequest.toFixed(2)} ms of CPU per request, the baseline ${baseline.cpuPerRequest.toFixed(2)} ms; the difference is Kade's pipeline (Koa middleware, validation, envelope, row mapping), on two cores that the load generator and PostgreSQL share.`],
    ),
    '',
    '### Search inside the database',
    '',
    `The search statement (first page of ${SEARCH_PAGE_SIZE}, count included) for ${SEARCH_TERMS.length} texts (${SEARCH_TERMS.map((t) => `\`${t}\``).join(', ')}), ${SEARCH_ROUNDS} rounds, timed by EXPLAIN ANALYZE (planning + execution):`,
    '',
    '| samples | p50 ms | p95 ms | max ms | p95 < 20 ms |',
    '| ---: | ---: | ---: | ---: | --- |',
    `| ${input.search.samples} | ${ms(input.search.p50)} | ${ms(input.search.p95)} | ${ms(input.search.max)} | ${ok(input.search.p95 < BUDGET.searchDbP95Ms)} |`,
    '',
    `Indexes the plans used: ${input.search.indexes.map((i) => `\`${i}\``).join(', ') || 'none'}.`,
  );
  return lines;
}


/** Which parts run: BENCH_PARTS=catalogue,orders,receipts,web,load,abuse (all by default; one alone is for working on it). */
const PARTS = (process.env.BENCH_PARTS ?? 'catalogue,orders,receipts,web,load,abuse').split(',').map((part) => part.trim());

/** The catalogue reads against Kade and the baseline, in alternating rounds. */
async function runCatalogue(kade: ChildProcess, kadeBase: string, baseline: ChildProcess, baseBase: string, scenarios: Scenario[]) {
  const results: Array<{ scenario: Scenario; kade: MeasuredRun; baseline: MeasuredRun }> = [];
  for (const scenario of scenarios) {
    const kadeRun = () =>
      measured(kade, () => runLoad({ url: kadeBase + scenario.path, bodies: scenario.bodies, requests: REQUESTS, clients: CLIENTS, warmup: WARMUP }));
    const baseBodies = scenario.bodies.map((_, i) => JSON.stringify({ i }));
    const baseRun = () =>
      measured(baseline, () => runLoad({ url: `${baseBase}/${scenario.name}`, bodies: baseBodies, requests: REQUESTS, clients: CLIENTS, warmup: WARMUP }));
    // Rounds alternate which server goes first, so neither always meets a colder or busier machine.
    const kadeRuns: MeasuredRun[] = [];
    const baseRuns: MeasuredRun[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        kadeRuns.push(await kadeRun());
        baseRuns.push(await baseRun());
      } else {
        baseRuns.push(await baseRun());
        kadeRuns.push(await kadeRun());
      }
    }
    const kadeResult = bestOf(kadeRuns);
    const baseResult = bestOf(baseRuns);
    results.push({ scenario, kade: kadeResult, baseline: baseResult });
    console.log(
      `bench: ${scenario.name}: Kade ${kadeResult.throughput.toFixed(0)} req/s p99 ${ms(kadeResult.p99)} ms; baseline ${baseResult.throughput.toFixed(0)} req/s p99 ${ms(baseResult.p99)} ms; ratio ${((kadeResult.throughput / baseResult.throughput) * 100).toFixed(0)}%`,
    );
  }
  return results;
}

async function main(): Promise<void> {
  const started = performance.now();
  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `kade_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = knex({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kade-bench-'));
  const queriesFile = path.join(dataDir, 'queries.json');
  const jwtSecret = randomBytes(48).toString('base64url');
  let kadeChild: ChildProcess | undefined;
  let baselineChild: ChildProcess | undefined;
  await admin.raw(`create database ${name}`);
  console.log(`bench: database ${name} created`);
  const db = await openDatabase({ database: { kind: 'postgres', url: url.toString() } }, { poolMax: 2 });
  // The order bench writes carts and checks stock from many clients at once: a pool of its own.
  const orderDb = knex({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 10 } });
  try {
    await migrateLatest(db);
    console.log(`bench: loading ${PRODUCTS} products …`);
    const catalogue = await loadBenchCatalogue(db.knex, PRODUCTS);
    const queries = shopReadQueries(db.knex);
    const scenarios = buildScenarios(catalogue, queries);
    writeFileSync(queriesFile, JSON.stringify(Object.fromEntries(scenarios.map((s) => [s.name, s.baseline])) satisfies BaselineQueries));

    const [kadePort, basePort] = [await freePort(), await freePort()];
    // e.g. BENCH_KADE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/kade-prof' profiles the Kade server under the load
    const nodeArgs = (process.env.BENCH_KADE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const kade = startChild('server/src/main.ts', {
      DATABASE_URL: url.toString(),
      HOST: '127.0.0.1',
      PORT: String(kadePort),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      // The shop's hours must not close the shop under the order bench.
      SHOP_HOURS: '00:00-23:59',
      FRESH_HOURS: '00:00-23:59',
    }, nodeArgs);
    kadeChild = kade.child;
    const baseline = startChild('server/src/cli/bench-baseline.ts', {
      DATABASE_URL: url.toString(),
      PORT: String(basePort),
      QUERIES_FILE: queriesFile,
      POOL_MAX: '20',
      SESSION_SQL: SESSION_SETUP_SQL,
    });
    baselineChild = baseline.child;
    const kadeBase = `http://127.0.0.1:${kadePort}`;
    const baseBase = `http://127.0.0.1:${basePort}`;
    await waitReady(kade.child, 'the Kade server', kade.output, async () => (await fetch(`${kadeBase}/api/health`)).ok);
    await waitReady(baseline.child, 'the baseline', baseline.output, async () =>
      (await fetch(`${baseBase}/listing`, { method: 'POST', body: '{"i":0}' })).ok,
    );

    const sections: Partial<Record<SectionName, string[]>> = {};
    if (PARTS.includes('catalogue')) {
      const results = await runCatalogue(kade.child, kadeBase, baseline.child, baseBase, scenarios);
      await stopChild(baselineChild);
      const search = await timeSearchInDatabase(db.knex, queries);
      console.log(`bench: search in the database: p50 ${ms(search.p50)} ms, p95 ${ms(search.p95)} ms (indexes: ${search.indexes.join(', ')})`);
      sections.catalogue = catalogueSection({ catalogue, results, search });
    }
    await stopChild(baselineChild);
    if (PARTS.includes('orders')) {
      const orders = await runOrderBench({ knex: orderDb, databaseUrl: url.toString(), kadeUrl: kadeBase, jwtSecret, serverPid: kade.child.pid });
      sections.orders = orderReport(orders);
    }
    if (PARTS.includes('receipts')) {
      sections.receipts = receiptReport(await runReceiptBench({ knex: orderDb, databaseUrl: url.toString(), kadeUrl: kadeBase }));
    }
    await stopChild(kadeChild);
    if (PARTS.includes('web')) {
      sections.web = webReport(await runWebBench());
    }
    if (PARTS.includes('load')) {
      const journey = await runJourneyBench({ databaseUrl: url.toString(), knex: orderDb, jwtSecret, dataDir, catalogue, freePort, startChild, waitReady, stopChild });
      sections.load = loadReport(journey);
    }
    if (PARTS.includes('abuse')) {
      // The catalogue reads in turn: a listing, a product, a search, …
      const longest = Math.max(...scenarios.map((s) => s.bodies.length));
      const reads = Array.from({ length: longest }, (_, i) => scenarios.flatMap((s) => (i < s.bodies.length ? [{ path: s.path, body: s.bodies[i] as string }] : []))).flat();
      const abuse = await runAbuseBench({ databaseUrl: url.toString(), knex: orderDb, jwtSecret, dataDir, reads, freePort, startChild, waitReady, stopChild });
      sections.abuse = abuseReport(abuse);
    }
    const { rows } = (await db.knex.raw('select version()')) as { rows: Array<{ version: string }> };
    sections.header = headerSection({ pgVersion: rows[0]?.version ?? 'PostgreSQL', parts: PARTS, seconds: (performance.now() - started) / 1000 });
    const file = path.join(REPO_ROOT, 'docs', 'BENCHMARKS.md');
    const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
    writeFileSync(file, mergeSections(existing, sections));
    console.log(`bench: written to ${path.relative(process.cwd(), file) || file}`);
  } finally {
    await Promise.all([stopChild(kadeChild), stopChild(baselineChild)]);
    await orderDb.destroy();
    await db.close();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    console.log(`bench: database ${name} dropped`);
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
