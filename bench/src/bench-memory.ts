// The `memory` part of `npm run bench` (run by bench-catalogue.ts on its 10,000-product database): the Kade
// server's resident memory as production runs it (DESIGN.md section 8: compiled JavaScript, under 120 MB idle,
// under 200 MB at 10,000 products with 500 connected sockets and read load at once).
//
// Each round starts a fresh compiled server (server/dist/main.js, plain node) and reads its VmRSS from /proc:
// 5 s after it answered its first health check, and idle, 15 s after (V8's memory reducer has then let the start-up's
// garbage and young generation go: it starts about 8 s after the process does); with 500 shopper sockets connected; then, with the sockets still connected, the peak
// (sampled every 100 ms) while the load generator process sends the catalogue reads, and after them. One more
// round runs the same sources through tsx, for comparison only. Loopback only; every loop bounded.
import type { Knex } from 'knex';
import type { Socket } from 'socket.io-client';
import { mobileToLoginEmail } from '@kade/shared';
import { mintSessions, systemClock } from '@kade/server/testing';
import type { LoadedCatalogue } from './bench-data';
import { KADE_ENTRY, type LoadGenerator } from './bench-load';
import { openSockets, PRODUCTION_NODE_FLAGS, residentMb, sleep } from './bench-process';
import { median, ok, roundsCell } from './bench-stats';

const SOCKETS = Number(process.env.BENCH_MEMORY_SOCKETS ?? 500);
/** The first reading: just after start, the start-up's garbage (migrations, module loading) still in the heap. */
const STARTED_MS = 5000;
/**
 * The idle reading, measured against the budget: a server that has answered nothing for this long. V8's memory
 * reducer runs its first memory-reducing collections about 8 s after the process starts when nothing allocates
 * (seen with --trace-gc: 8.4, 9.0 and 9.6 s), and the resident memory then stays where they leave it.
 */
const IDLE_MS = 15_000;
export const MEMORY_BUDGET_MB = { idle: 120, loaded: 200 } as const;
/** Issue 37's budget for this same run with the 10,000-product catalogue kept in memory (the read model). */
export const CATALOGUE_BUDGET_MB = { idle: 150, loaded: 250 } as const;

export interface MemoryRound {
  entry: string;
  /** 5 s after start. */
  startedMb: number;
  /** 15 s after start, nothing asked meanwhile. */
  idleMb: number;
  socketsConnected: number;
  withSocketsMb: number;
  peakUnderLoadMb: number;
  afterLoadMb: number;
  readRequests: number;
  readErrors: number;
}

export interface MemoryBenchResult {
  products: number;
  variations: number;
  rounds: MemoryRound[];
  tsx: MemoryRound | undefined;
  reads: string[];
}

/** Shoppers with access tokens, written straight into the tables (mobiles 073…, apart from the other parts'). */
async function socketTokens(knex: Knex, secret: string, count: number): Promise<string[]> {
  const mobile = (i: number) => `07${String(30_000_000 + i)}`;
  const rows = (await knex('users')
    .insert(Array.from({ length: count }, (_, i) => ({ name: `Memory Shopper ${i}`, mobile: mobile(i), email: mobileToLoginEmail(mobile(i)), password_hash: 'not-a-login', role: 'USER' })))
    .returning(['id', 'role'])) as Array<{ id: string; role: 'USER' }>;
  const sessions = await mintSessions(knex, secret, systemClock, rows);
  return rows.map((row) => sessions.get(row.id) as string);
}

export async function runMemoryBench(input: {
  knex: Knex;
  catalogue: LoadedCatalogue;
  scenarios: Array<{ name: string; method: 'GET' | 'POST'; path: string; bodies: string[] }>;
  load: LoadGenerator;
  rounds: number;
  requests: number;
  jwtSecret: string;
  start(entry: string): Promise<{ pid: number | undefined; base: string; stop(): Promise<void> }>;
}): Promise<MemoryBenchResult> {
  const tokens = await socketTokens(input.knex, input.jwtSecret, SOCKETS);
  const round = async (entry: string): Promise<MemoryRound> => {
    const server = await input.start(entry);
    let sockets: Socket[] = [];
    try {
      await sleep(STARTED_MS);
      const startedMb = residentMb(server.pid) ?? Number.NaN;
      await sleep(IDLE_MS - STARTED_MS);
      const idleMb = residentMb(server.pid) ?? Number.NaN;
      const opened = await openSockets(server.base, tokens);
      sockets = opened.sockets;
      await sleep(2000);
      const withSocketsMb = residentMb(server.pid) ?? Number.NaN;
      let peak = withSocketsMb;
      const sampler = setInterval(() => {
        peak = Math.max(peak, residentMb(server.pid) ?? 0);
      }, 100);
      let readRequests = 0;
      let readErrors = 0;
      try {
        for (const scenario of input.scenarios) {
          const result = await input.load.run({ url: server.base + scenario.path, method: scenario.method, bodies: scenario.bodies, requests: input.requests, clients: 50, warmup: 0 });
          readRequests += result.requests;
          readErrors += result.errors;
        }
      } finally {
        clearInterval(sampler);
      }
      const afterLoadMb = residentMb(server.pid) ?? Number.NaN;
      const figures = { entry, startedMb, idleMb, socketsConnected: opened.connected, withSocketsMb, peakUnderLoadMb: Math.max(peak, afterLoadMb), afterLoadMb, readRequests, readErrors };
      console.log(
        `bench: memory (${entry}): 5 s after start ${startedMb.toFixed(0)} MB; idle ${idleMb.toFixed(0)} MB; ${opened.connected} sockets ${withSocketsMb.toFixed(0)} MB; peak under reads ${figures.peakUnderLoadMb.toFixed(0)} MB; after ${afterLoadMb.toFixed(0)} MB`,
      );
      return figures;
    } finally {
      for (const socket of sockets) socket.close();
      await server.stop();
    }
  };
  const rounds: MemoryRound[] = [];
  for (let i = 0; i < input.rounds; i += 1) rounds.push(await round(KADE_ENTRY));
  const tsx = process.env.BENCH_MEMORY_TSX === '0' ? undefined : await round('server/src/main.ts');
  return { products: input.catalogue.products, variations: input.catalogue.variations, rounds, tsx, reads: input.scenarios.map((s) => s.name) };
}


/** The `memory` section of docs/BENCHMARKS.md. */
export function memoryReport(r: MemoryBenchResult): string[] {
  const idle = median(r.rounds.map((x) => x.idleMb));
  const peak = median(r.rounds.map((x) => x.peakUnderLoadMb));
  const sockets = Math.min(...r.rounds.map((x) => x.socketsConnected));
  const errors = r.rounds.reduce((sum, x) => sum + x.readErrors, 0);
  const row = (name: string, pick: (x: MemoryRound) => number) => `| ${name} | ${roundsCell(r.rounds.map(pick))} | ${r.tsx ? pick(r.tsx).toFixed(0) : 'n/a'} |`;
  return [
    '## Server memory',
    '',
    `Resident memory (VmRSS from /proc) of one Kade server on PostgreSQL with ${r.products.toLocaleString('en-US')} products and ${r.variations.toLocaleString('en-US')} variations, as production runs it: the compiled server (\`${KADE_ENTRY}\`, plain node with \`${PRODUCTION_NODE_FLAGS.join(' ')}\`, NODE_ENV=production), a fresh process each round. The first reading is ${STARTED_MS / 1000} s after its health check answered, the start-up's garbage still in the heap; idle is ${IDLE_MS / 1000} s after it, nothing asked meanwhile, once V8's memory reducer (which starts about 8 s after the process) has let that garbage and the young generation's grown room go; then ${SOCKETS} shopper sockets connect (socket.io-client, websocket) and stay connected while the load generator process sends ${r.rounds[0]?.readRequests ?? 0} reads from 50 clients (${r.reads.map((n) => `\`${n}\``).join(', ')}, in turn); the peak is sampled every 100 ms. The last column runs the same sources through tsx, once, for comparison.`,
    '',
    '| when | compiled, MB | through tsx, MB |',
    '| --- | ---: | ---: |',
    row(`${STARTED_MS / 1000} s after start`, (x) => x.startedMb),
    row(`idle (${IDLE_MS / 1000} s after start)`, (x) => x.idleMb),
    row(`${SOCKETS} sockets connected`, (x) => x.withSocketsMb),
    row('peak: sockets connected and read load', (x) => x.peakUnderLoadMb),
    row('after the read load, sockets still connected', (x) => x.afterLoadMb),
    '',
    `Idle under ${MEMORY_BUDGET_MB.idle} MB: ${ok(idle < MEMORY_BUDGET_MB.idle)} (${idle.toFixed(0)}; ${median(r.rounds.map((x) => x.startedMb)).toFixed(0)} ${STARTED_MS / 1000} s after start). Under ${MEMORY_BUDGET_MB.loaded} MB with ${SOCKETS} sockets and read load: ${ok(peak < MEMORY_BUDGET_MB.loaded && sockets >= SOCKETS)} (peak ${peak.toFixed(0)}${sockets < SOCKETS ? `; only ${sockets} sockets connected` : ''}). With the ${r.products.toLocaleString('en-US')}-product catalogue in memory (issue 37), idle under ${CATALOGUE_BUDGET_MB.idle} MB: ${ok(idle < CATALOGUE_BUDGET_MB.idle)}; under ${CATALOGUE_BUDGET_MB.loaded} MB with ${SOCKETS} sockets and read load: ${ok(peak < CATALOGUE_BUDGET_MB.loaded && sockets >= SOCKETS)}. Read errors: ${errors}.`,
  ];
}
