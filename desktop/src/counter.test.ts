import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCounter, SIGNED_OUT_TEXT, type Counter } from './counter';
import { decodeEscPos } from './printer/escpos-text';
import { RecordingPrinter } from './printer/recording-printer';
import { eventually } from './testing/live-server';

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

  it('prints nothing while signed out: a page cannot hand it text to print, only an order id it must load', async () => {
    await counter.bridge.saveSettings({ printer: printer.address });
    expect(await counter.bridge.printOrder('7F3Q9X')).toEqual({ ok: false, error: SIGNED_OUT_TEXT });
    expect(await counter.bridge.reprintOrder('7F3Q9X')).toEqual({ ok: false, error: SIGNED_OUT_TEXT });
    expect(await counter.bridge.acknowledgeOrder('7F3Q9X')).toEqual({ ok: false, error: SIGNED_OUT_TEXT });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(printer.jobs).toHaveLength(0);
  });

  it('reports the printer and prints a test page', async () => {
    expect(await counter.bridge.testPrint()).toMatchObject({ ok: false, error: expect.stringMatching(/Set the printer first/) });
    await counter.bridge.saveSettings({ printer: printer.address });
    expect(await counter.bridge.printerStatus()).toEqual({ ok: true, data: { state: 'connected', queued: 0, failed: 0, held: 0 } });
    await counter.bridge.testPrint();
    await eventually(() => printer.jobs.length === 1);
    expect(decodeEscPos(printer.jobs[0]!).lines.join('\n')).toContain('if you can read this');
    await printer.stop();
    expect(await counter.bridge.printerStatus()).toMatchObject({ ok: true, data: { state: 'offline' } });
  });
});
