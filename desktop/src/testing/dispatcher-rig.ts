// The counter's dispatcher signed in as the seeded admin on the real shop server (its own process), printing
// automatically through a durable print queue to a recording TCP printer, in a folder of its own: what the tests of
// the bills the counter prints by itself (issue 34's weighed lines, issue 35's credit) stand on.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ENDPOINTS, type BodyOf, type ProductWire } from '@kade/shared';
import { Dispatcher } from '../dispatcher/dispatcher';
import { ServerApi } from '../dispatcher/server-api';
import { PrintQueue } from '../printer/print-queue';
import { RecordingPrinter } from '../printer/recording-printer';
import { parsePrinterAddress } from '../printer/transport';
import { ADMIN, eventually, startServer } from './live-server';

export interface DispatcherRig {
  server: { url: string; process: ChildProcess };
  printer: RecordingPrinter;
  queue: PrintQueue;
  dispatcher: Dispatcher;
  /** The admin's API, signed in: the dispatcher's own. */
  staff: ServerApi;
  /** Stops the dispatcher, the queue, the printer and the server, and removes the folder. */
  stop(): Promise<void>;
}

/** Starts the server, the printer and a connected dispatcher with auto-print on (text mode, one copy). */
export async function startDispatcherRig(prefix: string): Promise<DispatcherRig> {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const server = await startServer(path.join(dir, 'server-data'));
  const printer = await new RecordingPrinter().start();
  const queue = await PrintQueue.open({ file: path.join(dir, 'print-queue.json'), printer: () => parsePrinterAddress(printer.address), retryMs: { first: 100, longest: 500 } });
  queue.start();
  const staff = new ServerApi(server.url, undefined);
  await staff.login(ADMIN.mobile, ADMIN.password);
  const dispatcher = new Dispatcher({
    api: staff,
    queue,
    settings: () => ({ autoPrint: true, copies: 1, receiptMode: 'text', shop: { shopName: 'Kade', timeZone: 'Asia/Colombo' } }),
    lastSeen: new Date().toISOString(),
    saveLastSeen: () => undefined,
    onNewOrder: () => undefined,
  });
  dispatcher.start();
  await eventually(() => dispatcher.connected);
  return {
    server,
    printer,
    queue,
    dispatcher,
    staff,
    stop: async () => {
      dispatcher.stop();
      await queue.stop();
      await printer.stop();
      server.process.kill('SIGTERM');
      await new Promise((resolve) => server.process.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a test product says about itself; the picture and the shelf are a demo product's. */
type ProductFields = Omit<BodyOf<typeof ENDPOINTS.products.create>, 'image' | 'category' | 'subCategory' | 'description'>;

/** A product made as an admin makes one, on the shelf of the demo catalogue's rice, with its picture. */
export async function productOnDemoShelf(staff: ServerApi, fields: ProductFields): Promise<ProductWire> {
  const [model] = await staff.call(ENDPOINTS.products.search, { body: { search: 'rice', page: 1 } });
  if (!model) throw new Error('no rice in the demo catalogue');
  return staff.call(ENDPOINTS.products.create, {
    body: {
      image: model.image.slice(0, 1),
      description: 'Made by the counter tests.',
      category: model.category.map((c) => c._id).slice(0, 1),
      subCategory: model.subCategory.map((c) => c._id).slice(0, 1),
      ...fields,
    },
  });
}
