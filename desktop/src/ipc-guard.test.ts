import { describe, expect, it } from 'vitest';
import { DASHBOARD_BRIDGE_CALLS } from '@kade/shared';
import { IPC, type BridgeApi } from './ipc-channels';
import { BRIDGE_CALLS, callerOf, guardedCall } from './ipc-guard';

const WHERE = { serverOrigin: 'http://192.168.1.10:3000', settingsPageUrl: 'file:///opt/kade/resources/app.asar/dist/settings.html' };
const DASHBOARD = 'http://192.168.1.10:3000/dashboard/pending';
const SETTINGS = 'file:///opt/kade/resources/app.asar/dist/settings.html';

/** A bridge that records what reached it. */
function recordingBridge() {
  const calls: Array<[string, unknown[]]> = [];
  const bridge = Object.fromEntries(
    Object.keys(IPC).map((name) => [name, async (...args: unknown[]) => (calls.push([name, args]), { ok: true, data: name })]),
  ) as unknown as BridgeApi;
  return { bridge, calls };
}

describe('the bridge guard', () => {
  it("lets the dashboard make exactly the calls the shared contract gives it (the rest are the settings page's)", () => {
    const dashboardMay = Object.entries(BRIDGE_CALLS)
      .filter(([, rule]) => (rule.callers as readonly string[]).includes('dashboard'))
      .map(([name]) => name)
      .sort();
    expect(dashboardMay).toEqual([...DASHBOARD_BRIDGE_CALLS].sort());
  });

  it('has a rule for every channel', () => {
    expect(Object.keys(BRIDGE_CALLS).sort()).toEqual(Object.keys(IPC).sort());
  });

  it.each([
    [DASHBOARD, 'dashboard'],
    ['http://192.168.1.10:3000/', 'dashboard'],
    [SETTINGS, 'settings'],
    [`${SETTINGS}?first=1`, 'settings'],
    ['http://192.168.1.10:3001/dashboard', undefined],
    ['https://192.168.1.10:3000/dashboard', undefined],
    ['http://evil.example/', undefined],
    ['http://192.168.1.10:3000.evil.example/', undefined],
    ['file:///tmp/settings.html', undefined],
    ['data:text/html,<script>kadeCounter.printOrder("x")</script>', undefined],
    ['about:blank', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('takes a frame at %s as %s', (url, caller) => {
    expect(callerOf(url, WHERE.serverOrigin, WHERE.settingsPageUrl)).toBe(caller);
  });

  it('lets the dashboard print and take orders by id, but never change settings or sign in', async () => {
    const { bridge, calls } = recordingBridge();
    expect(await guardedCall(bridge, 'printOrder', DASHBOARD, ['7F3Q9X'], WHERE)).toEqual({ ok: true, data: 'printOrder' });
    expect(await guardedCall(bridge, 'acknowledgeOrder', DASHBOARD, ['7F3Q9X'], WHERE)).toEqual({ ok: true, data: 'acknowledgeOrder' });
    for (const [call, args] of [['saveSettings', [{ printer: '/etc/passwd' }]], ['signIn', ['0771234567', 'x-password']], ['getSettings', []]] as const) {
      expect(await guardedCall(bridge, call, DASHBOARD, [...args], WHERE)).toEqual({ ok: false, error: 'This page may not use the counter.' });
    }
    expect(calls.map(([name]) => name)).toEqual(['printOrder', 'acknowledgeOrder']);
  });

  it('lets the dashboard, and only the dashboard, print a day summary for a real day', async () => {
    const { bridge, calls } = recordingBridge();
    expect(await guardedCall(bridge, 'printDaySummary', DASHBOARD, ['2026-11-22'], WHERE)).toEqual({ ok: true, data: 'printDaySummary' });
    expect(await guardedCall(bridge, 'printDaySummary', SETTINGS, ['2026-11-22'], WHERE)).toEqual({ ok: false, error: 'This page may not use the counter.' });
    expect(await guardedCall(bridge, 'printDaySummary', 'http://evil.example/', ['2026-11-22'], WHERE)).toEqual({ ok: false, error: 'This page may not use the counter.' });
    expect(calls).toEqual([['printDaySummary', ['2026-11-22']]]);
  });

  it("lets only the dashboard print a hand-in slip, named by its day, rider and hand-in", async () => {
    const { bridge, calls } = recordingBridge();
    const slip = { day: '2026-11-22', riderId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a', handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b' };
    expect(await guardedCall(bridge, 'printHandInSlip', DASHBOARD, [slip], WHERE)).toEqual({ ok: true, data: 'printHandInSlip' });
    expect(await guardedCall(bridge, 'printHandInSlip', SETTINGS, [slip], WHERE)).toEqual({ ok: false, error: 'This page may not use the counter.' });
    expect(calls).toEqual([['printHandInSlip', [slip]]]);
  });

  it('lets the settings page change settings and sign in, and nothing print an order', async () => {
    const { bridge, calls } = recordingBridge();
    expect((await guardedCall(bridge, 'saveSettings', SETTINGS, [{ copies: 2 }], WHERE)).ok).toBe(true);
    expect((await guardedCall(bridge, 'signIn', SETTINGS, ['0771234567', 'a-password'], WHERE)).ok).toBe(true);
    expect((await guardedCall(bridge, 'printOrder', SETTINGS, ['7F3Q9X'], WHERE)).ok).toBe(false);
    expect(calls.map(([name]) => name)).toEqual(['saveSettings', 'signIn']);
  });

  it.each([
    ['printOrder', [{ _id: 'x', orderId: 'X', products: [{ product_details: { name: '\u001bp0' } }] }]],
    ['printOrder', []],
    ['printOrder', ['7F3Q9X', 'extra']],
    ['printOrder', ['../../etc']],
    ['printOrder', ['x'.repeat(65)]],
    ['acknowledgeOrder', [42]],
    ['resolveJobs', [['a'], 'burn']],
    ['resolveJobs', ['a', 'print']],
    ['printerStatus', ['unexpected']],
    ['printDaySummary', []],
    ['printDaySummary', ['2026-02-30']],
    ['printDaySummary', ['2026-11-22&day=2026-11-23']],
    ['printDaySummary', ['../report']],
    ['printDaySummary', [{ day: '2026-11-22' }]],
    ['printHandInSlip', []],
    ['printHandInSlip', ['2026-11-22']],
    ['printHandInSlip', [{ day: '2026-11-22', riderId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a' }]],
    ['printHandInSlip', [{ day: '2026-02-30', riderId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a', handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b' }]],
    ['printHandInSlip', [{ day: '2026-11-22', riderId: '../users', handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b' }]],
    ['printHandInSlip', [{ day: '2026-11-22', riderId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a', handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b', text: 'Paid Rs.1,000,000' }]],
  ])('refuses %s with the arguments %j, and runs nothing', async (call, args) => {
    const { bridge, calls } = recordingBridge();
    const answer = await guardedCall(bridge, call, DASHBOARD, args, WHERE);
    expect(answer.ok).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses settings that are not settings, and calls that do not exist', async () => {
    const { bridge, calls } = recordingBridge();
    expect((await guardedCall(bridge, 'saveSettings', SETTINGS, [{ printer: 'lp0; rm -rf /' }], WHERE)).ok).toBe(false);
    expect((await guardedCall(bridge, 'saveSettings', SETTINGS, [{ sneaky: true }], WHERE)).ok).toBe(false);
    expect(await guardedCall(bridge, '__proto__', DASHBOARD, [], WHERE)).toEqual({ ok: false, error: 'There is no counter call __proto__.' });
    expect(await guardedCall(bridge, 'constructor', DASHBOARD, [], WHERE)).toEqual({ ok: false, error: 'There is no counter call constructor.' });
    expect(calls).toEqual([]);
  });
});
