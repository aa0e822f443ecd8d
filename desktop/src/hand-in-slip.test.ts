// 'Print slip' on a rider's hand-in as a clerk uses it (issue 20), against the real server and a recording TCP
// printer: an admin makes a rider on the Users page's calls, the rider delivers an order and hands the cash in,
// and the counter loads the day's report with its own session and prints the slip with the rider's day on it.
// A page names only the hand-in, never the text; a hand-in that is not in the report prints nothing.
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRs, formatReportDay, localDay, rupeesToPaise, type RiderCashRow } from '@kade/shared';
import { SIGNED_OUT_TEXT, type Counter } from './counter';
import { ServerApi } from './dispatcher/server-api';
import { decodeEscPos } from './printer/escpos-text';
import type { RecordingPrinter } from './printer/recording-printer';
import { startCounterRig, type CounterRig } from './testing/counter-rig';
import { ADMIN, eventually, shopper, staffAccount, STAFF_PASSWORD } from './testing/live-server';

const RIDER_PASSWORD = 'rider-pass-77';

describe("the counter prints a rider's hand-in slip", () => {
  let rig: CounterRig;
  let server: { url: string; process: ChildProcess };
  let printer: RecordingPrinter;
  let counter: Counter;

  beforeAll(async () => {
    rig = await startCounterRig('kade-hand-in-');
    ({ server, printer, counter } = rig);
  }, 240_000);

  afterAll(async () => {
    await rig?.stop();
  });

  it('prints nothing while signed out', async () => {
    const slip = { day: '2026-11-22', riderId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6a', handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b' };
    expect(await counter.bridge.printHandInSlip(slip)).toEqual({ ok: false, error: SIGNED_OUT_TEXT });
    expect(printer.jobs).toHaveLength(0);
  });

  it('prints the amount, who received it and the rider\'s collected, handed-in and outstanding cash', async () => {
    const clerkMobile = await staffAccount(server.url, 'Slip Clerk');
    expect((await counter.bridge.signIn(clerkMobile, STAFF_PASSWORD)).ok).toBe(true);
    const clerk = new ServerApi(server.url, undefined);
    await clerk.login(clerkMobile, STAFF_PASSWORD);

    // an admin makes the rider account as the Users page does
    const admin = new ServerApi(server.url, undefined);
    await admin.login(ADMIN.mobile, ADMIN.password);
    const riderMobile = `07${String(Date.now() + 7).slice(-8)}`;
    const made = await admin.request<{ user: { _id: string } }>('POST', '/api/users/create', { name: 'Ruwan Jayasuriya', mobile: riderMobile, password: RIDER_PASSWORD });
    await admin.request('PUT', '/api/users/update-role', { _id: made.user._id, role: 'RIDER' });
    const rider = new ServerApi(server.url, undefined);
    await rider.login(riderMobile, RIDER_PASSWORD);

    const order = await (await shopper(server.url)).order();
    await clerk.request('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' });
    await clerk.request('PUT', '/api/orders/assign', { orderId: order._id, riderId: made.user._id });
    await rider.request('PUT', '/api/orders/pickup', { orderId: order._id });
    await rider.request('PUT', '/api/orders/deliver', { orderId: order._id, cashCollected: order.totalAmt });
    const row = await clerk.request<RiderCashRow>('POST', '/api/cash/hand-ins', { riderId: made.user._id, amount: 100, note: 'first bag' });
    const handIn = row.handIns[0]!;

    const config = (await (await fetch(`${server.url}/api/shop/config`)).json()) as { data: { name: string; timeZone: string } };
    const day = localDay(new Date(), config.data.timeZone);
    const answer = await counter.bridge.printHandInSlip({ day, riderId: made.user._id, handInId: handIn.id });
    expect(answer).toMatchObject({ ok: true, data: { orderCode: 'HAND-IN Ruwan Jayasuriya' } });
    await eventually(() => printer.jobs.length === 1);
    const printed = decodeEscPos(printer.jobs[0]!);
    const lines = printed.lines.map((line) => line.replace(/\s+/g, ' ').trim());
    const collected = rupeesToPaise(order.totalAmt);
    expect(lines[0]).toBe('HAND-IN Rs.100.00');
    expect(lines).toEqual(expect.arrayContaining([
      config.data.name,
      'CASH HAND-IN',
      'Rider Ruwan Jayasuriya',
      'Received by Slip Clerk',
      'Note: first bag',
      'AMOUNT HANDED IN Rs.100.00',
      `THE RIDER'S DAY (${formatReportDay(day)})`,
      'Brought forward Rs.0.00',
      `Collected ${formatRs(collected)}`,
      'Handed in Rs.100.00',
      `Outstanding ${formatRs(collected - 10_000)}`,
    ]));
    expect(printed.cuts).toBeGreaterThan(0);

    // a hand-in that is not in that day's report prints nothing and says so
    const other = await counter.bridge.printHandInSlip({ day, riderId: made.user._id, handInId: '7f1d1b7e-4a5c-4a8e-9a59-2b1f3e4d5c6b' });
    expect(other).toEqual({ ok: false, error: "That hand-in is not in this day's report." });
    expect(printer.jobs).toHaveLength(1);
  });
});
