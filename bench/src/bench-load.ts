// The benchmark's load: a fixed number of requests from a fixed number of concurrent clients over
// keep-alive loopback connections; every latency is kept for the percentiles. Bounded: no open-ended loop.
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './bench-stats';

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

/** CPU time (user + system) a process has used, in ms, where /proc tells it (Linux; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
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
}

/**
 * Sends `requests` POSTs (bodies taken round-robin from `bodies`) from `clients` concurrent clients, after
 * `warmup` untimed ones, and measures each from sending to the last byte of the answer.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  try {
    const shoot = async (count: number, latencies: number[] | undefined): Promise<number> => {
      let next = 0;
      let errors = 0;
      const client = async () => {
        for (let i = next++; i < count; i = next++) {
          const started = performance.now();
          const status = await post(agent, url, options.bodies[i % options.bodies.length] as string, options.method).catch(() => 0);
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
    const errors = await shoot(options.requests, latencies);
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: options.requests,
      errors,
      seconds,
      throughput: options.requests / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
    };
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
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      requests: latencies.length,
      errors,
      seconds,
      throughput: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1] ?? 0,
    };
  } finally {
    agent.destroy();
  }
}

/** Messages between the benchmark and its load generator process (bench-loadgen.ts). */
export type LoadgenCommand = { cmd: 'load'; id: number; options: LoadOptions } | { cmd: 'exit' };
export type LoadgenReply = { cmd: 'ready' } | { cmd: 'result'; id: number; result: LoadResult } | { cmd: 'error'; id: number; message: string };

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
export function startLoadGenerator(): Promise<LoadGenerator> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-loadgen.ts');
  const child: ChildProcess = fork(file, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map<number, { resolve(result: LoadResult): void; reject(error: Error): void }>();
  let nextId = 1;
  child.on('message', (reply: LoadgenReply) => {
    if (reply.cmd === 'ready') return;
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.cmd === 'result') job?.resolve(reply.result);
    else job?.reject(new Error(`load generator: ${reply.message}`));
  });
  child.on('exit', (code) => {
    for (const job of waiting.values()) job.reject(new Error(`the load generator stopped (${code})`));
    waiting.clear();
  });
  const generator: LoadGenerator = {
    pid: child.pid,
    run: (options) =>
      new Promise<LoadResult>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ cmd: 'load', id, options } satisfies LoadgenCommand);
      }),
    close: () => {
      if (child.exitCode === null) child.send({ cmd: 'exit' } satisfies LoadgenCommand);
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), 2000).unref();
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the load generator was not ready after 30 s')), 30_000);
    child.once('message', (reply: LoadgenReply) => {
      clearTimeout(timer);
      if (reply.cmd === 'ready') resolve(generator);
      else reject(new Error('the load generator answered before it was ready'));
    });
    child.once('exit', (code) => reject(new Error(`the load generator stopped before it was ready (${code})`)));
  });
}
