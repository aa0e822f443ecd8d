import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCounter, type Counter } from './counter';
import { decodeEscPos } from './printer/escpos-text';
import { sampleOrder } from './printer/fixtures';
import { RecordingPrinter } from './printer/recording-printer';

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('the counter behind the bridge', () => {
  let dir: string;
  let printer: RecordingPrinter;
  let counter: Counter;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-desk-'));
    printer = await new RecordingPrinter().start();
    counter = await createCounter({ userDataDir: dir, playSound: () => undefined });
  });
  afterEach(async () => {
    await counter.stop();
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts with first-run settings and refuses a bad printer address, naming it', async () => {
    expect(counter.firstRun).toBe(true);
    const bad = await counter.bridge.saveSettings({ printer: 'printer-in-the-back' });
    expect(bad).toEqual({ ok: false, error: expect.stringMatching(/^printer must be a device path/) });
    const saved = await counter.bridge.saveSettings({ printer: printer.address, copies: 2 });
    expect(saved).toMatchObject({ ok: true, data: { printer: printer.address, copies: 2 } });
    const again = await createCounter({ userDataDir: dir, playSound: () => undefined });
    expect(again.firstRun).toBe(false);
    expect(again.settings.get().copies).toBe(2);
    await again.stop();
  });

  it('prints an order the dashboard sends, with the copies set, and a reprint marked REPRINT', async () => {
    await counter.bridge.saveSettings({ printer: printer.address, copies: 2 });
    const order = { ...sampleOrder(2), _id: 'order-1' };
    const first = await counter.bridge.printOrder(order);
    expect(first.ok && first.data.length).toBe(2);
    await until(() => printer.jobs.length === 2);
    const again = await counter.bridge.printOrder(order);
    expect(again).toEqual({ ok: true, data: [] }); // already printed: not by accident again
    await counter.bridge.reprintOrder(order);
    await until(() => printer.jobs.length === 3);
    expect(decodeEscPos(printer.jobs[2]!).lines.join('\n')).toContain('REPRINT');
  });

  it('reports the printer and prints a test page', async () => {
    expect(await counter.bridge.testPrint()).toMatchObject({ ok: false, error: expect.stringMatching(/Set the printer first/) });
    await counter.bridge.saveSettings({ printer: printer.address });
    expect(await counter.bridge.printerStatus()).toEqual({ ok: true, data: { state: 'connected', queued: 0, held: 0 } });
    await counter.bridge.testPrint();
    await until(() => printer.jobs.length === 1);
    expect(decodeEscPos(printer.jobs[0]!).lines.join('\n')).toContain('if you can read this');
    await printer.stop();
    expect(await counter.bridge.printerStatus()).toMatchObject({ ok: true, data: { state: 'offline' } });
  });
});
