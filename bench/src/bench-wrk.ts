// wrk (https://github.com/wg/wrk, the Debian package `wrk`) as the catalogue part's load tool (issue 37): the node
// load generator (bench-load.ts) tops out near what one node process can send, which was about what Kade and the
// memory ceiling serve, so it measured itself. wrk is C, one event loop per thread, and sends the same reads:
// a Lua script written here (into a temp file) builds every request once (method, path, JSON body, content type),
// each thread takes every `threads`-th body in turn, and `done` prints one line of JSON (requests, duration, errors
// including answers with a status of 400 or more, latency percentiles) that `parseWrkOutput` reads. wrk runs for a
// fixed duration, not a count of requests. Loopback only; each run bounded by its duration.
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LoadResult } from './bench-load';

/** What wrk's `done` prints, on one line after this marker. */
const MARKER = 'KADE_WRK ';

/** The catalogue's reads go through wrk or the node load generator: BENCH_LOAD_TOOL forces one, else wrk when on PATH. */
export function chooseLoadTool(env: NodeJS.ProcessEnv = process.env, onPath: (name: string) => boolean = isOnPath): { tool: 'wrk' | 'node'; note: string } {
  const forced = env.BENCH_LOAD_TOOL;
  if (forced !== undefined && forced !== 'wrk' && forced !== 'node') throw new Error(`BENCH_LOAD_TOOL is wrk or node, not ${forced}`);
  if (forced === 'node') return { tool: 'node', note: 'the node load generator (BENCH_LOAD_TOOL=node)' };
  if (onPath('wrk')) return { tool: 'wrk', note: 'wrk' };
  if (forced === 'wrk') throw new Error('BENCH_LOAD_TOOL=wrk but wrk is not on PATH (apt-get install -y wrk)');
  return { tool: 'node', note: 'the node load generator, because wrk is not on PATH (apt-get install -y wrk): its figures are bounded by what one node process can send' };
}

function isOnPath(name: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, name), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** A Lua string literal of `text`'s UTF-8 bytes: printable ASCII as it is, every other byte (and `"`, `\`) as \ddd. */
export function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    out += byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

export interface WrkScriptInput {
  method: 'GET' | 'POST';
  /** The path (and query) every request asks for. */
  path: string;
  /** POST bodies, sent in turn (a GET sends none). */
  bodies: readonly string[];
  threads: number;
}

/**
 * The Lua script for one run: thread k (of `threads`) sends bodies k, k + threads, … in turn (with fewer bodies than
 * threads, body k modulo their number), each request built
 * once in `init`; `done` adds up what every thread sent and says whether any went round its bodies more than once
 * (`repeated`: a body asked twice in the run).
 */
export function wrkScript({ method, path: requestPath, bodies, threads }: WrkScriptInput): string {
  const list = method === 'GET' ? [''] : bodies;
  return `-- written by bench/src/bench-wrk.ts
local bodies = {
${list.map((body) => `  ${luaString(body)},`).join('\n')}
}
local threads, made = {}, 0
function setup(thread)
  thread:set("id", made)
  made = made + 1
  table.insert(threads, thread)
end
local requests, n = {}, 0
function init(args)
  local headers = ${method === 'GET' ? '{}' : '{ ["Content-Type"] = "application/json" }'}
  for i = id % #bodies + 1, #bodies, ${threads} do
    table.insert(requests, wrk.format(${luaString(method)}, ${luaString(requestPath)}, headers, ${method === 'GET' ? 'nil' : 'bodies[i]'}))
  end
  count = #requests
end
function request()
  n = n + 1
  sent = n
  return requests[(n - 1) % count + 1]
end
function done(summary, latency, requests)
  local total, repeated = 0, false
  for _, thread in ipairs(threads) do
    local sent, count = thread:get("sent") or 0, thread:get("count") or 0
    total = total + sent
    if sent > count then repeated = true end
  end
  local e = summary.errors
  io.write(string.format('${MARKER}{"requests":%.0f,"durationUs":%.0f,"errors":{"connect":%.0f,"read":%.0f,"write":%.0f,"status":%.0f,"timeout":%.0f},"p50Us":%.0f,"p95Us":%.0f,"p99Us":%.0f,"maxUs":%.0f,"sent":%.0f,"repeated":%s}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95), latency:percentile(99), latency.max, total, tostring(repeated)))
end
`;
}

export interface WrkResult extends LoadResult {
  /** Answers with a status of 400 or more (wrk's errors.status), among `errors`. */
  statusErrors: number;
  /** Some body was sent twice in the run (a thread went round its share of the bodies). */
  repeated: boolean;
}

interface WrkLine {
  requests: number;
  durationUs: number;
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  p50Us: number;
  p95Us: number;
  p99Us: number;
  maxUs: number;
  repeated: boolean;
}

/** What the script's `done` printed, read from wrk's whole output. */
export function parseWrkOutput(stdout: string): WrkResult {
  const line = stdout.split('\n').find((l) => l.startsWith(MARKER));
  if (!line) throw new Error(`wrk printed no result line: ${stdout.slice(0, 500)}`);
  const raw = JSON.parse(line.slice(MARKER.length)) as WrkLine;
  const seconds = raw.durationUs / 1e6;
  const errors = Object.values(raw.errors).reduce((sum, count) => sum + count, 0);
  return {
    requests: raw.requests,
    errors,
    statusErrors: raw.errors.status,
    seconds,
    throughput: raw.requests / seconds,
    p50: raw.p50Us / 1000,
    p95: raw.p95Us / 1000,
    p99: raw.p99Us / 1000,
    max: raw.maxUs / 1000,
    repeated: raw.repeated,
  };
}

export interface WrkRun {
  /** The full URL: its origin is wrk's target, its path the requests'. */
  url: string;
  method: 'GET' | 'POST';
  bodies: readonly string[];
  connections: number;
  threads: number;
  seconds: number;
}

/** One wrk run (`-t threads -c connections -d seconds --latency`) of the script above. */
export async function runWrk(run: WrkRun): Promise<WrkResult> {
  const url = new URL(run.url);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-wrk-'));
  try {
    const script = path.join(dir, 'reads.lua');
    writeFileSync(script, wrkScript({ method: run.method, path: url.pathname + url.search, bodies: run.bodies, threads: run.threads }));
    const args = ['-t', String(run.threads), '-c', String(run.connections), '-d', `${run.seconds}s`, '--timeout', '10s', '--latency', '-s', script, url.origin];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile('wrk', args, { timeout: (run.seconds + 30) * 1000, maxBuffer: 1 << 20 }, (error, out, err) =>
        error ? reject(new Error(`wrk failed: ${error.message} ${err.slice(0, 500)}`)) : resolve(out),
      );
    });
    return parseWrkOutput(stdout);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
