import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CounterJobState, CounterJobView } from '@kade/shared';
import { sendToPrinter, type PrinterAddress } from './transport';

/**
 * queued: waiting (or waiting to retry); sending: handed to the printer right now; printed: the printer took
 * it all; held: old when the printer came back, waiting for the clerk to confirm; unknown: the app stopped
 * while it was sending, so it may or may not be on paper (never printed again by itself); cancelled: the
 * clerk dropped it.
 */
export type JobState = CounterJobState;

/** A job in the queue: what the bridge shows of it, and its bytes. */
export interface PrintJob extends CounterJobView {
  /** The ESC/POS bytes, base64: built once when queued, so a retry prints exactly the same ticket. */
  bytes: string;
}

/** A job as the print-jobs screen sees it: everything but the bytes (an image receipt is a quarter of a megabyte). */
export type PrintJobView = CounterJobView;

/** The jobs the clerk may still act on: not yet on paper and not dropped. */
export const OPEN_JOB_STATES: readonly JobState[] = ['queued', 'sending', 'held', 'unknown'];

export interface PrintQueueOptions {
  /** The JSON file the queue lives in (in the app's user-data folder). */
  file: string;
  /** The printer to use now (settings can change while the app runs). */
  printer: () => PrinterAddress | undefined;
  now?: () => number;
  send?: (address: PrinterAddress, bytes: Uint8Array) => Promise<void>;
  /** Retry back-off: the first wait, doubling up to the longest. */
  retryMs?: { first: number; longest: number };
  /** Jobs older than this when their turn comes are held for the clerk instead of printed. */
  staleAfterMs?: number;
  /** Printed jobs are forgotten after this long. */
  keepPrintedMs?: number;
  onChange?: (job: PrintJob) => void;
}

const DEFAULT_RETRY = { first: 2000, longest: 60_000 };

/**
 * The durable print queue of the counter app. Every change is written to disk (write then rename) before the
 * next step, so a job survives a printer that is off, out of paper or unplugged, and an app restart; it is
 * retried with back-off; it never prints twice by accident (a reprint is an explicit job marked REPRINT);
 * and after a long outage old jobs wait for the clerk instead of printing a metre of paper.
 */
export class PrintQueue {
  private jobs: PrintJob[] = [];
  private draining: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly send: (address: PrinterAddress, bytes: Uint8Array) => Promise<void>;

  private constructor(private readonly options: PrintQueueOptions) {
    this.now = options.now ?? Date.now;
    this.send = options.send ?? ((address, bytes) => sendToPrinter(address, bytes));
  }

  /** Opens the queue from its file. A job that was being sent when the app stopped becomes `unknown`. */
  static async open(options: PrintQueueOptions): Promise<PrintQueue> {
    const queue = new PrintQueue(options);
    try {
      const saved = JSON.parse(await readFile(options.file, 'utf8')) as { jobs?: PrintJob[] };
      queue.jobs = Array.isArray(saved.jobs) ? saved.jobs : [];
    } catch {
      queue.jobs = [];
    }
    let changed = false;
    for (const job of queue.jobs) {
      if (job.state === 'sending') {
        job.state = 'unknown';
        job.lastError = 'The app stopped while this was printing: check the paper, and reprint if it is missing.';
        changed = true;
      }
    }
    const cutoff = queue.now() - (options.keepPrintedMs ?? 7 * 24 * 3600_000);
    const before = queue.jobs.length;
    queue.jobs = queue.jobs.filter((job) => !(job.state === 'printed' && job.updatedAt < cutoff));
    if (changed || queue.jobs.length !== before) await queue.save();
    return queue;
  }

  list(): PrintJob[] {
    return this.jobs.map((job) => ({ ...job }));
  }

  /** The jobs still to print or decide on (queued, failing, sending, held, unknown), oldest first, without their bytes. */
  openJobs(): PrintJobView[] {
    return this.jobs
      .filter((job) => OPEN_JOB_STATES.includes(job.state))
      .sort((a, b) => a.createdAt - b.createdAt || a.copy - b.copy)
      .map(({ bytes: _bytes, ...view }) => view);
  }

  /**
   * Queues the automatic print of an order (one job per copy). An order already queued or printed is not
   * queued again: answers only the jobs it added. With a `revision` above 0 it is that revision's REVISED bill
   * (issue 33), keyed on order × revision × copy: queued once, never after a later revision's bill of the order
   * (an old event heard late prints nothing), and the key is kept on disk, so a restart prints it no second time.
   */
  async enqueueOrder(order: { orderId: string; orderCode: string; revision?: number }, bytes: Uint8Array, copies = 1): Promise<PrintJob[]> {
    const revision = order.revision ?? 0;
    const added: PrintJob[] = [];
    const automatic = this.jobs.filter((job) => job.orderId === order.orderId && !job.reprint);
    if (revision > 0 && automatic.some((job) => (job.revision ?? 0) > revision)) return added;
    for (let copy = 1; copy <= copies; copy++) {
      const exists = automatic.some((job) => job.copy === copy && (job.revision ?? 0) === revision);
      if (!exists) added.push({ ...this.newJob(order, bytes, copy, false), ...(revision > 0 ? { revision } : {}) });
    }
    if (added.length > 0) {
      this.jobs.push(...added);
      await this.save();
      this.kick();
    }
    return added;
  }

  /** An explicit reprint: always a new job, and its ticket says REPRINT (the caller builds it so). */
  async reprint(order: { orderId: string; orderCode: string }, bytes: Uint8Array): Promise<PrintJob> {
    const job = this.newJob(order, bytes, 1, true);
    this.jobs.push(job);
    await this.save();
    this.kick();
    return job;
  }

  /**
   * The clerk's answer about jobs: print them now (a held or unknown job is confirmed; a queued one waiting to
   * retry is tried at once), or skip them. A job being sent right now is left alone. Answers how many changed.
   */
  async resolve(ids: readonly string[], decision: 'print' | 'cancel'): Promise<number> {
    const wanted = new Set(ids);
    let changed = 0;
    for (const job of this.jobs) {
      if (!wanted.has(job.id) || (job.state !== 'held' && job.state !== 'unknown' && job.state !== 'queued')) continue;
      if (decision === 'print') {
        // confirmed by the clerk: no longer stale, and no waiting for the back-off
        if (job.state !== 'queued') job.createdAt = this.now();
        job.state = 'queued';
      } else {
        job.state = 'cancelled';
      }
      job.nextAttemptAt = this.now();
      job.updatedAt = this.now();
      changed += 1;
      this.options.onChange?.({ ...job });
    }
    await this.save();
    this.kick();
    return changed;
  }

  /**
   * Sends every due job, oldest first, one at a time. Stops at the first failure (the printer is off or out
   * of paper: the later jobs would fail too) and schedules the retry.
   */
  drain(): Promise<void> {
    this.draining ??= this.drainOnce().finally(() => {
      this.draining = undefined;
    });
    return this.draining;
  }

  /** Drains whenever something is due, until stop(). */
  start(): void {
    this.running = true;
    this.stopped = false;
    this.kick();
  }

  /**
   * Stops the queue as the app quits: no new job is sent and nothing more is written, so a send still under
   * way (a printer that never answers) cannot write over the file after the app has let it go; its job stays
   * `sending` on disk and is opened as `unknown`. Resolves once the writes already started are done.
   */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = false;
    this.stopped = true;
    await this.saving;
  }

  private running = false;
  private stopped = false;
  private saving: Promise<void> = Promise.resolve();

  /** Once started, new and due jobs are sent without being asked. */
  private kick(): void {
    if (!this.running) return;
    void this.drain().then(() => this.schedule());
  }

  private schedule(): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    const next = this.jobs.filter((j) => j.state === 'queued').reduce((min, j) => Math.min(min, j.nextAttemptAt), Infinity);
    if (next === Infinity) return;
    this.timer = setTimeout(() => this.kick(), Math.max(0, next - this.now()));
    this.timer.unref();
  }

  private async drainOnce(): Promise<void> {
    while (!this.stopped) {
      const now = this.now();
      // Oldest first, in order: while the first waits for its retry, the ones behind it wait too.
      const due = this.jobs.filter((j) => j.state === 'queued').sort((a, b) => a.createdAt - b.createdAt || a.copy - b.copy)[0];
      if (!due || due.nextAttemptAt > now) return;
      const address = this.options.printer();
      if (!address) return; // no printer set up yet: the jobs wait
      if (!due.reprint && now - due.createdAt > (this.options.staleAfterMs ?? 30 * 60_000)) {
        this.update(due, { state: 'held', lastError: 'Queued while the printer was away: confirm before printing.' });
        await this.save();
        continue;
      }
      this.update(due, { state: 'sending', attempts: due.attempts + 1 });
      await this.save();
      try {
        await this.send(address, Buffer.from(due.bytes, 'base64'));
        this.update(due, { state: 'printed', lastError: null });
        await this.save();
      } catch (error) {
        const retry = this.options.retryMs ?? DEFAULT_RETRY;
        const wait = Math.min(retry.longest, retry.first * 2 ** Math.max(0, due.attempts - 1));
        this.update(due, { state: 'queued', lastError: error instanceof Error ? error.message : String(error), nextAttemptAt: this.now() + wait });
        await this.save();
        return;
      }
    }
  }

  private newJob(order: { orderId: string; orderCode: string }, bytes: Uint8Array, copy: number, reprint: boolean): PrintJob {
    const now = this.now();
    return {
      id: randomUUID(),
      orderId: order.orderId,
      orderCode: order.orderCode,
      copy,
      reprint,
      state: 'queued',
      attempts: 0,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      nextAttemptAt: now,
      bytes: Buffer.from(bytes).toString('base64'),
    };
  }

  private update(job: PrintJob, change: Partial<PrintJob>): void {
    Object.assign(job, change, { updatedAt: this.now() });
    this.options.onChange?.({ ...job });
  }

  /** Writes the queue (one write at a time, each a whole file put in place by rename). */
  private save(): Promise<void> {
    if (this.stopped) return this.saving;
    const snapshot = JSON.stringify({ jobs: this.jobs });
    const write = async () => {
      await mkdir(path.dirname(this.options.file), { recursive: true });
      const temp = `${this.options.file}.${process.pid}.tmp`;
      await writeFile(temp, snapshot, 'utf8');
      await rename(temp, this.options.file);
    };
    this.saving = this.saving.then(write, write);
    return this.saving;
  }
}
