// The benchmark's processes, in one place: the servers and helpers every part starts (a free loopback port, a
// child with the tail of its output kept, waiting for it to be ready, stopping it), what /proc says of a process
// (CPU time, resident memory), the worker processes that send load for the parts (a request-and-answer protocol
// over the IPC channel), and the shopper sockets several parts open. Loopback only; every wait is bounded.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { ENDPOINTS, windowAround, type HealthWire } from '@kade/shared';
import { freePort } from '@kade/server/testing/port';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The repository's root (bench/src/../..): where every child starts, and what `startChild`'s paths are relative to. */
const REPO_ROOT = path.resolve(here, '..', '..');

/** The node flags production runs the compiled server with (server/node-flags.json): the benchmark runs it the same way. */
const PRODUCTION = JSON.parse(readFileSync(path.join(REPO_ROOT, 'server', 'node-flags.json'), 'utf8')) as { flags: string[]; env: Record<string, string> };
export const PRODUCTION_NODE_FLAGS: readonly string[] = PRODUCTION.flags;
/** The environment production starts the compiled server with (server/node-flags.json), under the caller's own. */
export const PRODUCTION_ENV: Readonly<Record<string, string>> = PRODUCTION.env;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free loopback port (the server's testing entry; also the server's fault tests' set-up). */
export { freePort };

/**
 * The shop's hours and fresh hours open from an hour before the run to 22 hours after its start, for the parts that
 * place orders whatever the time (a fixed '00:00-23:59' is closed in the day's last minute), and no minimum basket
 * (the generated catalogue has items from Rs.40, ordered one at a time).
 */
export const OPEN_THROUGH_THE_RUN = { SHOP_HOURS: windowAround(new Date(), -60, 22 * 60), FRESH_HOURS: windowAround(new Date(), -60, 22 * 60), MIN_ORDER_RUPEES: '0' } as const;

/** The environment of a Kade server the benchmark starts: production, on loopback, quiet, unseeded, on `databaseUrl`. */
export function kadeEnv(databaseUrl: string, port: number, dataDir: string, jwtSecret: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
  };
}

/** A process's name and the fields of /proc/<pid>/stat after it (Linux), or undefined when it cannot be read. */
function procStat(pid: number | string | undefined): { name: string; fields: string[] } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone, or not Linux
  }
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(') ') + 2).split(' ') };
}

/** CPU time (user + system) a process has used, in ms, where /proc tells it (Linux; 100 ticks a second). */
export function cpuMs(pid: number | undefined): number | undefined {
  const fields = procStat(pid)?.fields ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? ticks * 10 : undefined;
}

/**
 * CPU milliseconds spent so far by PostgreSQL on this machine: every process named `postgres` (the postmaster and
 * its backends), plus what the postmaster's children that have exited spent (its cutime and cstime). Undefined when
 * no such process can be read (PostgreSQL elsewhere, or not Linux). For a figure per order: read before and after.
 */
export function postgresCpuMs(): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  let ticks = 0;
  let seen = false;
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat?.name !== 'postgres') continue;
    seen = true;
    ticks += Number(stat.fields[11]) + Number(stat.fields[12]);
    // The postmaster (its parent is not postgres): what its reaped children spent.
    if (procStat(stat.fields[1])?.name !== 'postgres') ticks += Number(stat.fields[13]) + Number(stat.fields[14]);
  }
  return seen ? ticks * 10 : undefined;
}

/** Resident memory of a process in MB (VmRSS in /proc/<pid>/status; Linux). */
export function residentMb(pid: number | undefined): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

export interface StartedChild {
  child: ChildProcess;
  /** The last 4,000 characters the child wrote (stdout and stderr), for the error when it fails. */
  output(): string;
}

/**
 * Starts a process of the repository (a path from the repository's root): compiled JavaScript with plain node (the
 * compiled server with production's flags), TypeScript through tsx. It gets the benchmark's environment with `env` on top; a variable set to undefined there is
 * left out.
 */
export function startChild(file: string, env: Record<string, string | undefined>, nodeArgs: readonly string[] = []): StartedChild {
  const runWith = file.endsWith('.ts') ? ['--import', 'tsx'] : file.endsWith('dist/main.js') ? PRODUCTION_NODE_FLAGS : [];
  const production = file.endsWith('dist/main.js') ? PRODUCTION_ENV : {};
  const merged = Object.fromEntries(Object.entries({ ...production, ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const child = spawn(process.execPath, [...nodeArgs, ...runWith, file], { cwd: REPO_ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  // BENCH_CHILD_LOG_DIR keeps every child's whole output in a file of its own (e.g. with BENCH_KADE_NODE_ARGS=--trace-gc)
  const whole = process.env.BENCH_CHILD_LOG_DIR ? path.join(process.env.BENCH_CHILD_LOG_DIR, `${path.basename(file)}-${child.pid ?? 'x'}.log`) : undefined;
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString('utf8')).slice(-4000);
    if (whole) appendFileSync(whole, chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => log };
}

/**
 * Waits until `ready` answers true, asking every `everyMs` for at most `seconds`; the child's exit ends the wait
 * with its output.
 */
export async function waitReady(child: ChildProcess, name: string, output: () => string, ready: () => Promise<boolean>, seconds = 60, everyMs = 100): Promise<void> {
  for (let attempt = 0; attempt < (seconds * 1000) / everyMs; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`${name} stopped before it was ready:\n${output()}`);
    if (await ready().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`${name} was not ready after ${seconds} s:\n${output()}`);
}

/**
 * Waits until a Kade server at `base` answers its health check with its read model `ready` (issue 37: it answers as
 * soon as it listens, its read model still building, PostgreSQL answering meanwhile and the build taking the CPU; at
 * 100,000 products that lasted into the first reads measured). Then BENCH_KADE_SETTLE_MS more, if set (0 by default):
 * an extra wait for whatever else settles after the build (the build's garbage).
 */
export async function waitForReadModel(child: ChildProcess, name: string, output: () => string, base: string, seconds = 600): Promise<void> {
  await waitReady(
    child,
    `${name}'s read model`,
    output,
    async () => {
      const answer = await fetch(`${base}${ENDPOINTS.health.check.path}`);
      return answer.ok && ((await answer.json()) as { data: HealthWire }).data.readModel === 'ready';
    },
    seconds,
    200,
  );
  const settleMs = Number(process.env.BENCH_KADE_SETTLE_MS ?? 0);
  if (settleMs > 0) {
    console.log(`bench: ${name}'s read model is ready; waiting ${settleMs} ms more (BENCH_KADE_SETTLE_MS)`);
    await sleep(settleMs);
  }
}

/** Asks a child to stop (SIGTERM), and kills it when it has not after `graceMs`. */
export async function stopChild(child: ChildProcess | undefined, graceMs = 5000): Promise<void> {
  if (!child || child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(graceMs)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** What a worker process answers its parent: once that it is ready, then the result or the error of each job. */
export type WorkerReply<R> = { cmd: 'ready' } | { cmd: 'result'; id: number; result: R } | { cmd: 'error'; id: number; message: string };

export interface Worker<C, R> {
  /** The worker's process id (its CPU is not the server's). */
  pid: number | undefined;
  /** Sends a job (numbered here) and resolves with the worker's result. */
  ask(command: C): Promise<R>;
  /** Asks the worker to exit (`{ cmd: 'exit' }`), and kills it when it has not after a few seconds. */
  close(): void;
}

/**
 * Forks a worker of bench/src (TypeScript through tsx) with the IPC channel, sends it `first` when given (its
 * set-up), and resolves once it answers ready (within 30 s). Each `ask` adds an `id` that the worker's answer
 * carries back (`answerJob` on the worker's side); a worker that stops fails every job still waiting.
 */
export function forkWorker<C extends { cmd: string }, R>(
  file: string,
  name: string,
  options: { env?: Record<string, string>; first?: object; closeGraceMs?: number } = {},
): Promise<Worker<C, R>> {
  const child = fork(path.join(here, file), [], {
    execArgv: ['--import', 'tsx'],
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, { resolve(result: R): void; reject(error: Error): void }>();
  let nextId = 1;
  child.on('message', (reply: WorkerReply<R>) => {
    if (reply.cmd === 'ready') return;
    const job = waiting.get(reply.id);
    waiting.delete(reply.id);
    if (reply.cmd === 'result') job?.resolve(reply.result);
    else job?.reject(new Error(`${name}: ${reply.message}`));
  });
  child.on('exit', (code) => {
    for (const job of waiting.values()) job.reject(new Error(`the ${name} stopped (${code})`));
    waiting.clear();
  });
  const worker: Worker<C, R> = {
    pid: child.pid,
    ask: (command) =>
      new Promise<R>((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ ...command, id });
      }),
    close: () => {
      if (child.exitCode === null && child.connected) child.send({ cmd: 'exit' });
      setTimeout(() => child.exitCode === null && child.kill('SIGKILL'), options.closeGraceMs ?? 3000).unref();
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ${name} was not ready after 30 s`)), 30_000);
    child.once('message', (reply: WorkerReply<R>) => {
      clearTimeout(timer);
      if (reply.cmd === 'ready') resolve(worker);
      else reject(new Error(`the ${name} answered before it was ready`));
    });
    child.once('exit', (code) => reject(new Error(`the ${name} stopped before it was ready (${code})`)));
    if (options.first) child.send(options.first);
  });
}

/** On a worker's side: answers job `id` with what `work` resolves to, or with its error. */
export function answerJob<R>(id: number, work: Promise<R>): void {
  const reply = (message: WorkerReply<R>) => process.send?.(message);
  work
    .then((result) => reply({ cmd: 'result', id, result }))
    .catch((error: unknown) => reply({ cmd: 'error', id, message: error instanceof Error ? error.message : String(error) }));
}

/** One HTTP request over a keep-alive agent; resolves with the status and the body text once the answer is read. */
export function requestText(agent: http.Agent, url: URL, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, agent, headers: body === undefined ? headers : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Opens `count` sockets on one server, 50 at a time, each signed in with the next of `tokens` (round the list
 * again when there are fewer); resolves with them and how many connected (each given 15 s).
 */
export async function openSockets(url: string, tokens: readonly string[], count = tokens.length): Promise<{ sockets: Socket[]; connected: number }> {
  const sockets: Socket[] = [];
  let connected = 0;
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) => {
      const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: tokens[(start + i) % tokens.length] } });
      sockets.push(socket);
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => resolve(), 15_000);
        socket.once('connect', () => {
          connected += 1;
          clearTimeout(timer);
          resolve();
        });
        socket.once('connect_error', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    });
    await Promise.all(batch);
  }
  return { sockets, connected };
}
