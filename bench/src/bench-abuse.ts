// The `abuse` part of `npm run bench` (run by bench-catalogue.ts on its 10,000-product database): do the shop's
// reads stay within their budget while the expensive doors are hammered (DESIGN.md section 8, 'under abuse')?
//
// 1. Starts one real server (the compiled server/dist/main.js) with TRUST_PROXY=true and every limit and queue at its default
//    (HASH_*, IMAGE_*, RATE_LIMITS from this process's environment when set, to try other sizes).
// 2. A process of its own (bench-abuse-reads.ts) sends the catalogue reads (listing, details, search) from
//    50 clients: first alone, then while 50 registrations (distinct numbers, each from its own address in
//    X-Forwarded-For: every one hashes a password) and 20 uploads of a 12-megapixel PNG near the 5 MB limit
//    (20 admin accounts, distinct pictures) arrive at once; the read load lasts exactly as long as the abuse.
//    Several rounds, the median reported.
// 3. Samples the server's resident memory throughout, counts what the registrations and uploads got
//    (created, waited in the queue, refused), and finally sends 50 registrations from ONE address to show
//    what the default per-address limit lets through.
// Every loop is bounded; everything listens on 127.0.0.1 only.
import { fork, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import sharp from 'sharp';
import { ENDPOINTS, methodOf, mobileToLoginEmail, type Endpoint } from '@kade/shared';
import { DEFAULT_NICENESS, hashPassword, IMAGE_MAX_WAIT_MS, mintSessions, RATE_LIMIT_DEFAULTS, systemClock } from '@kade/server/testing';
import type { LoadResult } from './bench-load';
import { KADE_ENTRY, percentile } from './bench-load';
import { freePort, kadeEnv, residentMb, sleep, startChild, stopChild, waitForReadModel, waitReady } from './bench-process';
import type { ReadsCommand, ReadsReply } from './bench-abuse-reads';
import { mb, median, ms, ok } from './bench-stats';

const ROUNDS = Number(process.env.BENCH_ABUSE_ROUNDS ?? 3);
const ALONE_SECONDS = Number(process.env.BENCH_ABUSE_ALONE_SECONDS ?? 8);
const CLIENTS = 50;
/** 50 and 20 by DESIGN.md; fewer (BENCH_ABUSE_REGISTRATIONS, BENCH_ABUSE_UPLOADS) to see what each costs on its own. */
const REGISTRATIONS = Number(process.env.BENCH_ABUSE_REGISTRATIONS ?? 50);
const UPLOADS = Number(process.env.BENCH_ABUSE_UPLOADS ?? 20);
/** 4000 × 3000 pixels, drawn from 1300 × 975 of noise: about 4.6 MB as a PNG, under the 5 MB limit. */
const UPLOAD_SIZE = { width: 4000, height: 3000, noiseWidth: 1300, noiseHeight: 975 };
/** Under abuse the reads keep at least this share of their throughput alone (the catalogue budget's 80%). */
export const ABUSE_THROUGHPUT_RATIO = 0.8;

export interface AbuseBenchInput {
  databaseUrl: string;
  knex: Knex;
  jwtSecret: string;
  dataDir: string;
  /** The catalogue reads to send (path and JSON body), as the catalogue part sends them. */
  reads: ReadonlyArray<{ path: string; body: string }>;
}

/** What a burst of requests of one kind got back. */
export interface Outcomes {
  /** `status code` → how many, e.g. `201` or `503 BUSY`. */
  answers: Record<string, number>;
  p50Ms: number;
  maxMs: number;
  /** Uploads only: how many created ones waited for the image queue (its Server-Timing `queue` over 10 ms). */
  waited?: number;
  longestWaitMs?: number;
}

export interface AbuseRound {
  alone: LoadResult;
  abused: LoadResult;
  abuseSeconds: number;
  registrations: Outcomes;
  uploads: Outcomes;
  peakAloneMb: number | undefined;
  peakAbuseMb: number | undefined;
  /** The server with its image process. */
  peakAbuseWithChildrenMb: number | undefined;
}

export interface AbuseBenchResult {
  settings: Record<string, string>;
  /** One scrypt hash with the server's parameters, timed alone in this process. */
  scryptMs: number;
  readKinds: string[];
  uploadBytes: number;
  idleMb: number | undefined;
  afterMb: number | undefined;
  rounds: AbuseRound[];
  oneAddress: Outcomes;
}

/** A process and its descendants (the server and its image process), from /proc/<pid>/task/<tid>/children. */
function processTree(pid: number | undefined): number[] {
  if (pid === undefined) return [];
  let children: number[] = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      children = children.concat(readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
    }
  } catch {
    // gone meanwhile
  }
  return [pid, ...children.flatMap(processTree)];
}

/** Resident memory of a process and its descendants together, in MB. */
function treeResidentMb(pid: number | undefined): { totalMb: number | undefined; processes: number } {
  const each = processTree(pid).flatMap((p) => {
    const mb = residentMb(p);
    return mb === undefined ? [] : [mb];
  });
  return { totalMb: each.length === 0 ? undefined : each.reduce((a, b) => a + b, 0), processes: each.length };
}

/**
 * Samples resident memory every 50 ms until `stop()`: the peak of the server process alone and of the server
 * with its image process, and the most processes seen.
 */
function memoryPeak(pid: number | undefined): { stop(): Promise<{ serverMb: number | undefined; withChildrenMb: number | undefined }> } {
  let peak: number | undefined;
  let treePeak: number | undefined;
  let running = true;
  const loop = (async () => {
    while (running) {
      const tree = treeResidentMb(pid);
      if (tree.totalMb !== undefined) treePeak = Math.max(treePeak ?? 0, tree.totalMb);
      const now = residentMb(pid);
      if (now !== undefined) peak = Math.max(peak ?? 0, now);
      await sleep(50);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { serverMb: peak, withChildrenMb: treePeak };
    },
  };
}

interface Answer {
  status: number;
  code: string;
  ms: number;
  serverTiming: string | undefined;
}

/** One request on its own connection (as separate callers would come); resolves with what came back. */
function send(base: string, e: Endpoint, headers: Record<string, string | number>, body: Buffer): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(new URL(e.path, base), { method: methodOf(e), agent: false, headers: { ...headers, 'content-length': body.length } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        let code = '';
        try {
          code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code ?? '';
        } catch {
          // not JSON
        }
        const timing = response.headers['server-timing'];
        resolve({ status: response.statusCode ?? 0, code, ms: performance.now() - started, serverTiming: Array.isArray(timing) ? timing.join(', ') : timing });
      });
      response.on('error', () => resolve({ status: 0, code: 'connection', ms: performance.now() - started, serverTiming: undefined }));
    });
    request.on('error', (error) => resolve({ status: 0, code: (error as NodeJS.ErrnoException).code ?? 'error', ms: performance.now() - started, serverTiming: undefined }));
    request.end(body);
  });
}

function register(base: string, mobile: string, address: string): Promise<Answer> {
  const body = Buffer.from(JSON.stringify({ name: 'Bench Newcomer', mobile, password: 'bench-password-42', confirmPassword: 'bench-password-42' }));
  return send(base, ENDPOINTS.account.register, { 'content-type': 'application/json', 'x-forwarded-for': address }, body);
}

function upload(base: string, token: string, picture: Buffer): Promise<Answer> {
  const boundary = `----kade-bench-${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="image"; filename="big.png"\r\ncontent-type: image/png\r\n\r\n`),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return send(base, ENDPOINTS.files.upload, { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` }, body);
}

function outcomes(answers: readonly Answer[]): Outcomes {
  const counted: Record<string, number> = {};
  for (const a of answers) {
    const key = `${a.status}${a.code && a.status >= 300 ? ` ${a.code}` : ''}`;
    counted[key] = (counted[key] ?? 0) + 1;
  }
  const times = answers.map((a) => a.ms).sort((x, y) => x - y);
  const waits = answers.flatMap((a) => {
    const wait = a.status === 201 ? /queue;dur=([\d.]+)/.exec(a.serverTiming ?? '')?.[1] : undefined;
    return wait === undefined ? [] : [Number(wait)];
  });
  return {
    answers: counted,
    p50Ms: percentile(times, 50),
    maxMs: times[times.length - 1] ?? 0,
    ...(waits.length > 0 ? { waited: waits.filter((w) => w > 10).length, longestWaitMs: Math.max(...waits) } : {}),
  };
}

/** 20 distinct 12-megapixel PNGs of noise drawn large: each decodes like a photograph of that size. */
async function uploadPictures(count: number, round: number): Promise<Buffer[]> {
  const pictures: Buffer[] = [];
  for (let i = 0; i < count; i += 1) {
    const noise = randomFillSync(Buffer.alloc(UPLOAD_SIZE.noiseWidth * UPLOAD_SIZE.noiseHeight * 3));
    noise.writeUInt16BE(round * 1000 + i, 0);
    pictures.push(
      await sharp(noise, { raw: { width: UPLOAD_SIZE.noiseWidth, height: UPLOAD_SIZE.noiseHeight, channels: 3 } })
        .resize({ width: UPLOAD_SIZE.width, height: UPLOAD_SIZE.height, kernel: 'nearest' })
        .png({ compressionLevel: 6 })
        .toBuffer(),
    );
  }
  return pictures;
}

/** The read-load process: answers once it is warm. */
function startReads(env: Record<string, string>): Promise<{ child: ChildProcess; run(maxSeconds: number): Promise<LoadResult>; stop(): void }> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-abuse-reads.ts');
  const child = fork(file, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: ReadsReply[] = [];
  const waiting: Array<(reply: ReadsReply) => void> = [];
  child.on('message', (reply: ReadsReply) => {
    const next = waiting.shift();
    if (next) next(reply);
    else replies.push(reply);
  });
  const nextReply = () =>
    new Promise<ReadsReply>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the read-load process did not answer within 5 minutes')), 300_000);
      const take = (reply: ReadsReply) => {
        clearTimeout(timer);
        resolve(reply);
      };
      const queued = replies.shift();
      if (queued) take(queued);
      else waiting.push(take);
    });
  const command = (message: ReadsCommand) => child.send(message);
  return nextReply().then((ready) => {
    if (ready.cmd !== 'ready') throw new Error(`the read-load process failed: ${JSON.stringify(ready)}`);
    return {
      child,
      run: async (maxSeconds: number) => {
        command({ cmd: 'run', maxSeconds });
        const reply = await nextReply();
        if (reply.cmd !== 'result') throw new Error(`the read-load process failed: ${JSON.stringify(reply)}`);
        return reply.result;
      },
      stop: () => command({ cmd: 'stop' }),
    };
  });
}

/** One password hash with the server's parameters, on an otherwise idle moment of this process. */
async function timeOneHash(): Promise<number> {
  const started = performance.now();
  await hashPassword('bench-password-42');
  return performance.now() - started;
}

/** Admin accounts with live sessions, written straight into the tables (mobiles 079…). */
async function uploaders(knex: Knex, secret: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const mobile = (i: number) => `079${String(9_000_000 + i)}`;
  const rows = (await knex('users')
    .insert(Array.from({ length: count }, (_, i) => ({ name: `Bench Uploader ${i + 1}`, mobile: mobile(i), email: mobileToLoginEmail(mobile(i)), password_hash: 'not-a-login', role: 'ADMIN' })))
    .returning(['id', 'role'])) as Array<{ id: string; role: 'USER' | 'ADMIN' }>;
  const sessions = await mintSessions(knex, secret, systemClock, rows);
  return rows.map((row) => sessions.get(row.id) as string);
}

/** The settings the server runs with: this process's environment, else the defaults. */
function effectiveSettings(): Record<string, string> {
  const env = process.env;
  return {
    HASH_CONCURRENCY: env.HASH_CONCURRENCY ?? '2',
    HASH_QUEUE: env.HASH_QUEUE ?? '64',
    IMAGE_CONCURRENCY: env.IMAGE_CONCURRENCY ?? '1',
    IMAGE_QUEUE: env.IMAGE_QUEUE ?? '16',
    IMAGE_MAX_MEGAPIXELS: env.IMAGE_MAX_MEGAPIXELS ?? '40',
    RATE_LIMITS: env.RATE_LIMITS || 'defaults',
  };
}

export async function runAbuseBench(input: AbuseBenchInput): Promise<AbuseBenchResult> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(input.dataDir, 'abuse');
  mkdirSync(dataDir, { recursive: true });
  const server = startChild(KADE_ENTRY, {
    ...kadeEnv(input.databaseUrl, port, dataDir, input.jwtSecret),
    // Behind a proxy, as docker-compose.yml runs it: each registration's address comes from X-Forwarded-For.
    TRUST_PROXY: 'true',
  });
  let reads: Awaited<ReturnType<typeof startReads>> | undefined;
  try {
    await waitReady(server.child, 'the Kade server (abuse)', server.output, async () => (await fetch(`${base}${ENDPOINTS.health.check.path}`)).ok);
    // the shoppers' reads beside the abuse are the read model's, as in production once it is built (issue 37)
    await waitForReadModel(server.child, 'the Kade server (abuse)', server.output, base);
    const readsFile = path.join(dataDir, 'reads.json');
    writeFileSync(readsFile, JSON.stringify(input.reads));
    reads = await startReads({ KADE_URL: base, READS_FILE: readsFile, CLIENTS: String(CLIENTS) });
    const idleMb = residentMb(server.child.pid);
    const tokens = await uploaders(input.knex, input.jwtSecret, UPLOADS);
    const rounds: AbuseRound[] = [];
    let uploadBytes = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const pictures = await uploadPictures(UPLOADS, round);
      uploadBytes = Math.max(0, ...pictures.map((p) => p.length));

      const aloneMemory = memoryPeak(server.child.pid);
      const alone = await reads.run(ALONE_SECONDS);
      const peakAloneMb = (await aloneMemory.stop()).serverMb;

      const abuseMemory = memoryPeak(server.child.pid);
      const measuring = reads.run(600);
      await sleep(300); // the read load is running at full speed when the abuse arrives
      const started = performance.now();
      const [registrations, uploads] = await Promise.all([
        Promise.all(Array.from({ length: REGISTRATIONS }, (_, i) => register(base, `078${round}${String(i).padStart(6, '0')}`, `10.${round + 1}.${i >> 8}.${(i & 255) + 1}`))),
        Promise.all(pictures.map((picture, i) => upload(base, tokens[i] as string, picture))),
      ]);
      const abuseSeconds = (performance.now() - started) / 1000;
      reads.stop();
      const abused = await measuring;
      const { serverMb: peakAbuseMb, withChildrenMb: peakAbuseWithChildrenMb } = await abuseMemory.stop();
      rounds.push({ alone, abused, abuseSeconds, registrations: outcomes(registrations), uploads: outcomes(uploads), peakAloneMb, peakAbuseMb, peakAbuseWithChildrenMb });
      console.log(
        `bench: abuse round ${round + 1}: reads alone ${alone.throughput.toFixed(0)} req/s p99 ${alone.p99.toFixed(1)} ms; under abuse ${abused.throughput.toFixed(0)} req/s p99 ${abused.p99.toFixed(1)} ms over ${abuseSeconds.toFixed(1)} s; peak ${peakAbuseMb?.toFixed(0) ?? '?'} MB (${peakAbuseWithChildrenMb?.toFixed(0) ?? '?'} MB with its image process); registrations ${JSON.stringify(rounds.at(-1)?.registrations.answers)}, uploads ${JSON.stringify(rounds.at(-1)?.uploads.answers)}`,
      );
      await sleep(2000); // the last hashes and encodes finish before the next round's reads alone
    }
    // With the defaults, how many registrations one address gets through (register.address).
    const oneAddress = outcomes(await Promise.all(Array.from({ length: REGISTRATIONS }, (_, i) => register(base, `0789${String(i).padStart(6, '0')}`, '192.0.2.7'))));
    console.log(`bench: abuse: ${REGISTRATIONS} registrations from one address: ${JSON.stringify(oneAddress.answers)}`);
    return { settings: effectiveSettings(), scryptMs: await timeOneHash(), readKinds: [...new Set(input.reads.map((r) => r.path))], uploadBytes, idleMb, afterMb: residentMb(server.child.pid), rounds, oneAddress };
  } finally {
    if (reads) {
      reads.child.send({ cmd: 'exit' } satisfies ReadsCommand);
      await stopChild(reads.child);
    }
    await stopChild(server.child);
  }
}

const answers = (o: Outcomes) =>
  Object.entries(o.answers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, count]) => `${count} × ${key}`)
    .join(', ');

/** The `abuse` section of docs/BENCHMARKS.md. */
export function abuseReport(r: AbuseBenchResult): string[] {
  const ratio = (round: AbuseRound) => round.abused.throughput / round.alone.throughput;
  const medianRatio = median(r.rounds.map(ratio));
  const limit = RATE_LIMIT_DEFAULTS['register.address'];
  return [
    '## Under abuse: reads while registrations and large uploads arrive',
    '',
    `- One real server (the compiled server/dist/main.js, TRUST_PROXY=true) on the benchmark's PostgreSQL database; its work queues and limits: ${Object.entries(r.settings).map(([k, v]) => `\`${k}=${v}\``).join(', ')}`,
    `- Reads: a process of its own (bench/src/bench-abuse-reads.ts) sends the catalogue part's reads (${r.readKinds.map((k) => `\`${k}\``).join(', ')}) in turn from ${CLIENTS} keep-alive clients: ${ALONE_SECONDS} s alone, then for exactly as long as the abuse lasts`,
    `- Abuse, all at once: ${REGISTRATIONS} registrations (distinct numbers, each from its own address in X-Forwarded-For; each hashes a password with scrypt, N=2^17) and ${UPLOADS} uploads to \`/api/file/upload\` by ${UPLOADS} admin accounts, each a distinct ${UPLOAD_SIZE.width} × ${UPLOAD_SIZE.height} PNG (${(UPLOAD_SIZE.width * UPLOAD_SIZE.height / 1e6).toFixed(0)} megapixels, up to ${(r.uploadBytes / 2 ** 20).toFixed(2)} MiB, under the 5 MB limit), each on its own connection`,
    `- ${r.rounds.length} rounds; memory is the server's resident set (VmRSS) sampled every 50 ms, alone and with its image process (the child that decodes uploads at niceness ${DEFAULT_NICENESS})`,
    '',
    '| round | reads alone req/s | p50 ms | p95 ms | p99 ms | under abuse req/s | p50 ms | p95 ms | p99 ms | throughput kept | abuse lasted s | server peak MB alone | under abuse | with its image process |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...r.rounds.map(
      (round, i) =>
        `| ${i + 1} | ${round.alone.throughput.toFixed(0)} | ${ms(round.alone.p50)} | ${ms(round.alone.p95)} | ${ms(round.alone.p99)} | ${round.abused.throughput.toFixed(0)} | ${ms(round.abused.p50)} | ${ms(round.abused.p95)} | ${ms(round.abused.p99)} | ${(ratio(round) * 100).toFixed(0)}% | ${round.abuseSeconds.toFixed(1)} | ${mb(round.peakAloneMb)} | ${mb(round.peakAbuseMb)} | ${mb(round.peakAbuseWithChildrenMb)} |`,
    ),
    `| median | ${median(r.rounds.map((x) => x.alone.throughput)).toFixed(0)} | ${ms(median(r.rounds.map((x) => x.alone.p50)))} | ${ms(median(r.rounds.map((x) => x.alone.p95)))} | ${ms(median(r.rounds.map((x) => x.alone.p99)))} | ${median(r.rounds.map((x) => x.abused.throughput)).toFixed(0)} | ${ms(median(r.rounds.map((x) => x.abused.p50)))} | ${ms(median(r.rounds.map((x) => x.abused.p95)))} | ${ms(median(r.rounds.map((x) => x.abused.p99)))} | ${(medianRatio * 100).toFixed(0)}% | ${median(r.rounds.map((x) => x.abuseSeconds)).toFixed(1)} | ${mb(median(r.rounds.flatMap((x) => (x.peakAloneMb === undefined ? [] : [x.peakAloneMb]))))} | ${mb(median(r.rounds.flatMap((x) => (x.peakAbuseMb === undefined ? [] : [x.peakAbuseMb]))))} | ${mb(median(r.rounds.flatMap((x) => (x.peakAbuseWithChildrenMb === undefined ? [] : [x.peakAbuseWithChildrenMb]))))} |`,
    '',
    `Read errors: ${r.rounds.reduce((sum, x) => sum + x.alone.errors + x.abused.errors, 0)}. Reads under abuse keep at least ${ABUSE_THROUGHPUT_RATIO * 100}% of their throughput alone (median): ${ok(medianRatio >= ABUSE_THROUGHPUT_RATIO)}. Server memory: ${mb(r.idleMb)} MB when started, ${mb(r.afterMb)} MB at the end.`,
    '',
    '| round | registrations | p50 / slowest s | uploads | created after waiting for the image queue (longest wait s) | p50 / slowest s |',
    '| --- | --- | ---: | --- | --- | ---: |',
    ...r.rounds.map(
      (round, i) =>
        `| ${i + 1} | ${answers(round.registrations)} | ${(round.registrations.p50Ms / 1000).toFixed(1)} / ${(round.registrations.maxMs / 1000).toFixed(1)} | ${answers(round.uploads)} | ${round.uploads.waited ?? 0} (${((round.uploads.longestWaitMs ?? 0) / 1000).toFixed(1)}) | ${(round.uploads.p50Ms / 1000).toFixed(1)} / ${(round.uploads.maxMs / 1000).toFixed(1)} |`,
    ),
    '',
    `${REGISTRATIONS} registrations at once from one address with the defaults (\`register.address\` = ${limit.limit} per ${limit.windowSeconds / 60} minutes): ${answers(r.oneAddress)}.`,
    '',
    '#### Reading these figures',
    '',
    `- Each registration hashes a password with scrypt (N=2^17: 128 MiB, and ${(r.scryptMs / 1000).toFixed(2)} s of a core on this machine, measured alone), so ${REGISTRATIONS} of them are about ${((REGISTRATIONS * r.scryptMs) / 1000).toFixed(0)} s of CPU. They run in the server's own hashing threads, niced to 10 (server/src/modules/users/password-pool.ts), HASH_CONCURRENCY at once: the kernel gives the reads the cores first, and the registrations take what is left (so they wait longer, not the reads).`,
    `- Each upload is decoded and encoded in the image process at niceness ${DEFAULT_NICENESS}, IMAGE_CONCURRENCY at once: it weighs about a tenth of an ordinary thread, so while the reads keep the cores busy the uploads wait (their slowest time) rather than the reads. Its memory is the difference between the last two memory columns, and is given back when the process stops after a quiet minute.`,
    `- The queues hold what cannot run yet (HASH_QUEUE; IMAGE_QUEUE, where an upload waits at most ${IMAGE_MAX_WAIT_MS / 1000} s) and turn the rest away with 503 BUSY and a Retry-After, so the abuse is spread over time instead of taking every core and a gigabyte at once.`,
    '- On this 2-core machine the load generator, the server and PostgreSQL already share the cores when the reads run alone, and other work on the machine (the load average in the header) moves every figure.',
  ];
}
