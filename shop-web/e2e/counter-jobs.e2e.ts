// Inside the counter app (its bridge present, the real counter logic with a loopback TCP printer): receipts held
// after an outage are offered once and resolved on the print-jobs screen, a failing receipt shows why and prints
// when asked; and a counter that is signed out says so on every page, with a banner that cannot be closed, until
// it is signed in again.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { buildReceipt } from '@kade/shared';
import { decodeEscPos, receiptBytes, SIGNED_OUT_TEXT, type PrintJob } from '@kade/desktop/testing';
import { COUNTER_SIGNED_OUT_TEXT } from '../src/features/admin/print/bridge';
import { startCounterWindow, type CounterWindow } from './counter-window';
import { expectAccessible, loginAsAdmin, openUrl, shot } from './helpers';

test.use({ baseURL: process.env.KADE_URL });

const PASSWORD = 'e2e-password-42';

/** A staff account made by the admin over the API (as on the Users page). */
async function staffAccount(request: APIRequestContext, adminToken: string, name: string): Promise<{ _id: string; mobile: string }> {
  const headers = { authorization: `Bearer ${adminToken}` };
  const mobile = `07${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-8)}`;
  const made = await request.post(`${openUrl()}/api/users/create`, { headers, data: { name, mobile, password: PASSWORD } });
  expect(made.status(), await made.text()).toBe(201);
  const { user } = ((await made.json()) as { data: { user: { _id: string } } }).data;
  const role = await request.put(`${openUrl()}/api/users/update-role`, { headers, data: { _id: user._id, role: 'STAFF' } });
  expect(role.status(), await role.text()).toBe(200);
  return { _id: user._id, mobile };
}

/** A job as the counter left it in its queue file when it closed (or the printer went away) long ago. */
async function leftJob(code: string, state: PrintJob['state'], minutesAgo: number): Promise<PrintJob> {
  const at = Date.now() - minutesAgo * 60_000;
  const bytes = await receiptBytes(
    buildReceipt({ orderId: code, createdAt: new Date(at), order_status: 'Pending', products: [{ quantity: 1, product_details: { name: `Rice for ${code}`, unit: '1 kg', price: 250 } }], totalAmt: 250 }, { shopName: 'Kade' }),
  );
  return { id: `job-${code}`, orderId: `order-${code}`, orderCode: code, copy: 1, reprint: false, state, attempts: state === 'sending' ? 1 : 0, lastError: null, createdAt: at, updatedAt: at, nextAttemptAt: at, bytes: Buffer.from(bytes).toString('base64') };
}

test.describe('the counter window', () => {
  let counter: CounterWindow | undefined;
  test.afterEach(async () => {
    await counter?.stop();
    counter = undefined;
  });

  const printedCodes = () => counter!.printer.jobs.map((bytes) => decodeEscPos(bytes).lines[0]);

  test('receipts held by an outage are offered once, then printed or skipped on the print-jobs screen; a failing one says why', async ({ page, request }, info) => {
    // the counter was closed 50 minutes ago with two receipts waiting for a printer that was off, and one halfway out
    const jobs = [await leftJob('HLD234', 'queued', 52), await leftJob('HLD567', 'queued', 51), await leftJob('UNK789', 'sending', 50)];
    counter = await startCounterWindow({
      serverUrl: openUrl(),
      env: { KADE_AUTO_PRINT: 'false' },
      prepare: (dir) => writeFileSync(path.join(dir, 'print-queue.json'), JSON.stringify({ jobs })),
    });
    const { admin } = JSON.parse(readFileSync(path.join(process.env.KADE_DATA_DIR ?? '', 'first-logins.json'), 'utf8')) as { admin: { mobile: string; password: string } };
    expect(await counter.counter.bridge.signIn(admin.mobile, admin.password)).toEqual({ ok: true, data: { connected: true } });
    // the printer is back: the old receipts are not printed by themselves
    await expect.poll(() => counter!.counter.queue.list().map((job) => job.state)).toEqual(['held', 'held', 'unknown']);
    expect(counter.printer.jobs).toHaveLength(0);

    await loginAsAdmin(page, request);
    await counter.expose(page);
    await page.goto('/dashboard/pending');
    const offer = page.getByRole('dialog', { name: 'Receipts held while the printer was away' });
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('3 receipts did not print while the printer was away or the app was closed.');
    for (const code of ['HLD234', 'HLD567', 'UNK789']) await expect(offer.getByRole('listitem').filter({ hasText: `Order #${code}` })).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Print all (3)' })).toBeFocused(); // a modal dialog: the focus is in it
    await shot(page, info, 'counter-held-offer');
    await expectAccessible(page, info, 'counter-held-offer');

    // closed without a choice, it is not offered again on the next page or after a reload: the status line keeps the count
    await page.keyboard.press('Escape');
    await expect(offer).toHaveCount(0);
    const status = page.getByRole('link', { name: /^Printer connected \(3 held\)$/ });
    await expect(status).toBeVisible();
    await page.reload();
    await expect(status).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // the printer status leads to the print-jobs screen: each job with its state, why, and how long ago
    await status.click();
    await expect(page).toHaveURL(/\/dashboard\/print-jobs$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print jobs (3)');
    const row = (code: string) => page.getByRole('listitem', { name: new RegExp(`^Receipt for order #${code}`) });
    await expect(row('HLD234')).toContainText('Held');
    await expect(row('HLD234')).toContainText('Queued while the printer was away: confirm before printing.');
    await expect(row('HLD234')).toContainText('52 min ago');
    await expect(row('UNK789')).toContainText('Unknown');
    await expect(row('UNK789')).toContainText('The app stopped while this was printing');
    await shot(page, info, 'counter-print-jobs');
    await expectAccessible(page, info, 'counter-print-jobs');

    await row('HLD234').getByRole('button', { name: 'Print now: order #HLD234' }).click();
    await expect(page.getByText('1 receipt sent to the printer.')).toBeVisible();
    await expect.poll(printedCodes).toEqual(['#HLD234']);
    await expect(row('HLD234')).toHaveCount(0);
    await row('HLD567').getByRole('button', { name: 'Skip: order #HLD567' }).click();
    await expect(page.getByText('1 receipt skipped.')).toBeVisible();
    await expect(row('HLD567')).toHaveCount(0);
    await page.getByRole('button', { name: 'Print all (1)' }).click();
    await expect.poll(printedCodes).toEqual(['#HLD234', '#UNK789']);
    await expect(page.getByText('Nothing waiting: every receipt has printed.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Print jobs (0)');

    // the printer goes away: a test print fails, and the screen says why and when it tries again; Print now, once
    // the printer is back, prints it without waiting for the retry
    await counter.printer.stop();
    await page.getByRole('button', { name: 'Test print' }).click();
    const failing = row('TEST');
    await expect(failing).toContainText('Failed');
    await expect(failing).toContainText(/is off or unplugged \(\d+ tr(y|ies); (next try in \d+ s|trying again now)\)\./);
    await expect(page.getByRole('link', { name: /^Printer offline \(1 waiting\)$/ })).toBeVisible();
    await shot(page, info, 'counter-print-jobs-failing');
    await counter.printer.start();
    await failing.getByRole('button', { name: /^Print now: order #TEST/ }).click();
    await expect.poll(printedCodes).toEqual(['#HLD234', '#UNK789', '#TEST']);
    await expect(page.getByText('Nothing waiting: every receipt has printed.')).toBeVisible();
    // each printed once: nothing skipped was printed
    expect(printedCodes().filter((code) => code === '#HLD567')).toEqual([]);
  });

  test('a signed-out counter says so on every page, cannot be closed, and is gone once signed in; it comes back when the session is ended', async ({ page, request }, info) => {
    expect(COUNTER_SIGNED_OUT_TEXT).toBe(SIGNED_OUT_TEXT); // the dashboard and the counter say the same words
    counter = await startCounterWindow({ serverUrl: openUrl(), env: { KADE_AUTO_PRINT: 'false' } });
    const { accessToken } = await loginAsAdmin(page, request);
    const clerk = await staffAccount(request, accessToken, `Banner Clerk ${Date.now() % 10_000}`);
    await counter.expose(page);

    // first run: the counter has never been signed in
    await page.goto('/dashboard/pending');
    const banner = page.getByRole('alert').filter({ hasText: SIGNED_OUT_TEXT });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Sign the counter in on its Settings page');
    await expect(banner.getByRole('button')).toHaveText(['Open counter settings']); // the one button: no way to close it
    await shot(page, info, 'counter-signed-out');
    await expectAccessible(page, info, 'counter-signed-out');
    await banner.getByRole('button', { name: 'Open counter settings' }).click();
    expect(counter.settingsOpened()).toBe(1);
    await page.goto('/dashboard/print-jobs');
    await expect(banner).toBeVisible();
    await page.goto('/');
    await expect(banner).toBeVisible();

    // the clerk signs the counter in (on its Settings page): the banner goes by itself
    expect(await counter.counter.bridge.signIn(clerk.mobile, PASSWORD)).toEqual({ ok: true, data: { connected: true } });
    await page.goto('/dashboard/pending');
    await expect(page.getByRole('heading', { level: 1, name: /^Orders \(\d+\)$/ })).toBeVisible();
    await expect(banner).toHaveCount(0);

    // the admin disables the clerk's account: the counter's session ends, and the window says so at once
    const disabled = await request.put(`${openUrl()}/api/users/update-status`, { headers: { authorization: `Bearer ${accessToken}` }, data: { _id: clerk._id, status: 'Disabled' } });
    expect(disabled.status(), await disabled.text()).toBe(200);
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner).toContainText('The sign-in has ended');
    await shot(page, info, 'counter-signed-out-ended');
  });
});
