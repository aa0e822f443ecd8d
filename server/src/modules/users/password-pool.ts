// Password hashing off the event loop and off libuv's shared pool, at a lower CPU priority. scrypt at OWASP's cost
// takes a core for most of a second: on libuv's four threads a flood of logins competed with the shop's reads for
// the same two cores at the same priority, and reads lost (docs/BENCHMARKS.md, "Under abuse"). Here each hash runs
// in a worker thread of our own whose thread is niced (Linux keeps a nice value per thread), so the kernel gives
// the reads the CPU first and the hashes what is left; the work queue in password.ts still bounds how many run.
import { Worker } from 'node:worker_threads';

/** How much lower than the server the hashing threads run (nice 10, as the image process does). */
export const HASH_NICENESS = 10;
/** A pool idle this long lets its threads go (each holds little, but there is no need to keep them). */
const IDLE_MS = 60_000;

// The worker's code: plain JavaScript evaluated as a script, so it runs the same under tsx, vitest and the
// compiled server, with nothing to find on disk. Only Linux lowers one thread's priority with setpriority(0);
// elsewhere the call would lower the whole server, so it is skipped there.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { readFileSync } = require('node:fs');
const os = require('node:os');
if (process.platform === 'linux') {
  try { os.setPriority(0, workerData.niceness); } catch {}
}
function niceness() {
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    return Number(fields[16]);
  } catch { return null; }
}
parentPort.on('message', (job) => {
  if (job.kind === 'niceness') { parentPort.postMessage({ id: job.id, niceness: niceness() }); return; }
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, job.options);
    parentPort.postMessage({ id: job.id, key: new Uint8Array(key) });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

interface Pending {
  resolve: (value: Buffer | number | null) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

export interface ScryptPool {
  scrypt(password: string, salt: Buffer, keyLength: number, options: { N: number; r: number; p: number; maxmem: number }): Promise<Buffer>;
  /** Each running thread's nice value as the kernel reports it (Linux), for tests. */
  niceness(): Promise<Array<number | null>>;
  close(): Promise<void>;
}

/**
 * A fixed number of hashing threads, started when first needed. A job goes to a free thread or waits for one (the
 * caller's work queue already keeps the number in flight at or under `size`); a thread that dies fails only its
 * own job and is replaced on the next.
 */
export function createScryptPool(size: number, niceness = HASH_NICENESS): ScryptPool {
  const slots: Slot[] = [];
  const waiting: Array<(slot: Slot) => void> = [];
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const startSlot = (): Slot => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { niceness } });
    worker.unref();
    const slot: Slot = { worker, busy: false };
    worker.on('message', (message: { id: number; key?: Uint8Array; niceness?: number | null; error?: string }) => {
      const job = pending.get(message.id);
      pending.delete(message.id);
      if (!job) return;
      if (message.error !== undefined) job.reject(new Error(message.error));
      else if (message.key) job.resolve(Buffer.from(message.key));
      else job.resolve(message.niceness ?? null);
    });
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      for (const [id, job] of pending) {
        if (jobsOf.get(id) === slot) {
          pending.delete(id);
          job.reject(error);
        }
      }
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the password hashing thread stopped (exit code ${code})`)));
    slots.push(slot);
    return slot;
  };

  /** Which thread each job went to, so a thread that dies fails only its own. */
  const jobsOf = new Map<number, Slot>();

  const acquire = (): Promise<Slot> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    const free = slots.find((slot) => !slot.busy);
    if (free) return Promise.resolve(free);
    if (slots.length < size) return Promise.resolve(startSlot());
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (slot: Slot) => {
    const next = waiting.shift();
    if (next && slots.includes(slot)) {
      next(slot);
      return;
    }
    if (next) {
      next(slots.find((s) => !s.busy) ?? startSlot());
      return;
    }
    slot.busy = false;
    if (slots.every((s) => !s.busy)) {
      idleTimer = setTimeout(() => void closeAll(), IDLE_MS);
      idleTimer.unref();
    }
  };

  const send = async <T extends Buffer | number | null>(message: Record<string, unknown>): Promise<T> => {
    const slot = await acquire();
    slot.busy = true;
    const id = nextId++;
    try {
      return (await new Promise<Buffer | number | null>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        jobsOf.set(id, slot);
        slot.worker.postMessage({ ...message, id });
      })) as T;
    } finally {
      jobsOf.delete(id);
      release(slot);
    }
  };

  const closeAll = async () => {
    const all = slots.splice(0);
    await Promise.all(all.map((slot) => slot.worker.terminate()));
  };

  return {
    scrypt: (password, salt, keyLength, options) => send<Buffer>({ kind: 'scrypt', password, salt: new Uint8Array(salt), keyLength, options }),
    // asked all at once, so each question goes to a thread of its own
    niceness: () => Promise.all(Array.from({ length: size }, () => send<number | null>({ kind: 'niceness' }))),
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await closeAll();
    },
  };
}
