// The counter app's window, for browser tests: the real counter logic (desktop's createCounter, with a loopback
// printer) run in the test's Node process, and its bridge put on the page as `window.kadeCounter`, as the preload
// does in Electron. Every call goes to the counter in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { createCounter, type Counter } from '../../desktop/src/counter';
import type { BridgeApi } from '../../desktop/src/ipc-channels';
import { RecordingPrinter } from '../../desktop/src/printer/recording-printer';
import type { CounterBridge } from '../src/features/admin/print/bridge';

// The dashboard's view of the bridge must fit the counter app's real one.
const fits = (bridge: BridgeApi): CounterBridge => bridge;

export interface CounterWindow {
  counter: Counter;
  printer: RecordingPrinter;
  /** Puts this counter's bridge on the page (before its scripts run). */
  expose(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export async function startCounterWindow(): Promise<CounterWindow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-counter-'));
  const printer = await new RecordingPrinter().start();
  const counter = await createCounter({ userDataDir: dir, playSound: () => undefined, env: { KADE_PRINTER: printer.address } });
  const bridge = fits(counter.bridge) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const methods = Object.keys(bridge).filter((name) => typeof bridge[name] === 'function');
  return {
    counter,
    printer,
    async expose(page) {
      await page.exposeFunction('kadeCounterCall', (method: string, args: unknown[]) => {
        const handler = bridge[method];
        if (!handler) return { ok: false, error: `no bridge call ${method}` };
        return handler(...args);
      });
      await page.addInitScript((names) => {
        const call = (window as unknown as { kadeCounterCall: (method: string, args: unknown[]) => Promise<unknown> }).kadeCounterCall;
        (window as unknown as { kadeCounter: unknown }).kadeCounter = Object.freeze(Object.fromEntries(names.map((m) => [m, (...args: unknown[]) => call(m, args)])));
      }, methods);
    },
    async stop() {
      await counter.stop();
      await printer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
