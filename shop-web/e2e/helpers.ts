import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

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

let counter = 0;

/** Registers a fresh shopper over the API, logs in, and puts the tokens where the shop keeps them. */
export async function loginAsNewShopper(page: Page, request: APIRequestContext, info: TestInfo): Promise<{ accessToken: string }> {
  counter += 1;
  const mobile = `07${String(Date.now() % 1_000_000).padStart(6, '0')}${String((info.workerIndex * 7 + counter) % 100).padStart(2, '0')}`;
  const password = 'e2e-password-42';
  const register = await request.post(`${openUrl()}/api/user/register`, { data: { name: 'E2E Shopper', mobile, password, confirmPassword: password } });
  expect(register.status(), await register.text()).toBe(201);
  const login = await request.post(`${openUrl()}/api/user/login`, { data: { mobile, password } });
  expect(login.status()).toBe(200);
  const { data } = (await login.json()) as { data: { accesstoken: string; refreshToken: string } };
  await page.addInitScript(
    ([access, refresh]) => {
      if (!window.localStorage.getItem('accesstoken')) {
        window.localStorage.setItem('accesstoken', access);
        window.localStorage.setItem('refreshToken', refresh);
      }
    },
    [data.accesstoken, data.refreshToken] as const,
  );
  return { accessToken: data.accesstoken };
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

/** Logs in as the seeded admin (first-logins.json of the test data folder) and keeps the tokens like the shop does. */
/** The seeded admin's session, one login per test worker (the server allows 10 logins a number in 15 minutes). */
let adminSession: { accessToken: string; at: number } | undefined;
/** Access tokens live 15 minutes; a cached one is used for at most 10. */
const ADMIN_SESSION_REUSE_MS = 10 * 60_000;

/**
 * Signs the page in as the seeded admin (logins in `$KADE_DATA_DIR/first-logins.json`). The page gets only the
 * access token: a refresh token shared by several pages would be rotated by one and then count as reused.
 */
export async function loginAsAdmin(page: Page, request: APIRequestContext): Promise<{ accessToken: string }> {
  if (!adminSession || Date.now() - adminSession.at > ADMIN_SESSION_REUSE_MS) {
    const dataDir = process.env.KADE_DATA_DIR;
    if (!dataDir) throw new Error('KADE_DATA_DIR is not set: run through the e2e config (global-setup seeds it)');
    const { admin } = JSON.parse(readFileSync(path.join(dataDir, 'first-logins.json'), 'utf8')) as { admin: { mobile: string; password: string } };
    const login = await request.post(`${openUrl()}/api/user/login`, { data: { mobile: admin.mobile, password: admin.password } });
    expect(login.status(), await login.text()).toBe(200);
    const { data } = (await login.json()) as { data: { accesstoken: string } };
    adminSession = { accessToken: data.accesstoken, at: Date.now() };
  }
  const { accessToken } = adminSession;
  await page.addInitScript((access) => {
    if (!window.localStorage.getItem('accesstoken')) window.localStorage.setItem('accesstoken', access);
  }, accessToken);
  return { accessToken };
}

/** The header's 'Account' control: a link to /user on a phone, a button opening the menu on wider screens. */
export function accountControl(page: Page) {
  return page.getByRole('link', { name: 'Account', exact: true }).or(page.getByRole('button', { name: 'Account', exact: true }));
}
