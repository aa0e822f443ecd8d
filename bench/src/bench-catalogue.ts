// `npm run bench` (scripts/bench.mjs runs this through tsx): the budgets of DESIGN.md section 8 that one machine
// can measure, written to docs/BENCHMARKS.md. BENCH_PARTS=catalogue,growth,propagation,orders,receipts,packing,web,load,abuse,memory
// picks parts (all by default; a run of some parts keeps the other sections of the file), BENCH_READS the catalogue
// part's reads (`|` between names); BENCH_QUICK=1 runs
// small sizes for working on the harness and writes to a scratch file instead (BENCH_OUT names another file).
//
// 1. Compiles the server (server/scripts/build.mjs): every Kade server here runs server/dist/main.js with plain
//    node, as `npm start` and the Docker image do.
// 2. Creates its own PostgreSQL database (from BENCH_DATABASE_URL or TEST_DATABASE_URL, default
//    postgres://postgres@127.0.0.1:5432/test), migrates it and loads a generated 10,000-product catalogue.
// 3. Starts the Kade server on it, and beside it a plain node:http + pg server answering the same SQL
//    statements (bench-baseline.ts), both on loopback.
// 4. wrk (bench-wrk.ts; when it is not on PATH, or BENCH_LOAD_TOOL=node, the load generator process of its own,
//    bench-loadgen.ts) sends each the same reads (shelf listings, the All Products listing's first and fiftieth
//    page, product details, search, categories, sub-categories) from 50 concurrent connections, in rounds that
//    alternate which server goes first; every figure is the median of the rounds (at least 3), every round shown.
// 5. Times the statements inside the database (EXPLAIN ANALYZE), in rounds too.
// 6. growth: the same reads on catalogues of 1,000, 10,000 and 100,000 products, each in a database of its own.
// 7. orders (bench-orders.ts): orders/s and p99 at 50 shoppers, the stock check, search before and after 10,000
//    orders, commit to `order:new`, forced reconnects. receipts, web, load, abuse: their own files.
// 8. memory: the compiled server's resident memory idle, and with 500 connected sockets and read load.
// 9. Writes each section with the machine's load average, stops everything and drops the databases.
// Every loop is bounded; nothing listens beyond 127.0.0.1. A budget missed is reported, never asserted in a test.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import knex from 'knex';
import { SEARCH_PAGE_SIZE, CATEGORY_PAGE_SIZE, ENDPOINTS, formatListingCursor, methodOf, parseListingCursor, type Endpoint, type ListingCursor } from '@kade/shared';
import { CATEGORY_LIST_SQL, createShopService, migrateLatest, openDatabase, REPO_ROOT, SESSION_SETUP_SQL, shopReadQueries, statementName, SUB_CATEGORY_LIST_SQL, type Database } from '@kade/server/testing';
import { SEARCH_TERMS } from './bench-search-terms';
import { loadBenchCatalogue, seededRandom, type LoadedCatalogue } from './bench-data';
import { KADE_ENTRY, startLoadGenerator, type LoadGenerator, type LoadResult } from './bench-load';
import { cpuMs, freePort, kadeEnv, OPEN_THROUGH_THE_RUN, PRODUCTION_ENV, PRODUCTION_NODE_FLAGS, startChild, stopChild, waitForReadModel, waitReady } from './bench-process';
import { packingReport, runPackingBench } from './bench-packing';
import { propagationReport, runPropagationBench } from './bench-propagation';
import { latencySummary, loadAverageLine, median, mergeSections, ms, ok, roundsCell, type SectionName } from './bench-stats';
import type { BaselineQueries } from './bench-baseline';
import { orderReport, runOrderBench, type SearchFigures } from './bench-orders';
import { receiptReport, runReceiptBench } from './bench-receipts';
import { runWebBench, webReport } from './bench-web';
import { loadReport, runJourneyBench } from './bench-journey';
import { abuseReport, runAbuseBench } from './bench-abuse';
import { memoryReport, runMemoryBench } from './bench-memory';
import { chooseLoadTool, runWrk, type WrkResult } from './bench-wrk';

const QUICK = Boolean(process.env.BENCH_QUICK);
const CLIENTS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? (QUICK ? 1000 : 4000));
const WARMUP = Number(process.env.BENCH_WARMUP ?? (QUICK ? 200 : 400));
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? (QUICK ? 2000 : 10_000));
/** Rounds per figure: at least 3, the median reported. */
const ROUNDS = Math.max(3, Number(process.env.BENCH_ROUNDS ?? 3));
/** Samples of each statement per round when timing inside the database. */
const DB_SAMPLES = QUICK ? 3 : 10;
const GROWTH_SIZES = (process.env.BENCH_GROWTH_SIZES ?? (QUICK ? '1000,5000' : '1000,10000,100000')).split(',').map(Number);
const GROWTH_REQUESTS = Number(process.env.BENCH_GROWTH_REQUESTS ?? (QUICK ? 600 : 2000));
/** The All Products listing's deep page: the fiftieth. */
const DEEP_PAGE = 50;
/**
 * The catalogue part's load tool (bench-wrk.ts): wrk when it is on PATH (BENCH_LOAD_TOOL=wrk|node forces one), else
 * the node load generator, which tops out near what Kade and the memory ceiling serve. wrk runs for a duration.
 */
const LOAD_TOOL = chooseLoadTool();
const WRK_SECONDS = Number(process.env.BENCH_WRK_SECONDS ?? (QUICK ? 2 : 5));
const WRK_WARMUP_SECONDS = Number(process.env.BENCH_WRK_WARMUP_SECONDS ?? 1);
/**
 * One wrk thread: the server under test runs on one core, and a second wrk thread took part of that core (at 10k
 * products the memory ceiling read 17-28k req/s with two threads and 42k with one, the issue's ~47k; the cached
 * search's p99 80-94 ms in two rounds of three with two threads was the server waiting for the CPU, 4 ms with one).
 */
const WRK_THREADS = Number(process.env.BENCH_WRK_THREADS ?? 1);
/**
 * Texts for `search, every text new`: under wrk, enough that no timed round asks one twice (each round's are its
 * own); the baseline, which keeps no answers, goes round the first WARMUP + REQUESTS of them.
 */
const FRESH_TEXTS = LOAD_TOOL.tool === 'wrk' ? Number(process.env.BENCH_WRK_TEXTS ?? 150_000) : WARMUP + REQUESTS;
const BUDGET = { p99Ms: 50, throughputRatio: 0.8, searchDbP95Ms: 20, pageDbMs: 10, growthRatio: 0.8 } as const;

type Statement = { name: string; sql: string; bindings: unknown[] };

interface Scenario {
  name: string;
  title: string;
  method: 'GET' | 'POST';
  path: string;
  bodies: string[];
  baseline: Statement[];
  /** Each request of a run asks with a body of its own (LoadOptions.freshBodies): no answer kept is ever used. */
  fresh?: boolean;
  /** Also measured against the memory ceiling (bench-ceiling.ts): a read of issue 37's that Kade answers from kept bytes. */
  ceiling?: boolean;
}

/** Issue 37's reads, answered from the bytes an instance keeps (kept-answers.ts): measured against the memory ceiling too. */
const CEILING_READS = new Set(['listing', 'all products, page 1', `all products, page ${DEEP_PAGE}`, 'details']);
/**
 * BENCH_READS: the catalogue reads to run, by name, separated by `|` (the names hold commas), e.g.
 * `listing|all products, page 50|details`; all by default. For working on a few reads.
 */
const READS = process.env.BENCH_READS ? new Set(process.env.BENCH_READS.split('|').map((name) => name.trim())) : undefined;

/** A read's method: the scenarios time reads only (GET, or a POST whose body is the question). */
function readMethod(e: Endpoint): 'GET' | 'POST' {
  const method = methodOf(e);
  if (method !== 'GET' && method !== 'POST') throw new Error(`${method} ${e.path} is not a read`);
  return method;
}

interface MeasuredRun extends LoadResult {
  /** The server process's CPU time per request, when known. */
  cpuPerRequest: number | undefined;
}

/** A load run from the load generator, with the CPU the server's process spent on it. */
async function measured(pid: number | undefined, run: () => Promise<LoadResult>): Promise<MeasuredRun> {
  const before = cpuMs(pid);
  const result = await run();
  const after = cpuMs(pid);
  return { ...result, cpuPerRequest: before === undefined || after === undefined ? undefined : (after - before) / result.requests };
}

/**
 * Starts the compiled Kade server, its shop open all day for the order parts, and waits for its health check and, unless
 * `readModel` is false, for its read model to be ready (waitForReadModel: the steady state the budgets are about).
 */
async function startKade(env: Record<string, string>, nodeArgs: readonly string[] = [], entry = KADE_ENTRY, { readModel = true } = {}) {
  const started = startChild(entry, { ...env, ...OPEN_THROUGH_THE_RUN }, nodeArgs);
  const base = `http://127.0.0.1:${env.PORT}`;
  await waitReady(started.child, 'the Kade server', started.output, async () => (await fetch(`${base}${ENDPOINTS.health.check.path}`)).ok);
  if (readModel) await waitForReadModel(started.child, 'the Kade server', started.output, base);
  return { ...started, base };
}

const native = (raw: { toSQL(): { toNative(): { sql: string; bindings: readonly unknown[] } } }): Statement => {
  const { sql, bindings } = raw.toSQL().toNative();
  return { name: statementName(sql), sql, bindings: [...bindings] };
};

/** The All Products listing: the category and sub-category every product is in by design (SPEC.md section 9). */
function allProducts(catalogue: LoadedCatalogue) {
  return { categoryId: catalogue.allProducts.categoryId, subCategoryId: catalogue.allProducts.subCategoryId };
}

/**
 * `count` search texts, each different, as shoppers type product names: the first 2 to all letters of a visible
 * product's name, lowercased (search-as-you-type), drawn with a fixed seed.
 */
async function typedTexts(db: knex.Knex, catalogue: LoadedCatalogue, count: number): Promise<string[]> {
  const rows = (await db('products').whereIn('id', catalogue.visibleProductIds.slice(0, count > 5000 ? 50_000 : 5000)).select('name')) as Array<{ name: string }>;
  const names = rows.map((row) => row.name.toLowerCase()).sort();
  const random = seededRandom(11);
  const texts = new Set<string>();
  for (let tries = 0; texts.size < count && tries < count * 50; tries += 1) {
    const name = names[Math.floor(random() * names.length)] as string;
    const text = name.slice(0, 2 + Math.floor(random() * (name.length - 1))).trim();
    if (/[\p{L}\p{N}]/u.test(text)) texts.add(text);
  }
  return [...texts];
}

/** The requests of each read, and the same statements for the baseline (same variant, same index). */
/**
 * Where the deep page starts as the shop reaches it: the cursor the server's answer for the page before gives
 * (the shop's listing scrolls page after page, each asked for after the last one's nextCursor).
 */
async function deepCursor(db: knex.Knex, catalogue: LoadedCatalogue): Promise<ListingCursor> {
  const { page } = await createShopService({ db }).listing({ ...allProducts(catalogue), page: DEEP_PAGE - 1, limit: CATEGORY_PAGE_SIZE });
  const cursor = page.nextCursor ? parseListingCursor(page.nextCursor) : undefined;
  if (!cursor) throw new Error(`the All Products listing has no page after page ${DEEP_PAGE - 1}`);
  return cursor;
}

/** The deep page's statements: as the shop scrolls to it (after a cursor), and by its number (a link straight to it). */
function deepPageStatements(queries: ReturnType<typeof shopReadQueries>, catalogue: LoadedCatalogue, after: ListingCursor) {
  const input = { ...allProducts(catalogue), page: DEEP_PAGE, limit: CATEGORY_PAGE_SIZE };
  return [
    { name: `all products, page ${DEEP_PAGE}`, list: [knexSql(queries.listing({ ...input, after }))] },
    { name: `all products, page ${DEEP_PAGE} by number`, list: [knexSql(queries.listing(input))] },
  ];
}

function buildScenarios(
  catalogue: LoadedCatalogue,
  queries: ReturnType<typeof shopReadQueries>,
  options: { categories: boolean; deepAfter: ListingCursor; typedTexts?: readonly string[] },
): Scenario[] {
  const random = seededRandom(7);
  const listingInputs = catalogue.listings
    .filter((l) => l.count >= CATEGORY_PAGE_SIZE * 3)
    .flatMap((l) => [1, 2, 3].map((page) => ({ categoryId: l.categoryId, subCategoryId: l.subCategoryId, page, limit: CATEGORY_PAGE_SIZE })));
  const detailIds = Array.from({ length: 300 }, () => catalogue.visibleProductIds[Math.floor(random() * catalogue.visibleProductIds.length)] as string);
  const searchInputs = SEARCH_TERMS.map((search) => ({ search, page: 1, limit: SEARCH_PAGE_SIZE }));
  const allPage = (page: number) => [{ ...allProducts(catalogue), page, limit: CATEGORY_PAGE_SIZE }];
  const deepBody = { ...allProducts(catalogue), page: DEEP_PAGE, limit: CATEGORY_PAGE_SIZE, after: formatListingCursor(options.deepAfter) };
  const listingPath = ENDPOINTS.products.listing.path;
  const { details: detailsCall, search: searchCall } = ENDPOINTS.products;
  const { categories: categoryCalls, subCategories: subCategoryCalls } = ENDPOINTS;
  const scenarios: Scenario[] = [
    {
      name: 'listing',
      title: `Listing: a shelf (category and sub-category) page of ${CATEGORY_PAGE_SIZE}, pages 1-3 (POST ${listingPath})`,
      method: readMethod(ENDPOINTS.products.listing),
      path: listingPath,
      bodies: listingInputs.map((input) => JSON.stringify(input)),
      baseline: listingInputs.map((input) => native(queries.listing(input))),
    },
    {
      name: 'all products, page 1',
      title: `The All Products listing (All Product / All Products: every product), first page of ${CATEGORY_PAGE_SIZE}`,
      method: readMethod(ENDPOINTS.products.listing),
      path: listingPath,
      bodies: allPage(1).map((input) => JSON.stringify(input)),
      baseline: allPage(1).map((input) => native(queries.listing(input))),
    },
    {
      name: `all products, page ${DEEP_PAGE}`,
      title: `The All Products listing, page ${DEEP_PAGE} as the shop reaches it: after page ${DEEP_PAGE - 1}'s nextCursor`,
      method: readMethod(ENDPOINTS.products.listing),
      path: listingPath,
      bodies: [JSON.stringify(deepBody)],
      baseline: [native(queries.listing({ ...deepBody, after: options.deepAfter }))],
    },
    {
      name: `all products, page ${DEEP_PAGE} by number`,
      title: `The All Products listing, page ${DEEP_PAGE} by its number (a link straight to it, no cursor)`,
      method: readMethod(ENDPOINTS.products.listing),
      path: listingPath,
      bodies: allPage(DEEP_PAGE).map((input) => JSON.stringify(input)),
      baseline: allPage(DEEP_PAGE).map((input) => native(queries.listing(input))),
    },
    {
      name: 'details',
      title: `Product details with variations (${readMethod(detailsCall)} ${detailsCall.path})`,
      method: readMethod(detailsCall),
      path: detailsCall.path,
      bodies: detailIds.map((productId) => JSON.stringify({ productId })),
      baseline: detailIds.map((productId) => native(queries.details(productId))),
    },
    {
      name: 'search',
      title: `Search, first page of ${SEARCH_PAGE_SIZE}, the ${SEARCH_TERMS.length} texts in turn (${readMethod(searchCall)} ${searchCall.path}): after its first time, each text is answered from the instance's answer cache`,
      method: readMethod(searchCall),
      path: searchCall.path,
      bodies: searchInputs.map((input) => JSON.stringify(input)),
      baseline: searchInputs.map((input) => native(queries.search(input))),
    },
  ];
  if (options.typedTexts) {
    const typed = options.typedTexts.map((search) => ({ search, page: 1, limit: SEARCH_PAGE_SIZE }));
    scenarios.push({
      name: 'search, every text new',
      title: `Search, first page of ${SEARCH_PAGE_SIZE}, a text never asked before in the run on every request (${typed.length.toLocaleString('en-US')} prefixes of product names, as typed): no answer from the cache, the index's own speed`,
      method: readMethod(searchCall),
      path: searchCall.path,
      bodies: typed.map((input) => JSON.stringify(input)),
      baseline: typed.slice(0, WARMUP + REQUESTS).map((input) => native(queries.search(input))),
      fresh: true,
    });
  }
  if (options.categories) {
    scenarios.push(
      {
        name: 'categories',
        title: `Every category (${readMethod(categoryCalls.list)} ${categoryCalls.list.path})`,
        method: readMethod(categoryCalls.list),
        path: categoryCalls.list.path,
        bodies: [''],
        baseline: [{ name: statementName(CATEGORY_LIST_SQL), sql: CATEGORY_LIST_SQL, bindings: [] }],
      },
      {
        name: 'sub-categories',
        title: `Every sub-category with its categories (${readMethod(subCategoryCalls.list)} ${subCategoryCalls.list.path})`,
        method: readMethod(subCategoryCalls.list),
        path: subCategoryCalls.list.path,
        bodies: ['{}'],
        baseline: [{ name: statementName(SUB_CATEGORY_LIST_SQL), sql: SUB_CATEGORY_LIST_SQL, bindings: [] }],
      },
    );
  }
  for (const scenario of scenarios) if (CEILING_READS.has(scenario.name)) scenario.ceiling = true;
  return scenarios;
}

/**
 * Kade's answer to every body of these reads, asked once (each must answer 200), written as bench-ceiling.ts reads
 * them: the answer's text under its path and body. Returns the file.
 */
async function writeKadeAnswers(base: string, scenarios: readonly Scenario[], file: string): Promise<string> {
  const answers: Record<string, string> = {};
  for (const scenario of scenarios) {
    for (const body of new Set(scenario.bodies)) {
      const response = await fetch(base + scenario.path, { method: scenario.method, ...(scenario.method === 'GET' ? {} : { body, headers: { 'content-type': 'application/json' } }) });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`Kade answered ${response.status} to ${scenario.path} ${body}: ${text.slice(0, 200)}`);
      answers[`${scenario.path}\n${scenario.method === 'GET' ? '' : body}`] = text;
    }
  }
  writeFileSync(file, JSON.stringify(answers));
  return file;
}

interface PlanNode {
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function indexesOf(node: PlanNode, found = new Set<string>()): Set<string> {
  if (node['Index Name']) found.add(node['Index Name']);
  for (const child of node.Plans ?? []) indexesOf(child, found);
  return found;
}

interface DbTiming {
  /** Per round: p50 and p95 of planning + execution over every statement × DB_SAMPLES. */
  p50: number[];
  p95: number[];
  max: number[];
  indexes: string[];
}

/** Statements timed inside the database (EXPLAIN ANALYZE: planning + execution), in ROUNDS rounds. */
async function timeInDatabase(db: knex.Knex, statements: ReadonlyArray<{ sql: string; bindings: readonly unknown[] }>): Promise<DbTiming> {
  const timing: DbTiming = { p50: [], p95: [], max: [], indexes: [] };
  const indexes = new Set<string>();
  for (let round = 0; round < ROUNDS; round += 1) {
    const samples: number[] = [];
    for (let sample = 0; sample < DB_SAMPLES; sample += 1) {
      for (const { sql, bindings } of statements) {
        const { rows } = (await db.raw(`explain (analyze, format json) ${sql}`, bindings as readonly knex.Knex.Value[])) as {
          rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode; 'Planning Time': number; 'Execution Time': number }> }>;
        };
        const plan = rows[0]?.['QUERY PLAN'][0];
        if (!plan) throw new Error('EXPLAIN gave no plan');
        samples.push(plan['Planning Time'] + plan['Execution Time']);
        indexesOf(plan.Plan, indexes);
      }
    }
    const summary = latencySummary(samples);
    timing.p50.push(summary.p50);
    timing.p95.push(summary.p95);
    timing.max.push(summary.max);
  }
  timing.indexes = [...indexes].sort();
  return timing;
}

/** knex's own bindings of a read (`?` placeholders), for EXPLAIN through knex.raw. */
const knexSql = (raw: { toSQL(): { sql: string; bindings: readonly unknown[] } }) => raw.toSQL();


/** How long the whole run takes on the 2-core machine the figures come from (updated from the lead's full runs). */
const FULL_RUN_MINUTES = 'between 17 and 35';

function headerSection(input: { pgVersion: string; parts: readonly string[]; seconds: number }): string[] {
  const cpus = os.cpus();
  return [
    `Written by \`npm run bench\` (bench/src/bench-catalogue.ts and the bench-*.ts files beside it) on ${new Date().toISOString()}; each run replaces the sections it measured (this one: ${input.parts.join(', ')}, in ${(input.seconds / 60).toFixed(1)} minutes${QUICK ? ', BENCH_QUICK sizes' : ''}). The full run (every part, \`npm run bench\`) takes ${FULL_RUN_MINUTES} minutes on the machine below.`,
    `Budgets from DESIGN.md section 8. Never asserted in a test: a run on a busy machine can miss them.`,
    '',
    '## Machine and method',
    '',
    `- ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ${os.type()} ${os.release()}`,
    `- Node ${process.version}; ${input.pgVersion.split(' on ')[0]}`,
    `- Every Kade server is the compiled one (server/dist/main.js, built by server/scripts/build.mjs at the start of the run) run by plain node with NODE_ENV=production, \`${PRODUCTION_NODE_FLAGS.join(' ')}\` and ${Object.entries(PRODUCTION_ENV).map(([name, value]) => `\`${name}=${value}\``).join(', ')} (server/node-flags.json), as \`npm start\` and the Docker image run it.`,
    `- The catalogue reads' load comes from ${LOAD_TOOL.tool === 'wrk' ? 'wrk (bench-wrk.ts)' : LOAD_TOOL.note}.`,
    '- The HTTP load comes from processes of their own (bench-loadgen.ts for reads, bench-order-load.ts for orders, bench-journey-load.ts for the shopper journeys, bench-abuse-reads.ts under abuse), never from the benchmark process; the load generator, the servers and PostgreSQL share the machine, on loopback.',
    `- Every figure is the median of at least ${ROUNDS} rounds, written **median** (round 1 · round 2 · …) or with a row per round; each section states the machine's load average when it started and ended: other work on the machine slows every figure.`,
    `- Load average (1, 5, 15 min) when the run ended: ${os.loadavg().map((l) => l.toFixed(2)).join(', ')}.`,
  ];
}

interface ScenarioResult {
  scenario: Scenario;
  kade: MeasuredRun[];
  baseline: MeasuredRun[];
  /** The memory ceiling's runs (bench-ceiling.ts), for the reads measured against it; empty otherwise. */
  ceiling: MeasuredRun[];
}

function catalogueSection(input: { catalogue: LoadedCatalogue; results: ScenarioResult[]; search: DbTiming; pages: Array<{ name: string; timing: DbTiming }> }): string[] {
  const cell = (runs: readonly MeasuredRun[], pick: (r: MeasuredRun) => number, digits: number) => roundsCell(runs.map(pick), digits);
  const lines = [
    input.catalogue.products === 100_000 ? '## Catalogue reads at 100,000 products (BENCH_PRODUCTS=100000 BENCH_PARTS=catalogue)' : '## Catalogue reads',
    '',
    `- Catalogue: ${input.catalogue.products.toLocaleString('en-US')} products (${input.catalogue.unpublished} unpublished, ${input.catalogue.deleted} deleted) and ${input.catalogue.variations} variations in ${input.catalogue.categories} categories and ${input.catalogue.subCategories} sub-categories; every product is also in All Product / All Products, as the shop's bulk upload puts it`,
    LOAD_TOOL.tool === 'wrk'
      ? `- Load: wrk 4 (bench-wrk.ts: \`wrk -t${WRK_THREADS} -c${CLIENTS} -d${WRK_SECONDS}s --latency\` with a Lua script of the read's requests, each thread sending its share of the bodies in turn), ${CLIENTS} keep-alive connections on loopback, ${WRK_SECONDS} s timed per round after ${WRK_WARMUP_SECONDS} s untimed, ${ROUNDS} rounds per server alternating which goes first; an answer not 2xx or a socket error counts as an error and fails the read. \`search, every text new\`: each of Kade's timed rounds asks its own share of the texts, none asked before in the run; the baseline goes round the first ${WARMUP + REQUESTS}`
      : `- Load: ${LOAD_TOOL.note}, ${CLIENTS} concurrent keep-alive clients on loopback, ${REQUESTS} timed requests per round after ${WARMUP} untimed, ${ROUNDS} rounds per server alternating which goes first`,
    '- Kade: the compiled server (Koa, auth, zod validation, envelope, row mapping) with its pools: 20 connections for the hot statements (these reads among them), 10 for the rest',
    '- Baseline: plain `node:http` + `pg` (pool of 20) running the same SQL statement with the same bindings (as a named prepared statement) and answering the rows as JSON; for categories and sub-categories it runs the statement Kade runs when its memory copy is empty, on every request',
    `- Memory ceiling (${[...CEILING_READS].join(', ')}): plain \`node:http\` answering Kade's own answer bytes for the same path and body (taken from Kade before the load) from a Map, with only Content-Type and Content-Length (bench-ceiling.ts): what this machine, the load generator included, serves of these bytes; Kade's share of it is what its own work per request leaves`,
    '',
    '| read | server | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU ms/req |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { scenario, kade, baseline, ceiling } of input.results) {
    for (const [name, runs] of [['Kade', kade], ['baseline', baseline], ['memory ceiling', ceiling]] as const) {
      if (runs.length === 0) continue;
      lines.push(
        `| ${scenario.name} | ${name} | ${cell(runs, (r) => r.throughput, 0)} | ${cell(runs, (r) => r.p50, 1)} | ${cell(runs, (r) => r.p95, 1)} | ${cell(runs, (r) => r.p99, 1)} | ${runs.reduce((sum, r) => sum + r.errors, 0)} | ${cell(runs, (r) => r.cpuPerRequest ?? Number.NaN, 2)} |`,
      );
    }
  }
  lines.push('', '| read | what | Kade p99 < 50 ms (median) | Kade / baseline throughput (medians) | ≥ 80% |', '| --- | --- | --- | ---: | --- |');
  for (const { scenario, kade, baseline } of input.results) {
    const ratio = median(kade.map((r) => r.throughput)) / median(baseline.map((r) => r.throughput));
    const p99 = median(kade.map((r) => r.p99));
    const errors = kade.reduce((sum, r) => sum + r.errors, 0);
    lines.push(`| ${scenario.name} | ${scenario.title} | ${ok(p99 < BUDGET.p99Ms && errors === 0)} (${ms(p99)}) | ${(ratio * 100).toFixed(0)}% | ${ok(ratio >= BUDGET.throughputRatio)} |`);
  }
  // issue 37's budgets for the reads the instance answers from memory
  const byName = new Map(input.results.map((result) => [result.scenario.name, result]));
  const issue37: string[] = [];
  for (const name of ['listing', 'all products, page 1', `all products, page ${DEEP_PAGE}`, 'details']) {
    const result = byName.get(name);
    if (!result) continue;
    const rate = median(result.kade.map((r) => r.throughput));
    const times = rate / median(result.baseline.map((r) => r.throughput));
    const p99 = median(result.kade.map((r) => r.p99));
    const ceiling = result.ceiling.length > 0 ? median(result.ceiling.map((r) => r.throughput)) : undefined;
    const share = ceiling === undefined ? '' : ` (${rate.toFixed(0)} req/s, ${((rate / ceiling) * 100).toFixed(0)}% of the memory ceiling's ${ceiling.toFixed(0)})`;
    const errors = result.kade.reduce((sum, r) => sum + r.errors, 0);
    issue37.push(`${name} ${times.toFixed(1)}×${share} ${ok(times >= 10 && p99 < BUDGET.p99Ms && errors === 0)}`);
  }
  for (const name of ['search', 'search, every text new']) {
    const result = byName.get(name);
    if (!result) continue;
    const rate = median(result.kade.map((r) => r.throughput));
    const p99 = median(result.kade.map((r) => r.p99));
    const errors = result.kade.reduce((sum, r) => sum + r.errors, 0);
    const needed = input.catalogue.products >= 100_000 ? 1000 : 5000;
    issue37.push(`${name}${name === 'search' ? ' (from the answer cache)' : ''} ${rate.toFixed(0)} req/s, p99 ${ms(p99)} ms ${ok(rate >= needed && p99 < BUDGET.p99Ms && errors === 0)}`);
  }
  lines.push('', `Issue 37 at ${input.catalogue.products.toLocaleString('en-US')} products (shelf, All Products and details ≥ 10× the baseline's req/s; search ≥ 5,000 req/s at 10k, ≥ 1,000 at 100k; p99 < ${BUDGET.p99Ms} ms; load by ${LOAD_TOOL.tool === 'wrk' ? 'wrk' : 'the node load generator'}): ${issue37.join('; ')}.`);
  for (const name of wentRound) {
    lines.push('', `${name}: a timed round of Kade's used up its share of the texts and asked some again, each after all its round's others: more answers than the instance keeps (1,000 search answers, 16 MB of kept bytes) came in between (BENCH_WRK_TEXTS raises the texts).`);
  }
  lines.push(
    '',
    '#### Reading these figures',
    '',
    `- With ${CLIENTS} clients each waiting for its answer before asking again, the mean latency is ${CLIENTS} / throughput: a p99 under ${BUDGET.p99Ms} ms needs well over ${Math.round(CLIENTS / (BUDGET.p99Ms / 1000))} req/s. A read slower than that in PostgreSQL itself misses it for the baseline too.`,
    '- Server CPU per request: the difference between Kade and the baseline is Kade\'s pipeline (Koa middleware, validation, envelope, row mapping), on two cores that the load generator and PostgreSQL share.',
    "- Kade answers these reads from each instance's memory (the read model, search-index.ts); it keeps its last 1,000 search answers until the catalogue next changes (answer-cache.ts), so `search` (the same 28 texts again and again) is a figure of that cache, and `search, every text new` (a text never asked before on every request) is the index's own speed.",
    '',
    '### Inside the database',
    '',
    `Each statement timed by EXPLAIN ANALYZE (planning + execution), ${DB_SAMPLES} times per round; search over ${SEARCH_TERMS.length} texts (${SEARCH_TERMS.map((t) => `\`${t}\``).join(', ')}).`,
    '',
    '| statement | p50 ms | p95 ms | max ms | budget |',
    '| --- | ---: | ---: | ---: | --- |',
    `| search, first page of ${SEARCH_PAGE_SIZE} | ${roundsCell(input.search.p50, 1)} | ${roundsCell(input.search.p95, 1)} | ${roundsCell(input.search.max, 1)} | p95 < ${BUDGET.searchDbP95Ms} ms: ${ok(median(input.search.p95) < BUDGET.searchDbP95Ms)} |`,
    ...input.pages.map(
      (page) => `| ${page.name} | ${roundsCell(page.timing.p50, 1)} | ${roundsCell(page.timing.p95, 1)} | ${roundsCell(page.timing.max, 1)} | p95 < ${BUDGET.pageDbMs} ms: ${ok(median(page.timing.p95) < BUDGET.pageDbMs)} |`,
    ),
    '',
    `Indexes the search plans used: ${input.search.indexes.map((i) => `\`${i}\``).join(', ') || 'none'}.`,
  );
  return lines;
}

/** Which parts run (all by default; one alone is for working on it). */
const ALL_PARTS = ['catalogue', 'growth', 'propagation', 'orders', 'memory', 'receipts', 'packing', 'web', 'load', 'abuse'] as const;
const PARTS = (process.env.BENCH_PARTS ?? ALL_PARTS.join(',')).split(',').map((part) => part.trim());

/** The `fresh` reads whose texts a wrk round went round (each asked again after all its round's others). */
const wentRound = new Set<string>();

/** The reads against Kade and the baseline, in rounds that alternate which goes first. */
async function runCatalogue(
  load: LoadGenerator,
  kade: { pid: number | undefined; base: string },
  baseline: { pid: number | undefined; base: string },
  ceiling: { pid: number | undefined; base: string },
  scenarios: Scenario[],
) {
  const results: ScenarioResult[] = [];
  for (const scenario of scenarios) {
    /**
     * One run of `bodies` against `url`: by the node load generator (a fixed count, `fresh`: the timed requests go on
     * after the warm-up's bodies), or by wrk (a fixed duration; `fresh`: round `round`'s timed run asks its own share
     * of the first 95% of the bodies, the warm-ups the last 5%, so no timed text was asked before in the run).
     */
    const send = async (url: string, method: 'GET' | 'POST', bodies: readonly string[], round: number, fresh = false): Promise<LoadResult> => {
      if (LOAD_TOOL.tool === 'node') return load.run({ url, method, bodies, requests: REQUESTS, clients: CLIENTS, warmup: WARMUP, ...(fresh ? { freshBodies: true } : {}) });
      const warmFrom = Math.floor(bodies.length * 0.95);
      const share = Math.floor(warmFrom / ROUNDS);
      const timed = fresh ? bodies.slice(round * share, (round + 1) * share) : bodies;
      const warm = fresh ? bodies.slice(warmFrom) : bodies;
      await runWrk({ url, method, bodies: warm, connections: CLIENTS, threads: WRK_THREADS, seconds: WRK_WARMUP_SECONDS });
      const result: WrkResult = await runWrk({ url, method, bodies: timed, connections: CLIENTS, threads: WRK_THREADS, seconds: WRK_SECONDS });
      if (result.errors > 0) console.log(`bench: FAILED ${url} ${scenario.name}: ${result.errors} errors under wrk (${result.statusErrors} answers not 2xx)`);
      if (fresh && result.repeated) wentRound.add(scenario.name);
      if (fresh && result.repeated) console.log(`bench: ${scenario.name}: ${url} went round its ${timed.length} texts: some were asked twice in the round (BENCH_WRK_TEXTS)`);
      return result;
    };
    const baseBodies = scenario.baseline.map((_, i) => JSON.stringify({ i }));
    const kadeRun = (round: number) => measured(kade.pid, () => send(kade.base + scenario.path, scenario.method, scenario.bodies, round, scenario.fresh));
    // the baseline keeps no answers: it goes round its variants whatever the tool
    const baseRun = (round: number) => measured(baseline.pid, () => send(`${baseline.base}/${encodeURIComponent(scenario.name)}`, 'POST', baseBodies, round, scenario.fresh && LOAD_TOOL.tool === 'node'));
    const ceilingRun = (round: number) => measured(ceiling.pid, () => send(ceiling.base + scenario.path, scenario.method, scenario.bodies, round));
    const result: ScenarioResult = { scenario, kade: [], baseline: [], ceiling: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      if (round % 2 === 0) {
        result.kade.push(await kadeRun(round));
        result.baseline.push(await baseRun(round));
      } else {
        result.baseline.push(await baseRun(round));
        result.kade.push(await kadeRun(round));
      }
      if (scenario.ceiling) result.ceiling.push(await ceilingRun(round));
    }
    results.push(result);
    const k = median(result.kade.map((r) => r.throughput));
    const b = median(result.baseline.map((r) => r.throughput));
    const c = scenario.ceiling ? `; memory ceiling ${median(result.ceiling.map((r) => r.throughput)).toFixed(0)} req/s` : '';
    console.log(
      `bench: ${scenario.name}: Kade ${k.toFixed(0)} req/s p99 ${ms(median(result.kade.map((r) => r.p99)))} ms; baseline ${b.toFixed(0)} req/s p99 ${ms(median(result.baseline.map((r) => r.p99)))} ms; ratio ${((k / b) * 100).toFixed(0)}%${c} (medians of ${ROUNDS})`,
    );
  }
  return results;
}

/** A throwaway database of the benchmark's, migrated (dropped by `drop`). */
async function scratchDatabase(admin: knex.Knex, baseUrl: string, suffix: string): Promise<{ url: string; db: Database; drop(): Promise<void> }> {
  const name = `kade_bench_${process.pid}_${suffix}_${randomBytes(3).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  await admin.raw(`create database ${name}`);
  const db = await openDatabase({ database: { kind: 'postgres', url: url.toString() } }, { poolMax: 2 });
  await migrateLatest(db);
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.close().catch(() => undefined);
      await admin.raw(`drop database if exists ${name} with (force)`);
    },
  };
}

interface GrowthSize {
  products: number;
  loadSeconds: number;
  reads: Array<{ name: string; runs: LoadResult[] }>;
  db: Array<{ name: string; timing: DbTiming }>;
}

/** The same reads on catalogues of several sizes, each in a database of its own with its own server. */
async function runGrowth(input: { admin: knex.Knex; baseUrl: string; load: LoadGenerator; dataDir: string; jwtSecret: string }): Promise<GrowthSize[]> {
  const sizes: GrowthSize[] = [];
  for (const products of GROWTH_SIZES) {
    const scratch = await scratchDatabase(input.admin, input.baseUrl, `g${products}`);
    let server: Awaited<ReturnType<typeof startKade>> | undefined;
    try {
      console.log(`bench: growth: loading ${products} products …`);
      const loadStarted = performance.now();
      const catalogue = await loadBenchCatalogue(scratch.db.knex, products);
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      const queries = shopReadQueries(scratch.db.knex);
      const deepAfter = await deepCursor(scratch.db.knex, catalogue);
      const scenarios = buildScenarios(catalogue, queries, { categories: false, deepAfter });
      server = await startKade(kadeEnv(scratch.url, await freePort(), path.join(input.dataDir, `growth-${products}`), input.jwtSecret));
      const size: GrowthSize = { products, loadSeconds, reads: [], db: [] };
      for (const scenario of scenarios) {
        const runs: LoadResult[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          runs.push(await input.load.run({ url: server.base + scenario.path, method: scenario.method, bodies: scenario.bodies, requests: GROWTH_REQUESTS, clients: CLIENTS, warmup: Math.min(WARMUP, GROWTH_REQUESTS / 4) }));
        }
        size.reads.push({ name: scenario.name, runs });
        console.log(`bench: growth ${products}: ${scenario.name} ${median(runs.map((r) => r.throughput)).toFixed(0)} req/s, p99 ${ms(median(runs.map((r) => r.p99)))} ms`);
      }
      await stopChild(server.child);
      const shelf = catalogue.listings.filter((l) => l.count >= CATEGORY_PAGE_SIZE)[0];
      const statements: Array<{ name: string; list: Array<{ sql: string; bindings: readonly unknown[] }> }> = [
        ...(shelf ? [{ name: 'a shelf, page 1', list: [knexSql(queries.listing({ categoryId: shelf.categoryId, subCategoryId: shelf.subCategoryId, page: 1, limit: CATEGORY_PAGE_SIZE }))] }] : []),
        { name: 'all products, page 1', list: [knexSql(queries.listing({ ...allProducts(catalogue), page: 1, limit: CATEGORY_PAGE_SIZE }))] },
        ...deepPageStatements(queries, catalogue, deepAfter),
        { name: 'search', list: SEARCH_TERMS.map((search) => knexSql(queries.search({ search, page: 1, limit: SEARCH_PAGE_SIZE }))) },
        { name: 'details', list: catalogue.visibleProductIds.slice(0, 20).map((id) => knexSql(queries.details(id))) },
      ];
      for (const statement of statements) size.db.push({ name: statement.name, timing: await timeInDatabase(scratch.db.knex, statement.list) });
      sizes.push(size);
    } finally {
      await stopChild(server?.child);
      await scratch.drop();
    }
  }
  return sizes;
}

function growthSection(sizes: GrowthSize[]): string[] {
  const names = sizes[0]?.reads.map((r) => r.name) ?? [];
  const lines = [
    '## Growth: the same reads at every catalogue size',
    '',
    `Each size is a database of its own with the generated catalogue (the same shelves and names; every product also in All Products) and a Kade server of its own; the load generator sends ${GROWTH_REQUESTS} timed requests per round from ${CLIENTS} clients, ${ROUNDS} rounds per read. The deep page is page ${DEEP_PAGE} of ${CATEGORY_PAGE_SIZE}, asked for as the shop's listing asks, after the previous page's nextCursor; 'by number' asks for it by its page number alone (a link straight to it), which makes the database walk every product before it.`,
    '',
    `| read | ${sizes.map((s) => `${s.products.toLocaleString('en-US')}: req/s | p99 ms`).join(' | ')} |`,
    `| --- | ${sizes.map(() => '---: | ---:').join(' | ')} |`,
    ...names.map(
      (name) =>
        `| ${name} | ${sizes
          .map((s) => {
            const runs = s.reads.find((r) => r.name === name)?.runs ?? [];
            return `${roundsCell(runs.map((r) => r.throughput))} | ${roundsCell(runs.map((r) => r.p99), 1)}`;
          })
          .join(' | ')} |`,
    ),
    '',
    'Inside the database (EXPLAIN ANALYZE, planning + execution), p95 ms:',
    '',
    `| statement | ${sizes.map((s) => s.products.toLocaleString('en-US')).join(' | ')} |`,
    `| --- | ${sizes.map(() => '---:').join(' | ')} |`,
    ...(sizes[0]?.db.map((d) => d.name) ?? []).map((name) => `| ${name} | ${sizes.map((s) => roundsCell(s.db.find((d) => d.name === name)?.timing.p95 ?? [], 1)).join(' | ')} |`),
    '',
  ];
  const largest = sizes.at(-1);
  if (largest) {
    const rate = (name: string) => median(largest.reads.find((r) => r.name === name)?.runs.map((r) => r.throughput) ?? []);
    const db = (name: string) => median(largest.db.find((d) => d.name === name)?.timing.p95 ?? []);
    const first = rate('all products, page 1') / rate('listing');
    const deep = rate(`all products, page ${DEEP_PAGE}`) / rate('listing');
    const deepByNumber = rate(`all products, page ${DEEP_PAGE} by number`) / rate('listing');
    const pages = largest.db.filter((d) => d.name !== 'search' && d.name !== 'details');
    lines.push(
      `At ${largest.products.toLocaleString('en-US')} products: every listing page under ${BUDGET.pageDbMs} ms in the database (p95): ${ok(pages.every((p) => median(p.timing.p95) < BUDGET.pageDbMs))} (${pages.map((p) => `${p.name} ${ms(median(p.timing.p95))}`).join(', ')}); the All Products listing serves at least ${BUDGET.growthRatio * 100}% of a shelf's throughput: first page ${(first * 100).toFixed(0)}% ${ok(first >= BUDGET.growthRatio)}, page ${DEEP_PAGE} ${(deep * 100).toFixed(0)}% ${ok(deep >= BUDGET.growthRatio)} (by number, not what the shop sends: ${(deepByNumber * 100).toFixed(0)}%); search p95 ${ms(db('search'))} ms in the database.`,
      '',
      `Catalogue load times (not a budget): ${sizes.map((s) => `${s.products.toLocaleString('en-US')} in ${s.loadSeconds.toFixed(0)} s`).join(', ')}.`,
    );
  }
  return lines;
}

/** A section with the machine's load average when it started and ended appended. */
async function timedSection(run: () => Promise<string[]>): Promise<string[]> {
  const before = os.loadavg();
  const lines = await run();
  return [...lines, '', loadAverageLine(before)];
}

async function main(): Promise<void> {
  const started = performance.now();
  const unknown = PARTS.filter((p) => !(ALL_PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`unknown BENCH_PARTS: ${unknown.join(', ')} (known: ${ALL_PARTS.join(', ')})`);
  console.log('bench: compiling the server (server/scripts/build.mjs) …');
  const built = spawnSync(process.execPath, [path.join(REPO_ROOT, 'server', 'scripts', 'build.mjs')], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the server did not build');

  const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = knex({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kade-bench-'));
  const queriesFile = path.join(dataDir, 'queries.json');
  const jwtSecret = randomBytes(48).toString('base64url');
  let kadeChild: ChildProcess | undefined;
  let baselineChild: ChildProcess | undefined;
  let ceilingChild: ChildProcess | undefined;
  let load: LoadGenerator | undefined;
  const main = await scratchDatabase(admin, baseUrl, 'main');
  console.log('bench: database created');
  const db = main.db;
  // The order bench writes carts and checks stock from many clients at once: a pool of its own.
  const orderDb = knex({ client: 'pg', connection: main.url, pool: { min: 0, max: 10 } });
  try {
    load = await startLoadGenerator();
    if (PARTS.includes('catalogue')) console.log(`bench: the catalogue reads' load: ${LOAD_TOOL.note}`);
    console.log(`bench: loading ${PRODUCTS} products …`);
    const catalogue = await loadBenchCatalogue(db.knex, PRODUCTS);
    const queries = shopReadQueries(db.knex);
    const deepAfter = await deepCursor(db.knex, catalogue);
    const scenarios = buildScenarios(catalogue, queries, { categories: true, deepAfter, typedTexts: await typedTexts(db.knex, catalogue, FRESH_TEXTS) });
    writeFileSync(queriesFile, JSON.stringify(Object.fromEntries(scenarios.map((s) => [s.name, s.baseline])) satisfies BaselineQueries));

    // e.g. BENCH_KADE_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/kade-prof' profiles the Kade server under the load
    const nodeArgs = (process.env.BENCH_KADE_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const kade = await startKade(kadeEnv(main.url, await freePort(), dataDir, jwtSecret), nodeArgs);
    // startKade waited for its read model to be ready (GET /api/health `readModel`), and BENCH_KADE_SETTLE_MS more
    kadeChild = kade.child;

    const sections: Partial<Record<SectionName, string[]>> = {};
    if (PARTS.includes('catalogue')) {
      // issue 37's budgets are at 10k and 100k products: a run at 100k keeps a section of its own
      sections[PRODUCTS === 100_000 ? 'catalogue-100k' : 'catalogue'] = await timedSection(async () => {
        const basePort = await freePort();
        const baseline = startChild('bench/src/bench-baseline.ts', { DATABASE_URL: main.url, PORT: String(basePort), QUERIES_FILE: queriesFile, POOL_MAX: '20', SESSION_SQL: SESSION_SETUP_SQL });
        baselineChild = baseline.child;
        const baseBase = `http://127.0.0.1:${basePort}`;
        await waitReady(baseline.child, 'the baseline', baseline.output, async () => (await fetch(`${baseBase}/listing`, { method: 'POST', body: '{"i":0}' })).ok);
        // the memory ceiling answers Kade's own bytes for the reads of issue 37
        const measuredScenarios = scenarios.filter((s) => !READS || READS.has(s.name));
        const answersFile = await writeKadeAnswers(kade.base, measuredScenarios.filter((s) => s.ceiling), path.join(dataDir, 'answers.json'));
        const ceilingPort = await freePort();
        const ceiling = startChild('bench/src/bench-ceiling.ts', { PORT: String(ceilingPort), ANSWERS_FILE: answersFile });
        ceilingChild = ceiling.child;
        const ceilingBase = `http://127.0.0.1:${ceilingPort}`;
        await waitReady(ceiling.child, 'the memory ceiling', ceiling.output, async () => (await fetch(`${ceilingBase}/`, { method: 'POST', body: '' })).status === 404);
        const results = await runCatalogue(
          load as LoadGenerator,
          { pid: kade.child.pid, base: kade.base },
          { pid: baseline.child.pid, base: baseBase },
          { pid: ceiling.child.pid, base: ceilingBase },
          measuredScenarios,
        );
        await stopChild(baselineChild);
        await stopChild(ceilingChild);
        const search = await timeInDatabase(db.knex, SEARCH_TERMS.map((search) => knexSql(queries.search({ search, page: 1, limit: SEARCH_PAGE_SIZE }))));
        console.log(`bench: search in the database: p95 ${ms(median(search.p95))} ms (indexes: ${search.indexes.join(', ')})`);
        const pages = [
          { name: 'all products, page 1', timing: await timeInDatabase(db.knex, [knexSql(queries.listing({ ...allProducts(catalogue), page: 1, limit: CATEGORY_PAGE_SIZE }))]) },
          ...(await Promise.all(deepPageStatements(queries, catalogue, deepAfter).map(async (statement) => ({ name: statement.name, timing: await timeInDatabase(db.knex, statement.list) })))),
        ];
        return catalogueSection({ catalogue, results, search, pages });
      });
    }
    if (PARTS.includes('growth')) {
      sections.growth = await timedSection(async () => growthSection(await runGrowth({ admin, baseUrl, load: load as LoadGenerator, dataDir, jwtSecret })));
    }
    if (PARTS.includes('propagation')) {
      sections.propagation = await timedSection(async () => {
        // a second instance on the same database, with its own read model
        const secondDir = mkdtempSync(path.join(os.tmpdir(), 'kade-bench-b-'));
        const second = await startKade(kadeEnv(main.url, await freePort(), secondDir, jwtSecret));
        try {
          return propagationReport(await runPropagationBench({ knex: orderDb, a: kade.base, b: second.base }));
        } finally {
          await stopChild(second.child);
          rmSync(secondDir, { recursive: true, force: true });
        }
      });
    }
    if (PARTS.includes('orders')) {
      const searchScenario = scenarios.find((s) => s.name === 'search') as Scenario;
      const searchProbe = async (): Promise<SearchFigures> => {
        const timing = await timeInDatabase(db.knex, SEARCH_TERMS.map((search) => knexSql(queries.search({ search, page: 1, limit: SEARCH_PAGE_SIZE }))));
        const runs: LoadResult[] = [];
        for (let round = 0; round < ROUNDS; round += 1) {
          runs.push(await (load as LoadGenerator).run({ url: kade.base + searchScenario.path, bodies: searchScenario.bodies, requests: REQUESTS, clients: CLIENTS, warmup: WARMUP }));
        }
        console.log(`bench: search probe: in the database p95 ${ms(median(timing.p95))} ms; ${median(runs.map((r) => r.throughput)).toFixed(0)} req/s`);
        return { dbP50: timing.p50, dbP95: timing.p95, throughput: runs.map((r) => r.throughput), p99: runs.map((r) => r.p99) };
      };
      sections.orders = await timedSection(async () =>
        orderReport(await runOrderBench({ knex: orderDb, databaseUrl: main.url, kadeUrl: kade.base, jwtSecret, serverPid: kade.child.pid, searchProbe })),
      );
    }
    if (PARTS.includes('receipts')) {
      sections.receipts = await timedSection(async () => receiptReport(await runReceiptBench({ knex: orderDb, databaseUrl: main.url, kadeUrl: kade.base })));
    }
    if (PARTS.includes('packing')) {
      sections.packing = await timedSection(async () => packingReport(await runPackingBench({ knex: orderDb, databaseUrl: main.url, kadeUrl: kade.base })));
    }
    await stopChild(kadeChild);
    if (PARTS.includes('memory')) {
      sections.memory = await timedSection(async () =>
        memoryReport(
          await runMemoryBench({
            knex: orderDb,
            catalogue,
            scenarios: scenarios.map((s) => ({ name: s.name, method: s.method, path: s.path, bodies: s.bodies })),
            load: load as LoadGenerator,
            rounds: ROUNDS,
            requests: REQUESTS,
            jwtSecret,
            start: async (entry) => {
              // as its method says: the first reading 5 s after the health check answered, the read model building
              const server = await startKade(kadeEnv(main.url, await freePort(), dataDir, jwtSecret), [], entry, { readModel: false });
              return { pid: server.child.pid, base: server.base, stop: () => stopChild(server.child) };
            },
          }),
        ),
      );
    }
    if (PARTS.includes('web')) {
      sections.web = await timedSection(async () => {
        // a database of its own: the demo catalogue (real pictures) grown to the 10k products the budget names
        const web = await scratchDatabase(admin, baseUrl, 'web');
        try {
          return webReport(await runWebBench({ url: web.url, knex: web.db.knex, products: PRODUCTS }));
        } finally {
          await web.drop();
        }
      });
    }
    if (PARTS.includes('load')) {
      sections.load = await timedSection(async () =>
        loadReport(await runJourneyBench({ databaseUrl: main.url, knex: orderDb, jwtSecret, dataDir, catalogue })),
      );
    }
    if (PARTS.includes('abuse')) {
      // The catalogue reads in turn: a listing, a product, a search, …
      const reading = scenarios.filter((s) => ['listing', 'details', 'search'].includes(s.name));
      const longest = Math.max(...reading.map((s) => s.bodies.length));
      const reads = Array.from({ length: longest }, (_, i) => reading.flatMap((s) => (i < s.bodies.length ? [{ path: s.path, body: s.bodies[i] as string }] : []))).flat();
      sections.abuse = await timedSection(async () =>
        abuseReport(await runAbuseBench({ databaseUrl: main.url, knex: orderDb, jwtSecret, dataDir, reads })),
      );
    }
    const { rows } = (await db.knex.raw('select version()')) as { rows: Array<{ version: string }> };
    sections.header = headerSection({ pgVersion: rows[0]?.version ?? 'PostgreSQL', parts: PARTS, seconds: (performance.now() - started) / 1000 });
    const file = process.env.BENCH_OUT
      ? path.resolve(process.env.BENCH_OUT)
      : QUICK
        ? path.join(os.tmpdir(), 'kade-bench-quick.md')
        : path.join(REPO_ROOT, 'docs', 'BENCHMARKS.md');
    const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
    writeFileSync(file, mergeSections(existing, sections));
    console.log(`bench: written to ${path.relative(process.cwd(), file) || file} in ${((performance.now() - started) / 60_000).toFixed(1)} minutes`);
  } finally {
    load?.close();
    await Promise.all([stopChild(kadeChild), stopChild(baselineChild), stopChild(ceilingChild)]);
    await orderDb.destroy();
    await main.drop();
    await admin.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    console.log('bench: databases dropped');
  }
}

main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
