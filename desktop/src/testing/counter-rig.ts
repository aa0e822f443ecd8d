// A counter wired to the real shop server (its own process) and a recording TCP printer, in a folder of its own,
// with automatic printing off: what the tests of the counter's one-tap prints (day summary, hand-in slip) stand on.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCounter, type Counter } from '../counter';
import { RecordingPrinter } from '../printer/recording-printer';
import { startServer } from './live-server';

export interface CounterRig {
  root: string;
  server: { url: string; process: ChildProcess };
  printer: RecordingPrinter;
  counter: Counter;
  /** Stops the counter, the printer and the server, and removes the folder. */
  stop(): Promise<void>;
}

export async function startCounterRig(prefix: string): Promise<CounterRig> {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer(path.join(root, 'server-data'));
  const printer = await new RecordingPrinter().start();
  const counter = await createCounter({ userDataDir: path.join(root, 'counter'), playSound: () => undefined, env: { KADE_SERVER_URL: server.url, KADE_PRINTER: printer.address } });
  await counter.settings.save({ autoPrint: false });
  return {
    root,
    server,
    printer,
    counter,
    stop: async () => {
      await counter.stop();
      await printer.stop();
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}
