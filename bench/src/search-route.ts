// What a search request costs the server beyond the index (issue 37: search-as-you-type, every text new): the
// catalogue of search-micro.ts in this process's read model, the real search route (catalogRoutes, the fast lane,
// its kept answers, the envelope's JSON) on a node:http server, and a client in a child process asking typed texts
// one at a time over one kept-alive connection. The server's CPU per request (process.cpuUsage, main and helper
// threads) is split into the index's own (`search` of the read model, timed around each call) and the rest (HTTP
// parsing, the lane, shaping and serialising the page, headers, the socket, garbage collection).
// Run: `npx tsx bench/src/search-route.ts [products] [requests]` (defaults 10,000 and 5,000); PROFILE=file writes a
// CPU profile of the load.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { SEARCH_PAGE_SIZE } from '@kade/shared';
import { catalogRoutes, createLogger, createSearchIndex, createShopService, fastLane, fixedSecurityHeaders, KeptAnswers, seededRandom, withReadVersion, type CatalogService } from '@kade/server/testing';
import { catalogueRows, stubDb, typedTexts } from './search-micro-data';

const PRODUCTS = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 5000);
const PATH = '/api/product/search-product';

async function client(port: number, texts: readonly string[]): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const ask = (search: string) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ search, page: 1, limit: SEARCH_PAGE_SIZE });
      const req = http.request({ port, path: PATH, method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  for (const text of texts.slice(0, 200)) await ask(text); // warm-up (texts not asked again below)
  process.send?.({ warm: true });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  let bytes = 0;
  const trips: number[] = [];
  for (const text of texts.slice(200)) {
    const started = performance.now();
    bytes += await ask(text);
    trips.push(performance.now() - started);
  }
  trips.sort((x, y) => x - y);
  const at = (share: number) => trips[Math.min(trips.length - 1, Math.floor(share * trips.length))] ?? 0;
  process.send?.({ done: true, bytes, trips: { p50: at(0.5), p99: at(0.99), p999: at(0.999), max: at(1) } });
  agent.destroy();
}

async function main() {
  if (process.env.SEARCH_ROUTE_CLIENT) {
    // the texts come by message: thousands of them are more than a child's environment may hold
    const { port, texts } = await new Promise<{ port: number; texts: string[] }>((resolve) => process.once('message', (message) => resolve(message as { port: number; texts: string[] })));
    await client(port, texts);
    return;
  }
  const rows = catalogueRows(PRODUCTS);
  const logger = createLogger('silent');
  const index = withReadVersion(createSearchIndex({ db: stubDb(rows), logger }));
  await index.build();
  // the index's own CPU: every search of the read model, timed
  let indexMicros = 0;
  const search = index.search.bind(index);
  index.search = (input) => {
    const before = process.cpuUsage();
    const answer = search(input);
    const { user, system } = process.cpuUsage(before);
    indexMicros += user + system;
    return answer;
  };
  const shop = createShopService({ db: stubDb(rows), searchIndex: index, readVersion: index.version });
  const catalog = { categories: {}, products: {}, shop, keptAnswers: new KeptAnswers(index.versions), productWrite: undefined, searchIndex: index } as unknown as CatalogService;
  await fixedSecurityHeaders(); // the lane answers once helmet's headers are known (the server works them out at start)
  const lane = fastLane(catalogRoutes({ catalog }), { corsOrigins: [], bodyLimitKb: 100, logger });
  const server = http.createServer((req, res) => {
    if (!lane(req, res)) res.writeHead(404).end();
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const texts = typedTexts(rows, REQUESTS + 200, seededRandom(11));
  const child = fork(new URL(import.meta.url).pathname, [], { env: { ...process.env, SEARCH_ROUTE_CLIENT: '1' }, execArgv: process.execArgv });
  child.send({ port, texts });
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  // how long the server's event loop was held up at a time (a stall holds every request behind it)
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // PROFILE=file: a CPU profile of the server's process during the load alone (not the build), for DevTools
  const profile = process.env.PROFILE ? new Session() : undefined;
  const post = (method: string) => new Promise<unknown>((resolve, reject) => profile?.post(method, (error, result) => (error ? reject(error) : resolve(result))));
  if (profile) {
    profile.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  indexMicros = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  child.send('go');
  type Trips = { p50: number; p99: number; p999: number; max: number };
  const done = await new Promise<{ bytes: number; trips: Trips }>((resolve) => child.once('message', (message) => resolve(message as { bytes: number; trips: Trips })));
  const spent = performance.now() - started;
  delay.disable();
  if (profile) writeFileSync(process.env.PROFILE as string, JSON.stringify(((await post('Profiler.stop')) as { profile: unknown }).profile));
  const { user, system } = process.cpuUsage(cpu);
  const n = texts.length - 200;
  const total = (user + system) / n;
  const own = indexMicros / n;
  console.log(`${rows.length} visible products; ${n} typed texts over one connection, each new; ${(done.bytes / n).toFixed(0)} bytes an answer`);
  console.log(`server CPU per request ${total.toFixed(0)} µs (user ${(user / n).toFixed(0)}, system ${(system / n).toFixed(0)}); the index ${own.toFixed(0)} µs (${((own / total) * 100).toFixed(0)}%), the rest ${(total - own).toFixed(0)} µs; ${((spent / n) * 1000).toFixed(0)} µs a round trip`);
  const ms = (value: number) => value.toFixed(2);
  console.log(`round trips: p50 ${ms(done.trips.p50)} ms, p99 ${ms(done.trips.p99)} ms, p99.9 ${ms(done.trips.p999)} ms, max ${ms(done.trips.max)} ms; the server's event loop held up at most ${ms(delay.max / 1e6)} ms (p99 ${ms(delay.percentile(99) / 1e6)} ms)`);
  server.close();
  server.closeAllConnections();
}

await main();
