import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
// shopper-api imports openUrl from here; both sides use the other's functions only when a test calls them
import { adminSession, newShopper, useSession } from './shopper-api';

const results = process.env.E2E_RESULTS_DIR ? path.resolve(process.env.E2E_RESULTS_DIR) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results');
const screens = path.join(results, 'screens');
mkdirSync(screens, { recursive: true });

export const openUrl = (): string => {
  const url = process.env.KADE_URL;
  if (!url) throw new Error('KADE_URL is not set: run through the e2e config (global-setup starts the server)');
  return url;
};
export const closedUrl = (): string => process.env.KADE_CLOSED_URL ?? '';

/** Saves a screenshot of the screen, named by project and step, to test-results/screens. */
export async function shot(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: path.join(screens, `${info.project.name}-${name}.png`), fullPage: false });
}

/** An axe scan of the page: no serious or critical findings. */
export async function expectAccessible(page: Page, info: TestInfo, name: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  await info.attach(`axe-${name}`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`),
    `axe on ${name}`,
  ).toEqual([]);
}

/**
 * Registers a fresh shopper over the API, logs in, and puts the tokens where the shop keeps them (the test's info,
 * which older callers still pass, is not needed).
 */
export async function loginAsNewShopper(page: Page, request: APIRequestContext, _info?: TestInfo): Promise<{ accessToken: string }> {
  const shopper = await newShopper(request, 'E2E Shopper');
  await useSession(page, shopper);
  return { accessToken: shopper.accessToken };
}

/** Scrolls to the bottom until `done` shows (infinite lists), at most `rounds` times. */
export async function scrollUntil(page: Page, done: () => Promise<boolean>, rounds = 40): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    if (await done()) return;
    await page.mouse.wheel(0, 4000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(250);
  }
  expect(await done()).toBe(true);
}

/**
 * Signs the page in as the seeded admin (adminSession: one login a worker). The page gets only the access token: a
 * refresh token shared by several pages would be rotated by one and then count as reused.
 */
export async function loginAsAdmin(page: Page, request: APIRequestContext): Promise<{ accessToken: string }> {
  const { accessToken } = await adminSession(request);
  await page.addInitScript((access) => {
    if (!window.localStorage.getItem('accesstoken')) window.localStorage.setItem('accesstoken', access);
  }, accessToken);
  return { accessToken };
}

/** Resolves once the page's live socket has connected (Socket.IO's CONNECT answer), so no event sent after it is missed. */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.startsWith('40')) resolve();
      });
    });
  });
}

/** The header's 'Account' control: a link to /user on a phone, a button opening the menu on wider screens. */
export function accountControl(page: Page) {
  return page.getByRole('link', { name: 'Account', exact: true }).or(page.getByRole('button', { name: 'Account', exact: true }));
}
