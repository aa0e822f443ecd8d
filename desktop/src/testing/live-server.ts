// The real shop server for the counter's tests, as its own process (the counter only ever talks to it over
// HTTP and sockets), a shopper who places orders over the real API, and a wait that gives up.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { computeTotals, ENDPOINTS, paiseToRupees, rupeesToPaise, windowAround, type OrderWire, type ProductWire } from '@kade/shared';

import { ServerApi } from '../dispatcher/server-api';

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const ADMIN = { mobile: '0770000001', password: 'counter-staff-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder seeded-data.ts seeds once for the run, and the file it writes beside it when done (or failed). */
    kadeSeededData: { dir: string; done: string };
  }
}

/** The run's seeded folder (seeded-data.ts), once its seed is done; undefined outside the desktop tests' setup. */
async function seededFolder(): Promise<string | undefined> {
  let seeded: { dir: string; done: string } | undefined;
  try {
    seeded = inject('kadeSeededData');
  } catch {
    return undefined; // not inside a vitest worker
  }
  if (!seeded) return undefined;
  while (!existsSync(seeded.done)) await new Promise((resolve) => setTimeout(resolve, 200));
  const result = JSON.parse(readFileSync(seeded.done, 'utf8')) as { ok: boolean; error?: string };
  if (!result.ok) throw new Error(`seeding the desktop tests' shop data failed: ${result.error}`);
  return seeded.dir;
}

/**
 * The real shop server, as its own process (the counter only ever talks to it over HTTP and sockets). A new data
 * folder starts as a copy of the run's seeded one (the demo catalogue, seeded once: seeded-data.ts), unless `seed`
 * asks for a seed of its own.
 */
export async function startServer(dataDir: string, options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<{ url: string; process: ChildProcess }> {
  if (!options.seed && !existsSync(dataDir)) {
    const seeded = await seededFolder();
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
  }
  // open from an hour ago to ten hours on: '00:00-23:59' is closed in the day's last minute
  const openNow = windowAround(new Date(), -60, 600);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn',
      // the tests' scrypt cost (only NODE_ENV=test may lower it): each login at production's is seconds on a busy machine
      NODE_ENV: 'test', PASSWORD_COST: '10',
      // the run's kept seed pictures (`npm test` sets the folder): a seed here reads back what an earlier one drew
      ...(process.env.SEED_IMAGE_CACHE_DIR ? { SEED_IMAGE_CACHE_DIR: process.env.SEED_IMAGE_CACHE_DIR } : {}),
      ADMIN_MOBILE: ADMIN.mobile, ADMIN_PASSWORD: ADMIN.password, SHOP_HOURS: openNow, FRESH_HOURS: openNow,
      ...options.env,
    },
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  for (let i = 0; i < 1800; i++) {
    const match = /Health:\s+(http:\/\/[^/\s]+)/.exec(out);
    if (match) return { url: match[1] as string, process: child };
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not start:\n${out}`);
}

/** A shopper who can place orders for one product, over the real API. */
export async function shopper(url: string) {
  const mobile = `07${String(Date.now()).slice(-8)}`;
  const api = new ServerApi(url, undefined);
  await api.call(ENDPOINTS.account.register, { body: { name: 'Test Shopper', mobile, password: 'shopper-pass-1' } }, false);
  await api.login(mobile, 'shopper-pass-1');
  const address = await api.call(ENDPOINTS.addresses.create, { body: { address_line: 'Home', city: '3 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', latitude: 6.879, longitude: 79.862 } });
  // a product sold by the unit with stock to spare: the demo's loose rice is sold by weight (issue 34), and a line
  // packed short empties its product, so a later shopper may look past the rice
  let product: ProductWire | undefined;
  for (const search of ['rice', 'tea', 'biscuit', 'milk']) {
    const found = await api.call(ENDPOINTS.products.search, { body: { search, page: 1, limit: 50 } });
    product = found.find((p) => p.stock > 50 && p.sellBy !== 'WEIGHT' && !p.single_quantity);
    if (product) break;
  }
  if (!product) throw new Error('no product sold by the unit in stock in the demo catalogue');
  return {
    /** The product every order is of. */
    productId: product._id,
    /** Places an order of `quantity` of the product (1 unless said). */
    async order(quantity = 1): Promise<OrderWire> {
      const line = await api.call(ENDPOINTS.cart.add, { body: { productId: product._id } });
      if (quantity !== 1) await api.call(ENDPOINTS.cart.setQuantity, { body: { _id: line._id, qty: quantity } });
      const totals = computeTotals([{ pricePaise: rupeesToPaise(product.price), discount: product.discount, quantity }], '50 Minutes to 1 Hour');
      return api.call(ENDPOINTS.orders.cashOnDelivery, {
        body: {
          list_items: [{ productId: product._id, quantity }],
          addressId: address._id,
          subTotalAmt: paiseToRupees(totals.subtotalPaise),
          totalAmt: paiseToRupees(totals.grandTotalPaise),
          location: 'Location not available',
          Choose: '50 Minutes to 1 Hour',
        },
      });
    },
  };
}

/**
 * How long a test waits for something that must happen: not a speed limit but a guard against a hang, far above
 * what a loaded machine needs and below the test's own timeout (vitest.config.ts), so the failure says so.
 */
export const WAIT_MS = 45_000;

/** Waits until `check` is true (a hang guard after WAIT_MS). */
export async function eventually(check: () => boolean, ms = WAIT_MS): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}


export const STAFF_PASSWORD = 'counter-clerk-9';

/** A staff account made as an admin makes one: created on the Users page's call, then given the STAFF role. */
export async function staffAccount(url: string, name: string): Promise<string> {
  const mobile = `07${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;
  const admin = new ServerApi(url, undefined);
  await admin.login(ADMIN.mobile, ADMIN.password);
  const made = await admin.call(ENDPOINTS.users.create, { body: { name, mobile, password: STAFF_PASSWORD } });
  await admin.call(ENDPOINTS.users.setRole, { body: { _id: made.user._id, role: 'STAFF' } });
  return mobile;
}

/**
 * Staff packing an order over the real API (issue 33): takes it (Processing) unless it already is, then marks
 * how many of the product were found. Answers the order as packing left it.
 */
export async function packOrder(api: ServerApi, order: OrderWire, productId: string, found: number): Promise<OrderWire> {
  if (order.order_status === 'Pending') await api.call(ENDPOINTS.orders.updateStatus, { body: { orderId: order._id, order_status: 'Processing' } });
  return api.call(ENDPOINTS.orders.pack, { body: { orderId: order._id, lines: [{ productId, found }] } });
}
