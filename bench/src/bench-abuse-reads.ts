// The `abuse` benchmark's read load (started by bench-abuse.ts with an IPC channel; loopback only): a process
// of its own that only sends the shop's catalogue reads, so that the registrations and the 5 MB uploads the
// benchmark sends meanwhile never delay what this process times.
// Env: KADE_URL, READS_FILE (JSON: [{ path, body }]), CLIENTS, WARMUP. Every loop is bounded.
import { readFileSync } from 'node:fs';
import { runLoad, runLoadUntil, type LoadResult } from './bench-load';

/** Messages from the benchmark. */
export type ReadsCommand = { cmd: 'run'; maxSeconds: number } | { cmd: 'stop' } | { cmd: 'exit' };
/** Answers to the benchmark. */
export type ReadsReply = { cmd: 'ready' } | { cmd: 'result'; result: LoadResult } | { cmd: 'error'; message: string };

const base = process.env.KADE_URL ?? '';
const reads = JSON.parse(readFileSync(process.env.READS_FILE ?? '', 'utf8')) as Array<{ path: string; body: string }>;
const clients = Number(process.env.CLIENTS ?? 50);
const warmup = Number(process.env.WARMUP ?? 400);

const reply = (message: ReadsReply) => process.send?.(message);
let stopping = false;

process.on('message', (message: ReadsCommand) => {
  if (message.cmd === 'stop') stopping = true;
  else if (message.cmd === 'exit') process.exit(0);
  else {
    stopping = false;
    runLoadUntil({ base, requests: reads, clients, maxSeconds: message.maxSeconds, stop: () => stopping })
      .then((result) => reply({ cmd: 'result', result }))
      .catch((error: unknown) => reply({ cmd: 'error', message: String(error) }));
  }
});

// Warm the server and this process's connections up on every kind of read, untimed.
if (reads.length === 0) throw new Error('READS_FILE lists no reads');
(async () => {
  for (const path of new Set(reads.map((r) => r.path))) {
    await runLoad({ url: base + path, bodies: reads.filter((r) => r.path === path).map((r) => r.body), requests: warmup, clients, warmup: 0 });
  }
})()
  .then(() => reply({ cmd: 'ready' }))
  .catch((error: unknown) => reply({ cmd: 'error', message: String(error) }));
