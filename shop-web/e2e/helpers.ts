import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { Language } from '@kade/shared';
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

/**
 * A test of a file that runs on both projects whose walk does not change with the width (no layout, no control that
 * differs between a phone and a desk): tagged so the desktop project leaves it out (playwright.config.ts grepInvert)
 * and it runs once, on the phone.
 */
export const ONE_WIDTH = { tag: '@one-width' } as const;

/** The two widths issue 36's quality bar names: a 360 px phone and a 1280 px desktop. */
export const PHONE_360 = { width: 360, height: 780 } as const;
export const DESKTOP_1280 = { width: 1280, height: 800 } as const;

/**
 * Runs `check` at 360 px and then at 1280 px, saving a screenshot `${name}-360` and `${name}-1280` after each, and
 * puts the page back to the width it had (issue 36: every item checked at both widths, with screenshots saved).
 */
export async function atBothWidths(page: Page, info: TestInfo, name: string, check: (width: 360 | 1280) => Promise<void>): Promise<void> {
  const before = page.viewportSize();
  for (const size of [PHONE_360, DESKTOP_1280]) {
    await page.setViewportSize(size);
    await check(size.width);
    await shot(page, info, `${name}-${size.width}`);
  }
  if (before) await page.setViewportSize(before);
}

/** axe's impacts, least first. */
const IMPACTS = ['minor', 'moderate', 'serious', 'critical'] as const;

/**
 * An axe scan of the page: no finding of impact `minimum` or above (serious unless told; issue 36's sweep asks
 * for moderate, so nothing above minor).
 */
export async function expectAccessible(page: Page, info: TestInfo, name: string, { minimum = 'serious' }: { minimum?: (typeof IMPACTS)[number] } = {}): Promise<void> {
  // A toast fading in or out is drawn half transparent, which axe reads as low contrast: scan once the page's
  // finite animations have ended (the loading shimmer runs for ever and is not waited for).
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5000 })
    .catch(() => undefined);
  // axe.run in the page itself (legacy mode: the shop has no frames, so the same rules see the same nodes) and only the
  // violations' nodes collected: the default runs a partial scan, then opens a blank page, loads axe into it again
  // and sends it every passing node to finish there, which made a scan of the home page take 38 to 57 s on a loaded
  // 2-core machine instead of 6 to 8 s, with the same violations found.
  // A toast can also start fading out while the scan runs (its time is up): for the scan, every animation and
  // transition ends at once where it was going (a toast coming in is drawn whole, one going out is gone).
  const still = await page.addStyleTag({ content: '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }' });
  let results;
  try {
    results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
  } finally {
    await still.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
  const bad = results.violations.filter((v) => IMPACTS.indexOf(v.impact ?? 'minor') >= IMPACTS.indexOf(minimum));
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

/**
 * A clerk opens an order's packing page from the Processing list as a person does: taps 'Pack order #…', and taps
 * again if the page did not open. The list is live: other workers' orders come and go above the card, and the
 * new-order bar changes at the bottom of a phone, so a tap can land as the card moves (stop 42's run once).
 */
export async function openPackingFromList(page: Page, orderId: string): Promise<void> {
  const link = page.getByRole('link', { name: `Pack order #${orderId}` });
  await expect(async () => {
    if (!/\/dashboard\/pack\//.test(page.url())) await link.click({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/dashboard\/pack\//, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}

/**
 * Scrolls to the bottom until `done` shows (infinite lists): scrolled again at each of expect.poll's tries, within its
 * time, not a fixed count of fixed pauses (a loaded machine loads the next page later, not never).
 */
export async function scrollUntil(page: Page, done: () => Promise<boolean>): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.mouse.wheel(0, 4000);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        return done();
      },
      // a try every quarter second: a long list takes a scroll per page
      { message: 'the list to load as it is scrolled', timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
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

type Tree = { [key: string]: string | Tree };
const catalogue = (language: Language): Tree =>
  JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'locales', language, 'shop.json'), 'utf8')) as Tree;

/** A catalogue's words by key ('checkout.title'), with {{values}} put in. */
export function wordsOf(language: Language) {
  const tree = catalogue(language);
  return (key: string, values: Record<string, string | number> = {}): string => {
    const text = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
    if (typeof text !== 'string') throw new Error(`no ${key} in the ${language} catalogue`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
