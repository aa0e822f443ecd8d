// The benchmark's load: a fixed number of requests from a fixed number of concurrent clients over
// keep-alive loopback connections; every latency is kept for the percentiles. Bounded: no open-ended loop.
import { readFileSync } from 'node:fs';
import http from 'node:http';

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

/** The value at a percentile (nearest rank) of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** One POST with a JSON body; resolves with the status once the whole answer has been read. */
function post(agent: http.Agent, url: URL, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Sends `requests` POSTs (bodies taken round-robin from `bodies`) from `clients` concurrent clients, after
 * `warmup` untimed ones, and measures each from sending to the last byte of the answer.
 */
export async function runLoad(options: {
  url: string;
  bodies: readonly string[];
  requests: number;
  clients: number;
  warmup: number;
}): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  try {
    const shoot = async (count: number, latencies: number[] | undefined): Promise<number> => {
      let next = 0;
      let errors = 0;
      const client = async () => {
        for (let i = next++; i < count; i = next++) {
          const started = performance.now();
          const status = await post(agent, url, options.bodies[i % options.bodies.length] as string).catch(() => 0);
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
