// The counter app's window, for browser tests: the real counter logic (desktop's createCounter, with a loopback
// printer) run in the test's Node process, and its bridge put on the page as `window.kadeCounter`, as the preload
// does in Electron. Every call goes through the app's own guard (desktop/src/ipc-guard.ts: which frame may make
// it, and its arguments), with the calling frame's address, then to the counter in this process.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { BRIDGE_CALLS, createCounter, guardedCall, RecordingPrinter, type BridgeApi, type Counter, type CounterOptions } from '@kade/desktop/testing';
import type { CounterBridge } from '../src/features/admin/print/bridge';

// The dashboard's view of the bridge must fit the counter app's real one.
const fits = (bridge: BridgeApi): CounterBridge => bridge;

/** The bundled settings page as the app ships it (desktop/dist/settings.html). */
export const SETTINGS_PAGE_URL = pathToFileURL(fileURLToPath(new URL('../../desktop/dist/settings.html', import.meta.url))).href;

/**
 * Puts a counter's bridge on the page (before its scripts run), as the preload does: every method of the real
 * bridge, each call checked by the app's guard against the counter's configured server and the calling frame.
 */
export async function exposeCounter(page: Page, counter: Counter): Promise<void> {
  const bridge = fits(counter.bridge) as unknown as BridgeApi;
  await page.exposeBinding('kadeCounterCall', (source, method: string, args: unknown[]) =>
    guardedCall(bridge, method, source.frame.url(), args, { serverOrigin: new URL(counter.settings.get().serverUrl).origin, settingsPageUrl: SETTINGS_PAGE_URL }),
  );
  await page.addInitScript((names) => {
    const call = (window as unknown as { kadeCounterCall: (method: string, args: unknown[]) => Promise<unknown> }).kadeCounterCall;
    (window as unknown as { kadeCounter: unknown }).kadeCounter = Object.freeze(Object.fromEntries(names.map((m) => [m, (...args: unknown[]) => call(m, args)])));
  }, Object.keys(BRIDGE_CALLS));
}

export interface CounterWindow {
  counter: Counter;
  printer: RecordingPrinter;
  /** The counter's user-data folder (its settings, print queue and sealed session). */
  dir: string;
  /** How many times a page asked the counter to open its Settings window. */
  settingsOpened: () => number;
  /** Puts this counter's bridge on the page (before its scripts run). */
  expose(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export interface CounterWindowOptions {
  /** The shop server the counter (and so the window) belongs to: the bridge answers only pages of its origin. */
  serverUrl: string;
  /** Writes files into the user-data folder before the counter starts (a print queue left by an earlier run). */
  prepare?: (dir: string) => void;
  env?: Record<string, string>;
  counter?: Partial<CounterOptions>;
}

export async function startCounterWindow(options: CounterWindowOptions): Promise<CounterWindow> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-e2e-counter-'));
  const printer = await new RecordingPrinter().start();
  options.prepare?.(dir);
  let opened = 0;
  const counter = await createCounter({
    userDataDir: dir,
    playSound: () => undefined,
    openSettings: () => {
      opened += 1;
    },
    env: { KADE_PRINTER: printer.address, KADE_SERVER_URL: options.serverUrl, ...options.env },
    ...options.counter,
  });
  return {
    counter,
    printer,
    dir,
    settingsOpened: () => opened,
    expose: (page) => exposeCounter(page, counter),
    async stop() {
      await counter.stop();
      await printer.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
