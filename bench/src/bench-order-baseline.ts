// The order benchmark's baseline (issue 37 item 4): POST /api/order/cash-on-delivery served by nothing but node:http
// and a pg pool (pipeline mode, as Kade's), running the statements Kade runs to place an order, with the same texts
// and in the same round trips: the session check; BEGIN with the placement's read; the placement's one write with
// COMMIT. The texts come from Kade's own builders (@kade/server/testing: `CALLER_SQL`, `placementReadStatement`,
// `orderWriteStatement`, numbered and named as db/prepared.ts does), so a change to them changes both servers; the work between them is the least that fills
// their values (the token's HMAC, the cart compared with the request, shared pricing, the order's columns in Kade's
// order), without Koa, zod, knex, the rate limits, the envelope middleware or the order's events. What Kade costs
// on top of this is the price of its pipeline. Only what the bench's orders need: no Idempotency-Key, promo, store
// credit, capacity, busy mode, weighed lines or shop hours (a request using them is answered 400 here).
// Started by bench-orders.ts as a process of its own; `startOrderBaseline` serves a test. Loopback only.
import http from 'node:http';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import pg from 'pg';
import { addressToWire, computeTotals, DEFAULT_SUBSTITUTION, discountedPricePaise, distanceKm, generateOrderId, shelfCategory } from '@kade/shared';
import {
  amountColumns,
  CALLER_SQL,
  imagesOf,
  numbered,
  orderWriteStatement,
  placementReadStatement,
  statementName,
  toOrderWire,
  type OrderWritten,
  type PlacementRow,
} from '@kade/server/testing';

export interface OrderBaselineOptions {
  databaseUrl: string;
  jwtSecret: string;
  /** The shop's point, for the delivery address's distance (Kade's zone check measures from it). */
  shop: { lat: number; lng: number };
  poolMax?: number;
  /** The session setting Kade's connections get (db/database.ts SESSION_SETUP_SQL). */
  sessionSql?: string;
  /** The clock (a test's fixed one): the token's expiry and the order's times. */
  now?: () => Date;
  /** Told every statement's text as it is sent (BEGIN and COMMIT too): a test compares them with Kade's. */
  onStatement?: (text: string) => void;
}

interface OrderInput {
  list_items: Array<{ productId: string; quantity: number; substitution?: string }>;
  addressId: string;
  location: string;
  Choose: string;
  language?: string;
  promoCode?: string;
}

/** The claims of an HS256 access token whose signature, issuer, audience and expiry check out; else undefined. */
function verifiedClaims(secret: Buffer, token: string, now: Date): { sub: string; sid: string } | undefined {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string; sid?: string; iss?: string; aud?: string; exp?: number };
  if (claims.iss !== 'kade' || claims.aud !== 'kade-api' || !claims.sub || !claims.sid || (claims.exp ?? 0) * 1000 <= now.getTime()) return undefined;
  return { sub: claims.sub, sid: claims.sid };
}

type Answer = { status: number; body: unknown };
const refusal = (status: number, code: string, message: string): Answer => ({ status, body: { success: false, error: true, code, message } });

const outOfStock = (line: PlacementRow): Answer => ({
  status: 409,
  body: { success: false, error: true, code: 'OUT_OF_STOCK', message: `${line.name} is out of stock.`, field: 'list_items', data: { productId: line.id } },
});

export function orderBaselineHandler(options: OrderBaselineOptions) {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 20, pipeline: true } as pg.PoolConfig);
  if (options.sessionSql) {
    const sessionSql = options.sessionSql;
    pool.on('connect', (client) => void client.query(sessionSql).catch(() => undefined));
  }
  const secret = Buffer.from(options.jwtSecret, 'utf8');
  const clock = options.now ?? (() => new Date());
  const simple = (client: pg.ClientBase, text: string) => {
    options.onStatement?.(text);
    return client.query(text);
  };
  const rows = <T>(client: pg.ClientBase, sql: string, values: readonly unknown[]): Promise<T[]> => {
    const text = numbered(sql);
    options.onStatement?.(text);
    return client.query<T & pg.QueryResultRow>({ name: statementName(text), text, values: values as unknown[] }).then((result) => result.rows);
  };

  async function place(claims: { sub: string; sid: string }, input: OrderInput): Promise<Answer> {
    const client = await pool.connect();
    let open = false;
    try {
      const [caller] = await rows<{ status: string; live: boolean }>(client, CALLER_SQL, [claims.sid, claims.sub]);
      if (!caller || caller.status !== 'Active' || !caller.live) return refusal(401, 'TOKEN_INVALID', 'Your session is not valid. Please log in again.');
      const now = clock();
      const read = placementReadStatement({ userId: claims.sub, addressId: input.addressId, option: input.Choose });
      // BEGIN and the read written together (pipeline mode), answered in one round trip, as Kade sends them.
      open = true;
      const [, lines] = await Promise.all([simple(client, 'BEGIN'), rows<PlacementRow>(client, read.sql, read.values)]);
      if (lines.length === 0) return refusal(400, 'CART_EMPTY', 'Your cart is empty.');
      const sent = new Map(input.list_items.map((item) => [item.productId, item.quantity]));
      if (lines.length !== sent.size || !lines.every((line) => sent.get(line.product_id) === line.quantity)) return refusal(409, 'CART_CHANGED', 'Your cart changed.');
      const address = lines[0]?.address;
      if (!address || address.latitude === null || address.longitude === null) return refusal(400, 'ADDRESS_NOT_FOUND', 'Please select an address.');
      // As Kade's line check: a line asking more than its stock is refused before the write (which checks again, locked).
      const short = lines.find((line) => Number(line.stock) < line.quantity);
      if (short) return outOfStock(short);
      const totals = computeTotals(
        lines.map((line) => ({ pricePaise: line.price_paise, discount: Number(line.discount), quantity: line.quantity })),
        input.Choose,
      );
      const [lat, lng] = input.location.split(',').map((part) => Number(part.trim()));
      const deliveryAddress = { ...addressToWire(address), distanceKm: Math.round(distanceKm({ lat: address.latitude, lng: address.longitude }, options.shop) * 1000) / 1000 };
      // Kade's columns in Kade's order: the write's text lists them as the object has them.
      const orderRow = {
        id: randomUUID(),
        order_code: generateOrderId(),
        user_id: claims.sub,
        status: 'Pending',
        payment_method: 'Cash on Delivery',
        payment_status: '',
        delivery_option: input.Choose,
        language: input.language ?? 'en',
        ...amountColumns(totals),
        total_paise: totals.grandTotalPaise,
        rounding_paise: totals.roundingPaise,
        promo_code: null,
        promo_discount_paise: 0,
        credit_used_paise: 0,
        max_total_paise: null,
        address_id: address.id,
        delivery_address: JSON.stringify(deliveryAddress),
        location: input.location,
        latitude: Number.isFinite(lat) ? (lat ?? null) : null,
        longitude: Number.isFinite(lng) ? (lng ?? null) : null,
        created_at: now,
        updated_at: now,
      };
      const chosen = new Map(input.list_items.map((item) => [item.productId, item.substitution]));
      const lineRows = lines.map((line, position) => ({
        product_id: line.id,
        position,
        name: line.name,
        name_si: line.name_si,
        name_ta: line.name_ta,
        unit: line.unit,
        image: imagesOf(line)[0] ?? '',
        category: shelfCategory(line.category_list) ?? '',
        original_price_paise: line.price_paise,
        discount: Number(line.discount),
        price_paise: discountedPricePaise(line.price_paise, Number(line.discount)),
        quantity: line.quantity,
        sell_by: 'EACH',
        step_grams: null,
        grams: null,
        substitution: chosen.get(line.id) ?? (line.substitution || DEFAULT_SUBSTITUTION),
      }));
      const write = orderWriteStatement({
        order: orderRow,
        lines: lineRows,
        event: { actor_id: claims.sub, to_status: 'Pending', note: 'placed' },
        stock: lines.map((line) => ({ productId: line.id, quantity: line.quantity })),
        cartIds: lines.map((line) => line.cart_id),
      });
      // The write and COMMIT in one round trip; a failed write's COMMIT ends the transaction as a ROLLBACK.
      open = false;
      const [[written]] = await Promise.all([rows<OrderWritten>(client, write.sql, write.values), simple(client, 'COMMIT')]);
      if (!written?.id) {
        const taken = lines.find((line) => written?.short.includes(line.id));
        return taken ? outOfStock(taken) : refusal(409, 'NUMBER_TAKEN', 'The order number was taken.');
      }
      const customer = lines[0]?.customer ?? { name: '', mobile: '' };
      const order = toOrderWire({ ...orderRow, delivery_address: deliveryAddress, user_name: customer.name, user_mobile: customer.mobile, taken_by: null, taken_by_name: null, taken_at: null, lines: lineRows.map((line) => ({ ...line, found: null })), revision: 0, original_total_paise: null, proposals: [] } as Parameters<typeof toOrderWire>[0]);
      return { status: 201, body: { success: true, error: false, message: 'Your order has been placed successfully! We are processing it now.', data: order } };
    } catch (error) {
      return refusal(500, 'INTERNAL', error instanceof Error ? error.message : 'error');
    } finally {
      if (open) await simple(client, 'ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let answer: Answer;
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? verifiedClaims(secret, token, clock()) : undefined;
    if (request.method !== 'POST' || request.url !== '/api/order/cash-on-delivery') answer = refusal(404, 'NOT_FOUND', 'Not found.');
    else if (!claims) answer = refusal(401, 'UNAUTHORIZED', 'Please log in to continue.');
    else {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OrderInput;
      answer = request.headers['idempotency-key'] || input.promoCode ? refusal(400, 'BAD_REQUEST', 'not served by the baseline') : await place(claims, input);
    }
    const body = JSON.stringify(answer.body);
    response.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  }

  return { handle, close: () => pool.end() };
}

/** The baseline listening on loopback; `close` ends its server and its pool. */
export function startOrderBaseline(options: OrderBaselineOptions & { port?: number }): Promise<{ url: string; close(): Promise<void> }> {
  const handler = orderBaselineHandler(options);
  const server = http.createServer((request, response) => void handler.handle(request, response));
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => {
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: async () => {
          server.closeAllConnections();
          await new Promise((done) => server.close(done));
          await handler.close();
        },
      });
    });
  });
}

// Started as a process of its own by bench-orders.ts: DATABASE_URL, JWT_SECRET, PORT, SHOP_LAT, SHOP_LNG, POOL_MAX, SESSION_SQL.
if (process.env.KADE_ORDER_BASELINE === '1') {
  void startOrderBaseline({
    databaseUrl: process.env.DATABASE_URL ?? '',
    jwtSecret: process.env.JWT_SECRET ?? '',
    shop: { lat: Number(process.env.SHOP_LAT), lng: Number(process.env.SHOP_LNG) },
    poolMax: Number(process.env.POOL_MAX ?? 20),
    port: Number(process.env.PORT),
    ...(process.env.SESSION_SQL ? { sessionSql: process.env.SESSION_SQL } : {}),
  }).then((baseline) => {
    console.log('order baseline ready');
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void baseline.close().finally(() => process.exit(0)));
  });
}
