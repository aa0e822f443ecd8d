// "Rings until someone takes the order": every staff and admin screen rings for a new order, whatever page is
// open, until one of them takes it (a server action), and an order left waiting past TAKE_ALERT_MINUTES is marked.
// The sound is the ringer's <audio loop> element: a test sees it play (paused false, currentTime moving) and stop.
//
// These tests run on a server of their own (a copy of the seeded data that global-setup made, TAKE_ALERT_MINUTES=2),
// so no order placed by another file rings on these screens and "everything stopped" means what it says. The
// counter window is a page with the counter app's real bridge (counter-window.ts). This Chromium plays sound without
// a click, as the counter app's window is set to; the ordinary browser's refusal is played by an init script.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { formatRs, rupeesToPaise, windowAround, type OrderWire } from '@kade/shared';
import { startCounterWindow, type CounterWindow } from './counter-window';
import { startServer, stop, type Running } from './global-setup';
import { expectAccessible, shot, socketConnected } from './helpers';
import { SHELL_USER_AGENT } from './playwright.config';
import { apiOn, PASSWORD, useSession, type Session } from './shopper-api';

const TAKE_ALERT_MINUTES = 2;
let server: Running | undefined;
const base = (): string => {
  if (!server) throw new Error('the ringer tests start their own server in beforeAll');
  return server.url;
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const dataDir = process.env.KADE_QUIET_DATA_DIR;
  if (!dataDir) throw new Error('KADE_QUIET_DATA_DIR is not set: run through the e2e config (global-setup copies it)');
  const hours = windowAround(new Date(), -60, 600);
  server = await startServer(dataDir, { SHOP_HOURS: hours, FRESH_HOURS: hours, TAKE_ALERT_MINUTES: String(TAKE_ALERT_MINUTES) });
});

test.afterAll(async () => {
  if (server) await stop(server);
});

// --- the API, on this file's server -------------------------------------------------------------------------------

const api = apiOn({ url: base, dataDir: () => process.env.KADE_QUIET_DATA_DIR ?? '' });
const { staffSession } = api;
const shopperAccount = (request: APIRequestContext, name = 'Ringer Shopper'): Promise<Session> => api.newShopper(request, name);

/** A cash-on-delivery order of one product, placed over the API as a shopper's phone would; the server's answer. */
async function placeOrder(request: APIRequestContext, shopper: Session): Promise<OrderWire> {
  const addressId = await api.addAddress(request, shopper, 'Ringer home', { city: '12 Galle Road', pincode: shopper.mobile, latitude: 6.879, longitude: 79.862 });
  const productId = await api.findProduct(request, 'rice', 10);
  const added = await api.call(request, shopper.accessToken, 'POST', '/api/cart/create', { productId });
  expect(added.status, added.body.message).toBeLessThan(300);
  const placed = await api.placeCashOrder<OrderWire>(request, shopper, { addressId, lines: [{ productId, quantity: 1 }], location: '6.879, 79.862' });
  expect(placed.status, placed.body.message).toBe(201);
  return placed.body.data;
}

// --- the screens --------------------------------------------------------------------------------------------------

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** A browser window signed in as `account` (its own session), on this file's server. */
async function screenFor(browser: Browser, account: Session, options: { phone?: boolean; counter?: CounterWindow } = {}): Promise<{ context: BrowserContext; page: Page; requested: string[] }> {
  const context = await browser.newContext({ baseURL: base(), userAgent: SHELL_USER_AGENT, ...(options.phone ? PHONE : { viewport: { width: 1280, height: 800 } }) });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await useSession(page, account);
  if (options.counter) await options.counter.expose(page);
  return { context, page, requested };
}

const sound = (page: Page) => page.getByTestId('order-ringer-sound');
const ringer = (page: Page) => page.getByRole('alert').filter({ hasText: /waiting to be taken/ });
const ringing = (page: Page, orderId: string) => ringer(page).getByTestId('ringing-order').filter({ hasText: `#${orderId}` });
const card = (page: Page, orderId: string) => page.getByRole('article', { name: `Order ${orderId}` });

const audioState = (page: Page) => sound(page).evaluate((audio: HTMLAudioElement) => ({ paused: audio.paused, time: audio.currentTime, loop: audio.loop, src: audio.currentSrc }));

/** The chime is playing: not paused, and its time moves on. */
async function expectRinging(page: Page): Promise<void> {
  await expect.poll(async () => (await audioState(page)).paused).toBe(false);
  expect(await sound(page).evaluate((audio: HTMLAudioElement) => audio.error?.message ?? null)).toBeNull();
  const { time, loop, src } = await audioState(page);
  expect(loop).toBe(true);
  expect(src).toMatch(/\/assets\/chime-[\w-]+\.wav$/);
  await expect.poll(async () => (await audioState(page)).time).not.toBe(time);
}

/** The chime is stopped: paused, and its time stands still. */
async function expectSilent(page: Page): Promise<void> {
  await expect.poll(async () => (await audioState(page)).paused).toBe(true);
  const { time } = await audioState(page);
  await page.waitForTimeout(400);
  expect((await audioState(page)).time).toBe(time);
}

test.describe('the new-order ringer', () => {
  test('in the counter window an order rings on every staff screen, whatever page is open, until one takes it', async ({ browser, request }, info) => {
    test.setTimeout(300_000); // a hang guard: two counters, two screens and two orders ran past 2.5 min on a loaded clean-clone run (stop 41)
    const tag = Date.now() % 100_000;
    const nimal = await staffSession(request, `Nimal ${tag}`);
    const kamala = await staffSession(request, `Kamala ${tag}`);
    const shopper = await shopperAccount(request);
    // each counter is signed in as the clerk at it, as the counter app keeps itself (a signed-out one shows a banner)
    const counterA = await startCounterWindow({ serverUrl: base() });
    const counterB = await startCounterWindow({ serverUrl: base() });
    expect(await counterA.counter.bridge.signIn(nimal.mobile, PASSWORD)).toEqual({ ok: true, data: { connected: true } });
    expect(await counterB.counter.bridge.signIn(kamala.mobile, PASSWORD)).toEqual({ ok: true, data: { connected: true } });
    const screens: BrowserContext[] = [];
    try {
      // Nimal's counter shows the Delivered list; Kamala's (a phone-sized window) the shop's home page.
      const a = await screenFor(browser, nimal, { counter: counterA });
      const b = await screenFor(browser, kamala, { counter: counterB, phone: true });
      screens.push(a.context, b.context);
      // Kamala's screen can be made to miss 'order:acknowledged' (a screen whose news is late), for the stale case.
      let kamalaMissesTakes = false;
      let kamalaConnected: () => void = () => undefined;
      const kamalaReady = new Promise<void>((resolve) => (kamalaConnected = resolve));
      await b.page.routeWebSocket(/\/socket\.io\//, (ws) => {
        const upstream = ws.connectToServer();
        ws.onMessage((message) => upstream.send(message));
        upstream.onMessage((message) => {
          if (typeof message === 'string' && message.startsWith('40')) kamalaConnected();
          if (kamalaMissesTakes && typeof message === 'string' && message.includes('"order:acknowledged"')) return;
          ws.send(message);
        });
      });

      // Nimal's window has run the shop before: its service worker controls the page (the chime must load through it).
      await a.page.goto('/dashboard/delivered');
      await a.page.evaluate(() => navigator.serviceWorker.ready);
      const nimalReady = socketConnected(a.page);
      await a.page.reload();
      expect(await a.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await expect(a.page.getByRole('heading', { level: 1, name: /^Orders \(\d+\)$/ })).toBeVisible();
      await expect(a.page.getByRole('status').filter({ hasText: 'Printer connected' })).toBeVisible(); // the bridge is there
      await b.page.goto('/');
      await expect(b.page.getByRole('button', { name: 'Search products' })).toBeVisible();
      for (const page of [a.page, b.page]) await expect(sound(page)).toBeAttached();
      await Promise.all([nimalReady, kamalaReady]);
      await expect(ringer(a.page)).toHaveCount(0);
      await expectSilent(a.page);

      const first = await placeOrder(request, shopper);
      for (const page of [a.page, b.page]) {
        const row = ringing(page, first.orderId);
        await expect(row).toBeVisible();
        await expect(row).toContainText(formatRs(rupeesToPaise(first.totalAmt)));
        await expect(row).toContainText('50 Minutes to 1 Hour');
        await expect(row).toContainText('Placed just now');
        await expect(ringer(page)).toContainText('New order waiting to be taken');
        await expectRinging(page);
      }
      // the ringer and its sound came as their own files, for staff only
      expect(a.requested.some((url) => /\/assets\/order-ringer-[\w-]+\.js$/.test(url))).toBe(true);
      expect(a.requested.some((url) => /\/assets\/chime-[\w-]+\.wav$/.test(url))).toBe(true);
      await shot(a.page, info, 'ringer-counter-delivered');
      await expectAccessible(a.page, info, 'ringer-counter-delivered');
      await shot(b.page, info, 'ringer-phone-home');
      await expectAccessible(b.page, info, 'ringer-phone-home');

      // on a phone the bar sits at the bottom, clear of the header's controls, and the page still scrolls out from under it
      const bar = await ringer(b.page).boundingBox();
      expect(bar).not.toBeNull();
      expect(Math.round(bar!.y + bar!.height)).toBe(844);
      expect(bar!.height).toBeLessThan(844 * 0.45 + 1);
      const search = await b.page.getByRole('button', { name: 'Search products' }).boundingBox();
      expect(search!.y + search!.height).toBeLessThan(bar!.y);
      // the home page's lower strips fill in as they come into view and push the footer down: scroll on, as a person
      // would, until the page's end is reached
      const barTop = (await ringer(b.page).boundingBox())!.y;
      await expect
        .poll(async () => {
          await b.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const footer = await b.page.locator('footer').boundingBox();
          return footer!.y + footer!.height;
        })
        .toBeLessThanOrEqual(barTop + 1);
      await shot(b.page, info, 'ringer-phone-scrolled');
      await b.page.evaluate(() => window.scrollTo(0, 0));

      // Nimal takes it: every screen stops ringing
      await ringing(a.page, first.orderId).getByRole('button', { name: `Take order #${first.orderId}` }).click();
      await expect(a.page.getByText(`You took order #${first.orderId}`)).toBeVisible();
      for (const page of [a.page, b.page]) {
        await expect(ringer(page)).toHaveCount(0);
        await expectSilent(page);
      }
      await shot(b.page, info, 'ringer-phone-stopped');

      // the Pending page's card says who took it
      await a.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /^Pending/ }).click();
      await expect(card(a.page, first.orderId).getByText(new RegExp(`^Taken by ${nimal.name} at `))).toBeVisible();
      await expect(card(a.page, first.orderId).getByRole('button', { name: /^Take order/ })).toHaveCount(0);

      // a stale screen: Kamala's misses the take of the next order, still offers it, and the server says who was first
      kamalaMissesTakes = true;
      const second = await placeOrder(request, shopper);
      await expect(ringing(b.page, second.orderId)).toBeVisible();
      await expect(ringing(a.page, second.orderId)).toBeVisible();
      await expect(card(a.page, second.orderId).getByRole('button', { name: `Take order #${second.orderId}` })).toBeVisible();
      await shot(a.page, info, 'ringer-pending-untaken');
      await expectAccessible(a.page, info, 'ringer-pending-untaken');
      await card(a.page, second.orderId).getByRole('button', { name: `Take order #${second.orderId}` }).click(); // from the card this time
      await expect(card(a.page, second.orderId).getByText(new RegExp(`^Taken by ${nimal.name} at `))).toBeVisible();
      await expect(ringer(a.page)).toHaveCount(0);
      await expectSilent(a.page);
      await shot(a.page, info, 'ringer-pending-taken');

      await expect(ringing(b.page, second.orderId)).toBeVisible();
      await expectRinging(b.page);
      await ringing(b.page, second.orderId).getByRole('button', { name: `Take order #${second.orderId}` }).click();
      await expect(b.page.getByText(`${nimal.name} already took this order.`)).toBeVisible();
      await expect(ringer(b.page)).toHaveCount(0);
      await expectSilent(b.page);
      await shot(b.page, info, 'ringer-phone-already-taken');
    } finally {
      for (const context of screens) await context.close();
      await counterA.stop();
      await counterB.stop();
    }
  });

  test("in an ordinary browser the sound waits for a click; an order untaken past the shop's time is marked 'Waiting N min'", async ({ browser, request }, info) => {
    test.setTimeout(120_000);
    const sunil = await staffSession(request, `Sunil ${Date.now() % 100_000}`);
    const shopper = await shopperAccount(request);
    const { context, page } = await screenFor(browser, sunil);
    try {
      // An ordinary browser refuses to start sound before the person has used the page (a trusted click or key;
      // navigator.userActivation cannot tell here, since Playwright's own evaluations count as activation).
      await page.addInitScript(() => {
        let used = false;
        for (const type of ['pointerdown', 'keydown']) {
          window.addEventListener(type, (event) => {
            if (event.isTrusted) used = true;
          }, true);
        }
        const play = HTMLMediaElement.prototype.play;
        HTMLMediaElement.prototype.play = function playOnceUsed(this: HTMLMediaElement) {
          if (!used) return Promise.reject(new DOMException("play() failed because the user didn't interact with the document first.", 'NotAllowedError'));
          return play.call(this);
        };
      });
      await page.clock.install();
      const ready = socketConnected(page);
      await page.goto('/dashboard/pending');
      await expect(page.getByRole('heading', { level: 1, name: /^Orders \(\d+\)$/ })).toBeVisible();
      await expect(sound(page)).toBeAttached();
      await ready;

      const order = await placeOrder(request, shopper);
      const row = ringing(page, order.orderId);
      await expect(row).toContainText('Placed just now');
      const turnOn = ringer(page).getByRole('button', { name: 'Turn on sound' });
      await expect(turnOn).toBeVisible();
      expect((await audioState(page)).paused).toBe(true);
      await shot(page, info, 'ringer-sound-blocked');
      await expectAccessible(page, info, 'ringer-sound-blocked');
      await turnOn.click();
      await expect(turnOn).toHaveCount(0);
      await expectRinging(page);

      // TAKE_ALERT_MINUTES is 2 on this server: at 1 min 30 s the order is not overdue yet
      await page.clock.fastForward('01:30');
      await expect(row).toContainText('Placed 1 min ago');
      await expect(row.getByTestId('waiting-mark')).toHaveCount(0);
      await expect(card(page, order.orderId).getByTestId('waiting-mark')).toHaveCount(0);
      await page.clock.fastForward('00:40');
      await expect(row.getByTestId('waiting-mark')).toContainText('Waiting 2 min');
      const mark = card(page, order.orderId).getByTestId('waiting-mark');
      await expect(mark).toContainText('Waiting 2 min');
      // urgent: white on the shop's danger red (6.5:1)
      expect(await mark.evaluate((node) => [getComputedStyle(node).color, getComputedStyle(node).backgroundColor])).toEqual(['rgb(255, 255, 255)', 'rgb(179, 38, 30)']);
      await shot(page, info, 'ringer-waiting');
      await expectAccessible(page, info, 'ringer-waiting');
      // it counts on, minute by minute
      await page.clock.fastForward('01:00');
      await expect(row.getByTestId('waiting-mark')).toContainText('Waiting 3 min');
      await expect(mark).toContainText('Waiting 3 min');
      await expectRinging(page);

      await card(page, order.orderId).getByRole('button', { name: `Take order #${order.orderId}` }).click();
      await expect(page.getByText(`You took order #${order.orderId}`)).toBeVisible();
      await expect(ringer(page)).toHaveCount(0);
      await expectSilent(page);
      await expect(card(page, order.orderId).getByText(new RegExp(`^Taken by ${sunil.name} at `))).toBeVisible();
      await expect(mark).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a shopper downloads none of the ringer, and nothing rings for them', async ({ browser, request }) => {
    const shopper = await shopperAccount(request, 'Quiet Shopper');
    const other = await shopperAccount(request);
    const own = await placeOrder(request, shopper);
    const { context, page, requested } = await screenFor(browser, shopper, { phone: true });
    // every event the shopper's socket is sent, in the order sent (one connection keeps it)
    const events: string[] = [];
    page.on('websocket', (ws) => {
      if (ws.url().includes('/socket.io/')) ws.on('framereceived', (frame) => events.push(String(frame.payload)));
    });
    try {
      const ready = socketConnected(page);
      await page.goto('/');
      await expect(page.getByRole('button', { name: 'Search products' })).toBeVisible();
      await page.goto('/dashboard/myorders');
      await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
      const mine = page.getByRole('article', { name: `Order ${own.orderId}` });
      await expect(mine.locator('.status-badge')).toHaveText('Pending');
      await ready;
      await placeOrder(request, other);
      // then the store moves the shopper's own order: its event comes after anything the other order sent this
      // socket, so once the card shows it, the socket has had all it was going to get of the other order
      const admin = await api.adminSession(request);
      const moved = await api.call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: own._id, order_status: 'Processing' });
      expect(moved.status, moved.body.message).toBe(200);
      await expect(mine.locator('.status-badge')).toHaveText('Processing');
      expect(events.filter((frame) => frame.includes(own.orderId)).length).toBeGreaterThan(0);
      expect(events.filter((frame) => frame.includes('order:new') || frame.includes('order:acknowledged'))).toEqual([]);
      expect(requested.filter((url) => /order-ringer|waiting-mark|chime/.test(url))).toEqual([]);
      await expect(page.locator('audio')).toHaveCount(0);
      await expect(ringer(page)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
});
