import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildReceipt } from '@kade/shared';
import { decodeEscPos } from './escpos-text';
import { PrintQueue, type PrintQueueOptions } from './print-queue';
import { receiptBytes } from './receipt-bytes';
import { RecordingPrinter } from './recording-printer';
import { parsePrinterAddress, printerState, sendToPrinter } from './transport';
import { sampleOrder } from './fixtures';

function ticket(orderCode: string, reprint = false): Promise<Buffer> {
  return receiptBytes(buildReceipt({ ...sampleOrder(2), orderId: orderCode }, { shopName: 'Kade', reprint }));
}

describe('the print queue', () => {
  let dir: string;
  let printer: RecordingPrinter;
  let clock: number;
  const queues: PrintQueue[] = [];

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-queue-'));
    printer = await new RecordingPrinter().start();
    clock = Date.parse('2026-11-22T05:00:00Z');
  });
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(extra: Partial<PrintQueueOptions> = {}) {
    const queue = await PrintQueue.open({
      file: path.join(dir, 'print-queue.json'),
      printer: () => parsePrinterAddress(printer.address),
      now: () => clock,
      retryMs: { first: 1000, longest: 8000 },
      ...extra,
    });
    queues.push(queue);
    return queue;
  }

  const printedCodes = () => printer.jobs.map((bytes) => decodeEscPos(bytes).lines[0]);

  it('prints a queued order on the network printer', async () => {
    const queue = await open();
    await queue.enqueueOrder({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111'));
    await queue.drain();
    expect(printedCodes()).toEqual(['#AAA111']);
    expect(queue.list()[0]).toMatchObject({ state: 'printed', attempts: 1 });
  });

  it('queues one REVISED bill per order x revision, also after a reopen, and none for a revision older than one queued', async () => {
    const order = { orderId: 'o-r', orderCode: 'RRR111' };
    const queue = await open();
    expect(await queue.enqueueOrder(order, await ticket('RRR111'))).toHaveLength(1);
    expect(await queue.enqueueOrder({ ...order, revision: 1 }, await ticket('RRR111'))).toMatchObject([{ revision: 1 }]);
    expect(await queue.enqueueOrder({ ...order, revision: 1 }, await ticket('RRR111'))).toEqual([]);
    await queue.drain();
    await queue.stop();
    const reopened = await open();
    expect(await reopened.enqueueOrder({ ...order, revision: 1 }, await ticket('RRR111'), 2)).toMatchObject([{ revision: 1, copy: 2 }]);
    expect(await reopened.enqueueOrder({ ...order, revision: 3 }, await ticket('RRR111'))).toMatchObject([{ revision: 3, copy: 1 }]);
    expect(await reopened.enqueueOrder({ ...order, revision: 2 }, await ticket('RRR111'))).toEqual([]); // heard late
    await reopened.drain();
    expect(reopened.list().map((job) => [job.revision ?? 0, job.copy, job.state])).toEqual([
      [0, 1, 'printed'],
      [1, 1, 'printed'],
      [1, 2, 'printed'],
      [3, 1, 'printed'],
    ]);
    expect(printedCodes()).toEqual(['#RRR111', '#RRR111', '#RRR111', '#RRR111']);
  });

  it('never queues the same order twice by accident; a reprint is explicit and says REPRINT', async () => {
    const queue = await open();
    await queue.enqueueOrder({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111'));
    expect(await queue.enqueueOrder({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111'))).toEqual([]);
    await queue.drain();
    await queue.enqueueOrder({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111'));
    await queue.drain();
    expect(printer.jobs).toHaveLength(1);
    await queue.reprint({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111', true));
    await queue.drain();
    expect(printer.jobs).toHaveLength(2);
    expect(decodeEscPos(printer.jobs[1]!).lines.join('\n')).toContain('REPRINT');
  });

  it('keeps jobs while the printer is off and prints each exactly once when it comes back', async () => {
    const queue = await open();
    await printer.stop(); // switched off
    for (const code of ['AAA111', 'BBB222', 'CCC333']) await queue.enqueueOrder({ orderId: code, orderCode: code }, await ticket(code));
    await queue.drain();
    expect(queue.list().map((j) => j.state)).toEqual(['queued', 'queued', 'queued']);
    expect(queue.list()[0]!.lastError).toMatch(/off or unplugged/);
    clock += 1000;
    await queue.drain(); // still off: the wait doubles
    expect(queue.list()[0]!.nextAttemptAt - clock).toBe(2000);

    await printer.start(); // back on, same port
    await queue.drain(); // not due yet
    expect(printer.jobs).toHaveLength(0);
    clock += 2000;
    await queue.drain();
    expect(printedCodes()).toEqual(['#AAA111', '#BBB222', '#CCC333']);
    clock += 60_000;
    await queue.drain();
    expect(printer.jobs).toHaveLength(3);
  });

  it('survives a restart, and never prints again a job that was being sent when the app stopped', async () => {
    const queue = await open({
      send: () => new Promise(() => undefined), // the app dies while the printer is taking the job
    });
    await queue.enqueueOrder({ orderId: 'o-9', orderCode: 'ZZZ999' }, await ticket('ZZZ999'));
    void queue.drain();
    // the job is written as being sent before its bytes go (waited for, not timed: a loaded machine is slow)
    await expect
      .poll(() => (JSON.parse(readFileSync(path.join(dir, 'print-queue.json'), 'utf8')) as { jobs: Array<{ state: string }> }).jobs[0]?.state)
      .toBe('sending');
    queue.stop();

    const restarted = await open();
    expect(restarted.list()[0]).toMatchObject({ state: 'unknown', orderCode: 'ZZZ999' });
    await restarted.drain();
    expect(printer.jobs).toHaveLength(0); // not printed twice by itself
    await restarted.resolve([restarted.list()[0]!.id], 'print'); // the clerk saw no ticket: print it
    await restarted.drain();
    expect(printedCodes()).toEqual(['#ZZZ999']);
  });

  it('writes nothing once stopped: a send that ends after the app let the queue go leaves its file alone', async () => {
    let finish: () => void = () => undefined;
    let sending = false;
    const queue = await open({
      send: () =>
        new Promise<void>((resolve) => {
          sending = true;
          finish = resolve;
        }),
    });
    await queue.enqueueOrder({ orderId: 'o-8', orderCode: 'HHH888' }, await ticket('HHH888'));
    const draining = queue.drain();
    // the printer has the job (waited for, not timed)
    await expect.poll(() => sending).toBe(true);
    await queue.stop();
    const file = path.join(dir, 'print-queue.json');
    const atStop = readFileSync(file, 'utf8');
    finish(); // the printer answers only now
    await draining;
    expect(readFileSync(file, 'utf8')).toBe(atStop); // still `sending` on disk: opened as `unknown`
    rmSync(dir, { recursive: true, force: true }); // the folder gone, as when a test or an uninstall removes it
    await queue.enqueueOrder({ orderId: 'o-9', orderCode: 'III999' }, await ticket('III999'));
    expect(() => readFileSync(file, 'utf8')).toThrow(/ENOENT/);
  });

  it('keeps queued jobs across a restart', async () => {
    await printer.stop();
    const first = await open();
    await first.enqueueOrder({ orderId: 'o-5', orderCode: 'EEE555' }, await ticket('EEE555'), 2);
    await first.drain();
    await first.stop();
    await printer.start();
    const second = await open();
    clock += 5000;
    await second.drain();
    expect(printedCodes()).toEqual(['#EEE555', '#EEE555']); // two copies, as asked
  });

  it('holds a backlog from a long outage for the clerk instead of printing it', async () => {
    await printer.stop();
    const queue = await open();
    await queue.enqueueOrder({ orderId: 'o-7', orderCode: 'GGG777' }, await ticket('GGG777'));
    await queue.drain();
    await printer.start();
    clock += 45 * 60_000; // the printer was away for 45 minutes
    await queue.drain();
    expect(queue.list()[0]!.state).toBe('held');
    expect(printer.jobs).toHaveLength(0);
    await queue.resolve([queue.list()[0]!.id], 'print');
    await queue.drain();
    expect(printedCodes()).toEqual(['#GGG777']);
  });

  it('lists the jobs still open without their bytes; Print now retries a failing job at once, Skip drops it', async () => {
    await printer.stop();
    const queue = await open();
    await queue.enqueueOrder({ orderId: 'o-1', orderCode: 'AAA111' }, await ticket('AAA111'));
    await queue.enqueueOrder({ orderId: 'o-2', orderCode: 'BBB222' }, await ticket('BBB222'));
    await queue.drain(); // the printer is away: the first fails and waits for its retry
    const open1 = queue.openJobs();
    expect(open1.map((job) => job.orderCode)).toEqual(['AAA111', 'BBB222']);
    expect(open1[0]).toMatchObject({ state: 'queued', attempts: 1 });
    expect(open1[0]!.lastError).toBeTruthy();
    expect(open1[0]!.nextAttemptAt).toBeGreaterThan(clock);
    expect(Object.keys(open1[0]!)).not.toContain('bytes');

    await printer.start();
    expect(await queue.resolve([open1[1]!.id], 'cancel')).toBe(1);
    expect(await queue.resolve([open1[0]!.id], 'print')).toBe(1); // no waiting for the back-off
    await queue.drain();
    expect(printedCodes()).toEqual(['#AAA111']);
    expect(queue.openJobs()).toEqual([]);
    expect(queue.list().map((job) => job.state).sort()).toEqual(['cancelled', 'printed']);
    // a printed or skipped job is not brought back by another answer
    expect(await queue.resolve(queue.list().map((job) => job.id), 'print')).toBe(0);
  });

  it('tolerates a damaged queue file', async () => {
    writeFileSync(path.join(dir, 'print-queue.json'), '{ not json');
    const queue = await open();
    expect(queue.list()).toEqual([]);
  });
});

describe('the printer transport', () => {
  it('reports a network printer connected or offline', async () => {
    const printer = await new RecordingPrinter().start();
    const address = parsePrinterAddress(printer.address);
    expect(await printerState(address)).toBe('connected');
    await printer.stop();
    expect(await printerState(address)).toBe('offline');
    expect(await printerState(undefined)).toBe('not-configured');
  });

  it('writes to a device path, and says clearly when none is plugged in', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-lp-'));
    try {
      const device = path.join(dir, 'lp0');
      writeFileSync(device, '');
      await sendToPrinter({ kind: 'device', path: device }, Buffer.from('hello'));
      expect(readFileSync(device, 'utf8')).toBe('hello');
      await expect(sendToPrinter({ kind: 'device', path: path.join(dir, 'missing', 'lp1') }, Buffer.from('x'))).rejects.toThrow(/No printer is plugged in/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
