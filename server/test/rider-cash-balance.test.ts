// What each rider holds is a running balance the database keeps (rider_cash, migration 20261201090000): every way
// a cash amount or a hand-in is written, changed, voided (20261202090000) or removed moves it, one rider's deliveries at once included, so it
// always equals the sums of the history; and the day report takes what a rider held when the day began from it
// instead of summing every order the shop delivered before that day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesToPaise, type RiderCashRow } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { DB_KINDS, insertProduct, quickAccount, sessionAuth, startTestServer, type TestServer } from './helpers';
import { deliverAs, orderForRider, placeOrder, riderCashRow } from './socket-helpers';

const DAY1 = '2026-11-24';
const DAY2 = '2026-11-25';
/** A time on a day's shop clock (Asia/Colombo, +05:30). */
const at = (time: string, day: string) => new Date(`${day}T${time}:00+05:30`);

describe.each(DB_KINDS)("a rider's running cash balance on %s", (kind) => {
  const clock = fixedClock(at('10:00', DAY1));
  let server: TestServer;
  let product: string;
  let staffId = '';
  const riders = { a: '', b: '' };
  const knex = () => server.db.knex;

  /** Each rider's balance as the database keeps it, and as the whole history sums it (riders at 0 left out). */
  async function balances(): Promise<{ kept: Record<string, number>; history: Record<string, number> }> {
    const kept = (await knex()('rider_cash').where('held_paise', '<>', 0).select('rider_id', knex().raw('held_paise::int as paise'))) as Array<{ rider_id: string; paise: number }>;
    const history = (await knex()
      .from(
        knex()
          .from('orders')
          .whereNotNull('rider_id')
          .whereNotNull('cash_collected_paise')
          .whereNotNull('cash_collected_at')
          .select('rider_id', 'cash_collected_paise as paise')
          .unionAll(knex().from('cash_hand_ins').whereNull('voided_at').select('rider_id', knex().raw('-amount_paise as paise')))
          .as('t'),
      )
      .groupBy('rider_id')
      .havingRaw('sum(paise) <> 0')
      .select('rider_id', knex().raw('sum(paise)::int as paise'))) as Array<{ rider_id: string; paise: number }>;
    const byRider = (rows: Array<{ rider_id: string; paise: number }>) => Object.fromEntries(rows.map((r) => [r.rider_id, r.paise]));
    return { kept: byRider(kept), history: byRider(history) };
  }
  /** The balance kept agrees with the history, and is what the test expects. */
  async function expectHeld(expected: Record<string, number>) {
    const { kept, history } = await balances();
    expect(kept).toEqual(history);
    expect(kept).toEqual(expected);
  }

  const newOrder = async () => (await placeOrder(server, product)).order._id;
  const totalOf = async (orderId: string) => Number((await knex()('orders').where({ id: orderId }).first('total_paise')).total_paise);
  const riderRow = (day: string, riderId: string) => riderCashRow(server, staffId, day, riderId);

  beforeAll(async () => {
    server = await startTestServer(kind, { clock, env: { SHOP_HOURS: '00:00-23:59', FRESH_HOURS: '00:00-23:59', TIME_ZONE: 'Asia/Colombo' } });
    product = await insertProduct(server, { name: 'Coconut Oil 1L', price: 990, stock: 200 });
    staffId = (await quickAccount(server, { role: 'STAFF', name: 'Till Clerk' })).id;
    riders.a = (await quickAccount(server, { role: 'RIDER', name: 'Rider A' })).id;
    riders.b = (await quickAccount(server, { role: 'RIDER', name: 'Rider B' })).id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('moves with every write of cash or a hand-in, through the API and in SQL, and equals the history each time', async () => {
    const { a, b } = riders;
    await expectHeld({});

    // a rider delivers with the total (the API's own path)
    const { orderId: first } = await orderForRider(server, product, staffId, a);
    const total = await totalOf(first);
    expect((await deliverAs(server, a, first, total / 100)).status).toBe(200);
    await expectHeld({ [a]: total });

    // corrections made in SQL: another amount, the order put on the other rider, its time taken off and put back
    await knex()('orders').where({ id: first }).update({ cash_collected_paise: 50_000 });
    await expectHeld({ [a]: 50_000 });
    await knex()('orders').where({ id: first }).update({ rider_id: b });
    await expectHeld({ [b]: 50_000 });
    await knex()('orders').where({ id: first }).update({ cash_collected_at: null });
    await expectHeld({});
    await knex()('orders').where({ id: first }).update({ cash_collected_at: clock.now() });
    await expectHeld({ [b]: 50_000 });

    // staff deliver a cash order without a rider (nobody holds it); given a rider afterwards, that rider does
    const second = await newOrder();
    const staff = await sessionAuth(server, { id: staffId, role: 'STAFF' });
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: second, order_status: 'Processing' }, staff)).status).toBe(200);
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: second, order_status: 'Shipped' }, staff)).status).toBe(200);
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: second, order_status: 'Delivered' }, staff)).status).toBe(200);
    await expectHeld({ [b]: 50_000 });
    const secondTotal = await totalOf(second);
    await knex()('orders').where({ id: second }).update({ rider_id: a });
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });

    // hand-ins: taken through the API, changed and removed in SQL
    const handed = await server.api<{ data: RiderCashRow }>('POST', '/api/cash/hand-ins', { riderId: b, amount: 300 }, staff);
    expect(handed.status).toBe(201);
    expect(handed.body.data.outstanding).toBe(200);
    await expectHeld({ [a]: secondTotal, [b]: 20_000 });
    const [slip] = (await knex()('cash_hand_ins').where({ rider_id: b }).select('id')) as Array<{ id: string }>;
    await knex()('cash_hand_ins').where({ id: slip!.id }).update({ amount_paise: 10_000 });
    await expectHeld({ [a]: secondTotal, [b]: 40_000 });
    await knex()('cash_hand_ins').where({ id: slip!.id }).update({ rider_id: a });
    await expectHeld({ [a]: secondTotal - 10_000, [b]: 50_000 });
    await knex()('cash_hand_ins').where({ id: slip!.id }).del();
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });

    // a hand-in voided through the API gives its amount back; taken back in SQL (the void undone), it counts again;
    // a voided one changed or removed moves nothing
    expect((await server.api('POST', '/api/cash/hand-ins', { riderId: b, amount: 200 }, staff)).status).toBe(201);
    await expectHeld({ [a]: secondTotal, [b]: 30_000 });
    const [mistake] = (await knex()('cash_hand_ins').where({ rider_id: b }).select('id')) as Array<{ id: string }>;
    expect((await server.api('POST', '/api/cash/hand-ins/void', { handInId: mistake!.id, reason: 'Typed for the wrong rider' }, staff)).status).toBe(200);
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });
    await knex()('cash_hand_ins').where({ id: mistake!.id }).update({ voided_at: null, voided_by: null, void_reason: null });
    await expectHeld({ [a]: secondTotal, [b]: 30_000 });
    await knex()('cash_hand_ins').where({ id: mistake!.id }).update({ voided_at: clock.now(), void_reason: 'Typed for the wrong rider' });
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });
    await knex()('cash_hand_ins').where({ id: mistake!.id }).update({ amount_paise: 1_000, rider_id: a });
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });
    await knex()('cash_hand_ins').where({ id: mistake!.id }).del();
    await expectHeld({ [a]: secondTotal, [b]: 50_000 });

    // an order removed takes its cash with it
    await knex()('order_events').where({ order_id: second }).del();
    await knex()('order_lines').where({ order_id: second }).del();
    await knex()('orders').where({ id: second }).del();
    await expectHeld({ [b]: 50_000 });
  });

  it("adds one rider's deliveries sent at once, each in its own request, without losing one", async () => {
    const { a } = riders;
    const before = (await balances()).kept;
    const ready = [];
    for (let i = 0; i < 8; i += 1) ready.push(await orderForRider(server, product, staffId, a));
    const answers = await Promise.all(ready.map(({ orderId, total }) => deliverAs(server, a, orderId, total)));
    expect(answers.map((answer) => answer.status)).toEqual(ready.map(() => 200));
    const delivered = ready.reduce((sum, { total }) => sum + rupeesToPaise(total), 0);
    await expectHeld({ ...before, [a]: (before[a] ?? 0) + delivered });
  });

  it('gives the day report what a rider held when the day began from the balance, never from the orders before it', async () => {
    const { b } = riders;
    const held = (await balances()).kept[b]!;
    clock.set(at('09:00', DAY2));
    expect(await riderRow(DAY2, b)).toMatchObject({ broughtForward: held / 100, collected: 0, outstanding: held / 100 });
    // The previous day reads as it closed: nothing brought into it, its own collections less hand-ins.
    expect(await riderRow(DAY1, b)).toMatchObject({ broughtForward: 0, outstanding: held / 100 });

    // A cash order of the first day written with the balance's triggers off: the history has it, the balance not.
    // The report of the first day counts it among that day's collections (it reads the day's own rows); the next
    // day's brought forward is the balance as kept (summing every earlier order would have found Rs.77 more).
    const dayOne = (await riderRow(DAY1, b))!;
    const stray = await newOrder();
    await knex().raw('alter table orders disable trigger orders_rider_cash_update');
    try {
      await knex()('orders').where({ id: stray }).update({ rider_id: b, cash_collected_paise: 7_700, cash_collected_at: at('12:00', DAY1), status: 'Delivered' });
    } finally {
      await knex().raw('alter table orders enable trigger orders_rider_cash_update');
    }
    const { kept, history } = await balances();
    expect(history[b]).toBe(held + 7_700);
    expect(kept[b]).toBe(held);
    expect(await riderRow(DAY1, b)).toMatchObject({ collected: dayOne.collected + 77 });
    expect(await riderRow(DAY2, b)).toMatchObject({ broughtForward: held / 100, outstanding: held / 100 });
  });
});
