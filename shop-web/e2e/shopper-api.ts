// API shortcuts for the account and checkout walks: what a test needs set up or checked behind the screens
// (a shopper's tokens, the admin's, products with known prices, cart contents, addresses inside the zone).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openUrl } from './helpers';

/** The store's position in the test servers (server/src/config.ts defaults). */
export const SHOP_POSITION = { latitude: 6.8741, longitude: 79.8605 };
/** About 14 km away: outside the 1.75 km zone. */
export const FAR_POSITION = { latitude: 6.99, longitude: 79.93 };

export interface Session {
  name: string;
  accessToken: string;
  refreshToken: string;
  mobile: string;
  password: string;
}

/** The password every account the browser tests register uses. */
export const PASSWORD = 'e2e-password-42';

let made = 0;
/** A fresh 10-digit number nobody has used in this run. */
export function freshMobile(): string {
  made += 1;
  return `07${String((Date.now() + made * 7919) % 100_000_000).padStart(8, '0')}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
export type Envelope<T> = { success: boolean; message: string; data: T; code?: string; field?: string } & Record<string, unknown>;
export interface Answer<T> {
  status: number;
  body: Envelope<T>;
}

interface ProductRow {
  _id: string;
  name: string;
  image: string[];
  category: Array<{ _id: string; name: string }>;
  subCategory: Array<{ _id: string; name: string }>;
  single_quantity: boolean;
}

/** What an order placed over the API carries besides the cart: the address, the delivery option, where the phone was. */
export interface CashOrder {
  addressId: string;
  lines: Array<{ productId: string; quantity: number }>;
  option?: string;
  location?: string;
  /** A promo code to use (issue 35). */
  promoCode?: string;
}

/**
 * The API shortcuts bound to one test server: `url` is its address, `dataDir` its data folder (where the seeded
 * admin's first-logins.json and the JWT secret are). The main server's are exported below; the files that start a
 * server of their own (the ringer, busy mode) take theirs with `apiOn`.
 */
export function apiOn(server: { url: () => string; dataDir: () => string }) {
  /** Calls the API with a bearer token; answers the status and the parsed body. */
  async function call<T = unknown>(request: APIRequestContext, token: string | null, method: Method, route: string, data?: unknown): Promise<Answer<T>> {
    const response = await request.fetch(`${server.url()}${route}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(data === undefined ? {} : { data }),
    });
    return { status: response.status(), body: (await response.json()) as Envelope<T> };
  }

  async function login(request: APIRequestContext, mobile: string, password: string, name = 'E2E Buyer'): Promise<Session> {
    const answer = await call<{ accesstoken: string; refreshToken: string }>(request, null, 'POST', '/api/user/login', { mobile, password });
    expect(answer.status, answer.body.message).toBe(200);
    return { name, accessToken: answer.body.data.accesstoken, refreshToken: answer.body.data.refreshToken, mobile, password };
  }

  /** Registers an account with a fresh number (no login); answers the number. */
  async function register(request: APIRequestContext, name: string): Promise<string> {
    const mobile = freshMobile();
    const answer = await call(request, null, 'POST', '/api/user/register', { name, mobile, password: PASSWORD, confirmPassword: PASSWORD });
    expect(answer.status, answer.body.message).toBe(201);
    return mobile;
  }

  /** Registers a shopper over the API, signed in by the registration itself (no browser state touched). */
  async function newShopper(request: APIRequestContext, name = 'E2E Buyer'): Promise<Session> {
    const mobile = freshMobile();
    const answer = await call<{ accesstoken: string; refreshToken: string }>(request, null, 'POST', '/api/user/register', { name, mobile, password: PASSWORD, confirmPassword: PASSWORD });
    expect(answer.status, answer.body.message).toBe(201);
    return { name, accessToken: answer.body.data.accesstoken, refreshToken: answer.body.data.refreshToken, mobile, password: PASSWORD };
  }

  let cachedAdmin: { session: Session; at: number } | undefined;

  /**
   * The seeded admin's session (first-logins.json of the server's data folder): one login per test worker, reused
   * for 10 minutes (access tokens live 15), since the server allows 10 logins a number in 15 minutes.
   */
  async function adminSession(request: APIRequestContext): Promise<Session> {
    if (cachedAdmin && Date.now() - cachedAdmin.at < 10 * 60_000) return cachedAdmin.session;
    const { admin } = JSON.parse(readFileSync(path.join(server.dataDir(), 'first-logins.json'), 'utf8')) as { admin: { mobile: string; password: string } };
    cachedAdmin = { session: await login(request, admin.mobile, admin.password, 'Admin'), at: Date.now() };
    return cachedAdmin.session;
  }

  /** The live reset code of a number, as the admin's OTP list shows it. */
  async function resetCodeFor(request: APIRequestContext, mobile: string): Promise<string> {
    const admin = await adminSession(request);
    const list = await call<Array<{ mobile: string; forgot_password_otp: string }>>(request, admin.accessToken, 'GET', '/api/users/all');
    const code = list.body.data.find((user) => user.mobile === mobile)?.forgot_password_otp;
    expect(code, `a live code for ${mobile}`).toMatch(/^\d{6}$/);
    return code ?? '';
  }

  /** A counter clerk: an account the admin made STAFF, signed in after the change (a role change ends sessions). */
  async function staffSession(request: APIRequestContext, name: string): Promise<Session> {
    const mobile = await register(request, name);
    const boss = await adminSession(request);
    const users = await call<{ users: Array<{ _id: string; mobile: string }> }>(request, boss.accessToken, 'GET', `/api/users/list?search=${mobile}`);
    const id = users.body.data.users.find((u) => u.mobile === mobile)?._id;
    expect((await call(request, boss.accessToken, 'PUT', '/api/users/update-role', { _id: id, role: 'STAFF' })).status).toBe(200);
    return login(request, mobile, PASSWORD, name);
  }

  /**
   * Creates a product with a known price and plenty of stock on an ordinary shelf (not Vegetable or Meat, not a
   * single-quantity deal), so totals on both sides of every boundary can be built from whole quantities.
   */
  async function createProduct(request: APIRequestContext, admin: Session, fields: { name: string; price: number; discount?: number; stock?: number }): Promise<string> {
    const home = await call<{ strips: Array<{ category: { name: string }; products: ProductRow[] }> }>(request, null, 'GET', '/api/product/home');
    const strip = home.body.data.strips.find((s) => !['Vegetable', 'Meat'].includes(s.category.name) && s.products.some((p) => !p.single_quantity && p.subCategory.length > 0));
    const model = strip?.products.find((p) => !p.single_quantity && p.subCategory.length > 0);
    if (!model) throw new Error('no model product in the demo catalogue');
    const created = await call<{ _id: string }>(request, admin.accessToken, 'POST', '/api/product/create', {
      name: fields.name,
      image: model.image.slice(0, 1),
      price: fields.price,
      unit: '1 pc',
      stock: fields.stock ?? 5000,
      discount: fields.discount ?? 0,
      description: 'A product made by the browser tests.',
      category: model.category.filter((c) => !['Vegetable', 'Meat'].includes(c.name)).map((c) => c._id).slice(0, 1),
      subCategory: model.subCategory.map((c) => c._id).slice(0, 1),
    });
    expect(created.status, created.body.message).toBeLessThan(300);
    return created.body.data._id;
  }

  /**
   * A demo product found by searching `search`: in stock (at least `minStock`), priced, not a single-quantity deal,
   * sold by the unit (the demo's loose rice is sold by weight: its stock counts grams and its quantity steps).
   */
  async function findProduct(request: APIRequestContext, search: string, minStock: number): Promise<string> {
    const found = await call<Array<{ _id: string; price: number; stock: number; single_quantity?: boolean; sellBy?: string }>>(request, null, 'POST', '/api/product/search-product', { search, page: 1, limit: 20 });
    const product = found.body.data.find((p) => p.stock >= minStock && p.price > 0 && !p.single_quantity && p.sellBy !== 'WEIGHT');
    expect(product, 'a product in stock').toBeTruthy();
    return product!._id;
  }

  /** Makes the shopper's cart exactly these lines. */
  async function setCart(request: APIRequestContext, shopper: Session, lines: Array<{ productId: string; quantity: number }>): Promise<void> {
    const current = await call<Array<{ _id: string }>>(request, shopper.accessToken, 'GET', '/api/cart/get');
    for (const line of current.body.data) await call(request, shopper.accessToken, 'DELETE', '/api/cart/delete-cart-item', { _id: line._id });
    for (const line of lines) {
      const added = await call<{ _id: string }>(request, shopper.accessToken, 'POST', '/api/cart/create', { productId: line.productId });
      expect(added.status, added.body.message).toBe(200);
      if (line.quantity !== 1) {
        const set = await call(request, shopper.accessToken, 'PUT', '/api/cart/update-qty', { _id: added.body.data._id, qty: line.quantity });
        expect(set.status, set.body.message).toBe(200);
      }
    }
  }

  /** Saves an address (at the store's position unless told) over the API; answers its id. */
  async function addAddress(
    request: APIRequestContext,
    shopper: Session,
    name = 'Home',
    where: { city?: string; pincode?: string; latitude?: number; longitude?: number } = {},
  ): Promise<string> {
    const saved = await call<{ _id: string }>(request, shopper.accessToken, 'POST', '/api/address/create', {
      address_line: name,
      city: '12 Galle Road, Colombo 6',
      state: 'Near the temple',
      pincode: '0771234567',
      mobile: 'Home',
      ...SHOP_POSITION,
      accuracy: 10,
      ...where,
    });
    expect(saved.status, saved.body.message).toBe(201);
    return saved.body.data._id;
  }

  /**
   * Places a cash-on-delivery order of `lines` over the API as a phone would: when the server answers that the totals
   * changed, sends its totals back once, as the checkout screen does. Answers the server's last answer, refusals
   * included (the cart is not touched: add the lines first).
   */
  async function placeCashOrder<T = { _id: string; orderId: string }>(request: APIRequestContext, shopper: Session, order: CashOrder): Promise<Answer<T>> {
    const body = {
      list_items: order.lines,
      addressId: order.addressId,
      subTotalAmt: 0,
      totalAmt: 0,
      location: order.location ?? `${SHOP_POSITION.latitude}, ${SHOP_POSITION.longitude}`,
      Choose: order.option ?? '50 Minutes to 1 Hour',
      ...(order.promoCode ? { promoCode: order.promoCode } : {}),
    };
    const placed = await call<T>(request, shopper.accessToken, 'POST', '/api/order/cash-on-delivery', body);
    if (placed.status !== 409 || placed.body.code !== 'TOTALS_CHANGED') return placed;
    const totals = placed.body.data as { subTotalAmt: number; totalAmt: number };
    return call<T>(request, shopper.accessToken, 'POST', '/api/order/cash-on-delivery', { ...body, subTotalAmt: totals.subTotalAmt, totalAmt: totals.totalAmt });
  }

  /**
   * Makes the cart exactly `lines` (setCart) and places a cash-on-delivery order of it; answers the order's id and
   * short number.
   */
  async function placeCodOrder(request: APIRequestContext, shopper: Session, addressId: string, lines: Array<{ productId: string; quantity: number }>): Promise<{ _id: string; orderId: string }> {
    await setCart(request, shopper, lines);
    const placed = await placeCashOrder(request, shopper, { addressId, lines });
    expect(placed.status, placed.body.message).toBe(201);
    return { _id: placed.body.data._id, orderId: placed.body.data.orderId };
  }

  return { call, login, register, newShopper, adminSession, resetCodeFor, staffSession, createProduct, findProduct, setCart, addAddress, placeCashOrder, placeCodOrder };
}

/** The main test server's data folder (global-setup seeds it). */
function mainDataDir(): string {
  const dataDir = process.env.KADE_DATA_DIR;
  if (!dataDir) throw new Error('KADE_DATA_DIR is not set: run through the e2e config');
  return dataDir;
}

export const { call, login, register, newShopper, adminSession, resetCodeFor, staffSession, createProduct, findProduct, setCart, addAddress, placeCashOrder, placeCodOrder } = apiOn({
  url: () => openUrl(),
  dataDir: mainDataDir,
});

/** Puts a session where the shop keeps it, before the page's own scripts run. */
export async function useSession(page: Page, session: Session): Promise<void> {
  await page.addInitScript(
    ([access, refresh]) => {
      if (!window.localStorage.getItem('accesstoken')) {
        window.localStorage.setItem('accesstoken', access);
        window.localStorage.setItem('refreshToken', refresh);
      }
    },
    [session.accessToken, session.refreshToken] as const,
  );
}

/** The same access token, but expired half an hour ago (signed with the test server's own secret). */
export function expiredCopy(accessToken: string): string {
  const dataDir = process.env.KADE_DATA_DIR ?? '';
  const secret = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
  const claims = jwt.decode(accessToken) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  return jwt.sign({ ...claims, iat: now - 3600, exp: now - 1800 }, secret, { algorithm: 'HS256' });
}
