// The benchmark's load: a fixed number of requests from a fixed number of concurrent clients over
// keep-alive loopback connections; every latency is kept for the percentiles. Bounded: no open-ended loop.
import http from 'node:http';
import { forkWorker, type Worker } from './bench-process';
import { latencySummary, percentile } from './bench-stats';

export { percentile };

/** The Kade server every part starts: the compiled one, as production runs it (built by bench-catalogue.ts first). */
export const KADE_ENTRY = 'server/dist/main.js';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** What a load run measured: one latency a request sent (in ms), the failures among them, the seconds it took. */
function loadResult(latencies: readonly number[], errors: number, seconds: number): LoadResult {
  return { requests: latencies.length, errors, seconds, throughput: latencies.length / seconds, ...latencySummary(latencies) };
}

/** One POST with a JSON body (or a GET with none); resolves with the status once the whole answer has been read. */
function post(agent: http.Agent, url: URL, body: string, method: 'GET' | 'POST' = 'POST'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      method === 'GET'
        ? { method, agent }
        : { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(method === 'GET' ? undefined : body);
  });
}

export interface LoadOptions {
  url: string;
  /** POST (default), each with the next of `bodies`, or GET (bodies only count the variants). */
  method?: 'GET' | 'POST';
  bodies: readonly string[];
  requests: number;
  clients: number;
  warmup: number;
  /**
   * The timed requests go on through `bodies` after the warm-up's instead of starting again at the first: with at
   * least warmup + requests bodies, no body is sent twice in a run (a read whose answers an instance keeps, asked
   * with a new question every time).
   */
  freshBodies?: boolean;
}

/**
 * Sends `requests` POSTs (bodies taken round-robin from `bodies`) from `clients` concurrent clients, after
 * `warmup` untimed ones, and measures each from sending to the last byte of the answer.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  try {
    const shoot = async (count: number, latencies: number[] | undefined, first = 0): Promise<number> => {
      let next = 0;
      let errors = 0;
      const client = async () => {
        for (let i = next++; i < count; i = next++) {
          const started = performance.now();
          const status = await post(agent, url, options.bodies[(first + i) % options.bodies.length] as string, options.method).catch(() => 0);
          latencies?.push(performance.now() - started);
          if (status !== 200) errors += 1;
        }
      };
      await Promise.all(Array.from({ length: options.clients }, client));
      return errors;
    };
    await shoot(options.warmup, undefined);
    const latencies: number[] = [];
    const started = performance.now();
    const errors = await shoot(options.requests, latencies, options.freshBodies ? options.warmup : 0);
    return loadResult(latencies, errors, (performance.now() - started) / 1000);
  } finally {
    agent.destroy();
  }
}

/**
 * Sends POSTs taken round-robin from `requests` (path and JSON body) from `clients` concurrent clients until
 * `stop()` answers true (asked before each request) or `maxSeconds` have passed, and measures each like
 * `runLoad`: for load that must last exactly as long as something else happening meanwhile.
 */
export async function runLoadUntil(options: {
  base: string;
  requests: ReadonlyArray<{ path: string; body: string }>;
  clients: number;
  stop(): boolean;
  maxSeconds: number;
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const targets = options.requests.map((r) => ({ url: new URL(r.path, options.base), body: r.body }));
  try {
    const latencies: number[] = [];
    let next = 0;
    let errors = 0;
    const started = performance.now();
    const deadline = started + options.maxSeconds * 1000;
    const client = async () => {
      while (!options.stop() && performance.now() < deadline) {
        const target = targets[next++ % targets.length] as (typeof targets)[number];
        const sent = performance.now();
        const status = await post(agent, target.url, target.body).catch(() => 0);
        latencies.push(performance.now() - sent);
        if (status !== 200) errors += 1;
      }
    };
    await Promise.all(Array.from({ length: options.clients }, client));
    return loadResult(latencies, errors, (performance.now() - started) / 1000);
  } finally {
    agent.destroy();
  }
}

/** A job for the load generator process (bench-loadgen.ts); it answers with a `LoadResult`. */
export type LoadgenCommand = { cmd: 'load'; options: LoadOptions };

export interface LoadGenerator {
  /** One load run, sent from the generator's process; resolves with what it measured. */
  run(options: LoadOptions): Promise<LoadResult>;
  /** The generator's process id (its CPU is not the server's). */
  pid: number | undefined;
  close(): void;
}

/**
 * Starts the load generator: a process of its own (bench-loadgen.ts) that sends the HTTP load and times it,
 * so that neither its CPU nor its garbage collection is the benchmark's, and the benchmark's own work
 * (database checks, sockets, bookkeeping) never delays a timed request.
 */
export async function startLoadGenerator(): Promise<LoadGenerator> {
  const worker: Worker<LoadgenCommand, LoadResult> = await forkWorker('bench-loadgen.ts', 'load generator', { closeGraceMs: 2000 });
  return { pid: worker.pid, run: (options) => worker.ask({ cmd: 'load', options }), close: () => worker.close() };
}
