// Substitutes for short lines (issue 33, items 4 and 5), over real HTTP and sockets on each database: staff propose
// one, the shop keeps it at once or asks the shopper with a countdown on the server's clock, the shopper alone
// answers, the countdown and the order leaving packing settle what is left, and the stock and the money follow:
// the substitute's stock taken once and given back once, a dearer price never charged without the shopper's tap,
// and the cash the rider is asked for is the revised total.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals, paiseToRupees, reviseTotals, SOCKET_EVENTS, type TotalsLine } from '@kade/shared';
import { fixedClock } from '../src/clock';
import { createTestDatabase, DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, stockOf, type TestServer } from './helpers';
import { connected, nextWhere, open } from './socket-helpers';

const OPTION = '50 Minutes to 1 Hour';
const INSIDE = { latitude: 6.879, longitude: 79.862 };
const MINUTE = 60_000;

interface Proposal {
  _id: string;
  productId: string | null;
  substituteId: string | null;
  name: string;
  price: number;
  chargedPrice: number;
  quantity: number;
  status: string;
  expiresAt: string;
}
interface Order {
  _id: string;
  orderId: string;
  order_status: string;
  revision: number;
  totalAmt: number;
  originalTotalAmt: number;
  products: Array<{ productId: string; quantity: number; found: number | null }>;
  proposals: Proposal[];
}
interface Answer<T> {
  data: T;
  code?: string;
  field?: string;
  message: string;
}
interface Substitute {
  _id: string;
  name: string;
  price: number;
  stock: number;
  shelf: string | null;
  barcode: string | null;
  image: string[];
}


describe.each(DB_KINDS)('substitutes for short lines on %s', (kind) => {
  let server: TestServer;
  /** A second server on its own database sweeping by itself, often, on the same clock. */
  let swept: TestServer;
  const clock = fixedClock(new Date());
  const sockets: Socket[] = [];
  let shelfCount = 0;

  beforeAll(async () => {
    // the tests sweep it themselves (settleSubstitutions), so a race is theirs to set up
    server = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' } });
    swept = await startTestServer(kind, { clock, env: { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' }, settleEveryMs: 50 });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
    await swept?.stop();
  });

  /** A shelf of its own for each test, so suggestions never mix tests. */
  const newShelf = () => `Dairy Shelf ${kind} ${++shelfCount}`;

  /**
   * An order of 2 milk (Rs.320) and 2 bread (Rs.180), the bread's choice as given (SIMILAR unless said), taken by
   * a member of staff and packed with no milk found (and bread as given): the milk line is short by 2.
   */
  async function shortOrder(options: { bread?: string; breadFound?: number; milkChoice?: string } = {}, on: TestServer = server) {
    const shelf = newShelf();
    // on the shelf every product is on too, as the shop's own products are ('All Products')
    const milk = await insertProduct(on, { name: 'Fresh Milk 1L', price: 320, stock: 20, subCategories: [shelf, 'All Products'] });
    const bread = await insertProduct(on, { name: 'Sandwich Bread', price: 180, stock: 20, subCategories: [`${shelf} bread`] });
    const who = await quickAccount(on);
    const staff = await quickAccount(on, { role: 'STAFF', name: 'Packer One' });
    const address = await on.api<{ data: { _id: string } }>('POST', '/api/address/create', { address_line: 'Home', city: '1 Lane', state: 'Temple', pincode: '0771231234', mobile: 'Home', ...INSIDE }, who.auth);
    for (const id of [milk, bread]) {
      await on.api('POST', '/api/cart/create', { productId: id }, who.auth);
      const line = (await on.db.knex('cart_items').where({ user_id: who.id, product_id: id }).first('id')) as { id: string };
      await on.api('PUT', '/api/cart/update-qty', { _id: line.id, qty: 2 }, who.auth);
    }
    const placedLines: TotalsLine[] = [{ pricePaise: 32000, discount: 0, quantity: 2 }, { pricePaise: 18000, discount: 0, quantity: 2 }];
    const placedTotals = computeTotals(placedLines, OPTION);
    const placed = await on.api<Answer<Order>>('POST', '/api/order/cash-on-delivery', {
      list_items: [
        { productId: milk, quantity: 2, ...(options.milkChoice ? { substitution: options.milkChoice } : {}) },
        { productId: bread, quantity: 2, ...(options.bread ? { substitution: options.bread } : {}) },
      ],
      addressId: address.body.data._id,
      subTotalAmt: paiseToRupees(placedTotals.subtotalPaise),
      totalAmt: paiseToRupees(placedTotals.grandTotalPaise),
      location: 'Location not available',
      Choose: OPTION,
    }, who.auth);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body.data;
    expect((await on.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth)).status).toBe(200);
    const packed = await on.api<Answer<Order>>('PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: milk, found: 0 }, { productId: bread, found: options.breadFound ?? 2 }] }, staff.auth);
    expect(packed.status, JSON.stringify(packed.body)).toBe(200);
    /** The total the shared rules give for what the order sends now (the checkout's promise kept). */
    const totalFor = (sent: TotalsLine[]) =>
      paiseToRupees(reviseTotals(sent, { optionLabel: OPTION, basketDiscountRate: placedTotals.basketDiscountRate, deliveryFeePaise: placedTotals.deliveryFeePaise }).grandTotalPaise);
    return { order, packed: packed.body.data, milk, bread, who, staff, shelf, totalFor };
  }

  const propose = (auth: Record<string, string>, body: Record<string, unknown>, on: TestServer = server) => on.api<Answer<{ proposal: Proposal; order: Order }>>('POST', '/api/orders/substitutions', body, auth);
  const answer = (auth: Record<string, string>, body: Record<string, unknown>) => server.api<Answer<Order>>('PUT', '/api/orders/substitutions/answer', body, auth);
  const proposalRow = (id: string) => server.db.knex('order_proposals').where({ id }).first('status', 'charge_paise', 'unit_price_paise', 'answered_by');
  const shopperSocket = async (who: { accessToken: string }, on: TestServer = server) => {
    const socket = open(on.url, who.accessToken);
    sockets.push(socket);
    await connected(socket);
    return socket;
  };

  it('suggests in-stock products of the same sub-category (never by the All Products shelf alone) that are sold now, nearest in price first; staff only', async () => {
    const { order, milk, who, shelf } = await shortOrder();
    const near = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 5, subCategories: [shelf] });
    const dearer = await insertProduct(server, { name: 'Pelwatte Milk 1L', price: 350, stock: 5, subCategories: [shelf] });
    const far = await insertProduct(server, { name: 'Organic Milk 1L', price: 900, stock: 5, subCategories: [shelf] });
    await insertProduct(server, { name: 'Gone Milk 1L', price: 310, stock: 0, subCategories: [shelf] });
    await insertProduct(server, { name: 'Hidden Milk 1L', price: 320, stock: 5, subCategories: [shelf], publish: false });
    await insertProduct(server, { name: 'Milk Elsewhere 1L', price: 320, stock: 5, subCategories: [`${shelf} other`] });
    // sharing only the shelf every product is on says nothing of likeness
    await insertProduct(server, { name: 'Baby Soap', price: 320, stock: 5, subCategories: [`${shelf} soap`, 'All Products'] });
    const barcode = `479${String(Date.now()).slice(-9)}${shelfCount % 10}`; // 13 digits, unique to this run
    await server.db.knex('products').where({ id: dearer }).update({ barcode });
    const res = await server.api<Answer<Substitute[]>>('GET', `/api/orders/substitutes?orderId=${order._id}&productId=${milk}`, undefined, (await quickAccount(server, { role: 'STAFF' })).auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((s) => [s._id, s.price, s.stock, s.barcode])).toEqual([
      [near, 300, 5, null],
      [dearer, 350, 5, barcode],
      [far, 900, 5, null],
    ]);
    const staff = (await quickAccount(server, { role: 'STAFF' })).auth;
    const notIn = await server.api<Answer<null>>('GET', `/api/orders/substitutes?orderId=${order._id}&productId=${near}`, undefined, staff);
    expect([notIn.status, notIn.body.code, notIn.body.field]).toEqual([400, 'NOT_IN_ORDER', 'productId']);
    expect((await server.api('GET', `/api/orders/substitutes?orderId=00000000-0000-4000-8000-000000000000&productId=${milk}`, undefined, staff)).status).toBe(404);
    expect((await server.api('GET', `/api/orders/substitutes?orderId=${order._id}&productId=${milk}`, undefined, who.auth)).status).toBe(403);
    const hostile = await server.api<Answer<null>>('GET', `/api/orders/substitutes?orderId=${order._id}%00&productId=${milk}`, undefined, staff);
    expect([hostile.status, hostile.body.field]).toEqual([400, 'orderId']);
  });

  it('keeps a substitute that is not dearer at once under SIMILAR: its stock taken, the order revised at its price, the shopper told', async () => {
    const { order, packed, milk, who, staff, totalFor } = await shortOrder();
    const kotmale = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 5 });
    const socket = await shopperSocket(who);
    const heard = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.length > 0);
    const res = await propose(staff.auth, { orderId: order.orderId, productId: milk, substituteId: kotmale, quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { proposal, order: revised } = res.body.data;
    expect(proposal).toMatchObject({ productId: milk, substituteId: kotmale, name: 'Kotmale Milk 1L', price: 300, chargedPrice: 300, quantity: 2, status: 'AUTO_ACCEPTED' });
    const expected = totalFor([{ pricePaise: 18000, discount: 0, quantity: 2 }, { pricePaise: 30000, discount: 0, quantity: 2 }]);
    expect(revised).toMatchObject({ revision: packed.revision + 1, totalAmt: expected, originalTotalAmt: order.totalAmt });
    expect(await stockOf(server, kotmale)).toBe(3);
    const event = (await heard).order;
    expect(event.totalAmt).toBe(expected);
    expect(event.proposals.map((p) => p.status)).toEqual(['AUTO_ACCEPTED']);
    const audit = await server.db.knex('order_events').where({ order_id: order._id, revision: revised.revision }).first('kind', 'actor_id', 'details');
    const details = (typeof audit.details === 'string' ? JSON.parse(audit.details) : audit.details) as Record<string, unknown>;
    expect(audit).toMatchObject({ kind: 'revised', actor_id: staff.id });
    expect(details).toMatchObject({ totalBefore: packed.totalAmt, totalAfter: expected, substitution: { substituteId: kotmale, quantity: 2, status: 'AUTO_ACCEPTED' } });
    // the line now has a kept substitute: no second one, and the part it stands in for cannot be found as well
    const again = await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: kotmale, quantity: 1 });
    expect([again.status, again.body.code]).toEqual([409, 'LINE_HAS_PROPOSAL']);
    expect(await stockOf(server, kotmale)).toBe(3);
    const foundToo = await server.api<Answer<null>>('PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: milk, found: 1 }] }, staff.auth);
    expect([foundToo.status, foundToo.body.field]).toEqual([400, 'lines.0.found']);
  });

  it('asks the shopper for a dearer one: the prompt reaches their socket, nothing is charged until they accept, then its own price', async () => {
    const { order, packed, milk, who, staff, totalFor } = await shortOrder();
    const pelwatte = await insertProduct(server, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
    const socket = await shopperSocket(who);
    const prompt = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.some((p) => p.status === 'PENDING'));
    const counter = await shopperSocket(staff); // staff hear it in the orders room
    const staffHeard = nextWhere<{ order: Order }>(counter, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.some((p) => p.status === 'PENDING'));
    const res = await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { proposal } = res.body.data;
    expect(proposal).toMatchObject({ status: 'PENDING', price: 350, chargedPrice: 320, quantity: 2, expiresAt: new Date(clock.now().getTime() + 5 * MINUTE).toISOString() });
    // the shopper's prompt: the order with the proposal waiting; no revision, the total as packed
    const shown = (await prompt).order;
    expect(shown.proposals).toEqual([expect.objectContaining({ _id: proposal._id, status: 'PENDING', price: 350, name: 'Pelwatte Milk 1L' })]);
    expect([shown.revision, shown.totalAmt]).toEqual([packed.revision, packed.totalAmt]);
    expect(res.body.data.order.totalAmt).toBe(packed.totalAmt);
    expect((await staffHeard).order.proposals).toEqual([expect.objectContaining({ _id: proposal._id, status: 'PENDING' })]);
    expect(await stockOf(server, pelwatte)).toBe(3); // held for the shopper while they decide

    const accepted = await answer(who.auth, { orderId: order._id, proposalId: proposal._id, accept: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const expected = totalFor([{ pricePaise: 18000, discount: 0, quantity: 2 }, { pricePaise: 35000, discount: 0, quantity: 2 }]);
    expect(accepted.body.data).toMatchObject({ revision: packed.revision + 1, totalAmt: expected });
    expect(accepted.body.data.proposals).toEqual([expect.objectContaining({ status: 'ACCEPTED', price: 350, chargedPrice: 350 })]);
    expect(await proposalRow(proposal._id)).toMatchObject({ status: 'ACCEPTED', charge_paise: 35000, answered_by: who.id });
    expect(await stockOf(server, pelwatte)).toBe(3);

    const second = await answer(who.auth, { orderId: order._id, proposalId: proposal._id, accept: false });
    expect([second.status, second.body.code]).toEqual([409, 'PROPOSAL_ANSWERED']);
    expect(await stockOf(server, pelwatte)).toBe(3);
  });

  it('never charges a dearer one without the tap: declined gives its stock back; unanswered past the countdown it is removed, its stock back once', async () => {
    const { order, packed, milk, who, staff } = await shortOrder();
    const pelwatte = await insertProduct(server, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
    const first = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 2 })).body.data.proposal;
    const declined = await answer(who.auth, { orderId: order._id, proposalId: first._id, accept: false });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body.data).toMatchObject({ revision: packed.revision, totalAmt: packed.totalAmt });
    expect(declined.body.data.proposals.map((p) => p.status)).toEqual(['DECLINED']);
    expect(await stockOf(server, pelwatte)).toBe(5);

    // declined: another may be proposed; this one runs out of time
    const second = await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 1 });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(await stockOf(server, pelwatte)).toBe(4);
    const socket = await shopperSocket(who);
    const settled = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.some((p) => p._id === second.body.data.proposal._id && p.status === 'EXPIRED'));
    clock.advance(5 * MINUTE + 1000);
    // the sweep settles it and tells the shopper; the next finds nothing left to settle
    expect(await server.settleSubstitutions()).toBe(1);
    const shown = (await settled).order;
    expect([shown.revision, shown.totalAmt]).toEqual([packed.revision, packed.totalAmt]);
    expect(await server.settleSubstitutions()).toBe(0);
    expect(await stockOf(server, pelwatte)).toBe(5);
    const late = await answer(who.auth, { orderId: order._id, proposalId: second.body.data.proposal._id, accept: true });
    expect([late.status, late.body.code]).toEqual([409, 'PROPOSAL_EXPIRED']);
    expect(await stockOf(server, pelwatte)).toBe(5);
    expect((await server.db.knex('orders').where({ id: order._id }).first('total_paise')).total_paise).toBe(packed.totalAmt * 100);
  });

  it('an answer racing the countdown: in time it wins against the sweep; past it, by the server\'s clock, it is refused and the proposal removed once', async () => {
    const { order, milk, who, staff } = await shortOrder({ milkChoice: 'ASK' });
    const anchor = await insertProduct(server, { name: 'Anchor Milk 1L', price: 300, stock: 10 });
    const inTime = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: anchor, quantity: 1 })).body.data.proposal;
    expect(inTime.status).toBe('PENDING'); // ASK asks even for a cheaper one
    clock.set(new Date(new Date(inTime.expiresAt).getTime() - 1));
    const [won, swept] = await Promise.all([answer(who.auth, { orderId: order._id, proposalId: inTime._id, accept: true }), server.settleSubstitutions()]);
    expect(won.status, JSON.stringify(won.body)).toBe(200);
    expect(swept).toBe(0);
    expect(await proposalRow(inTime._id)).toMatchObject({ status: 'ACCEPTED', charge_paise: 30000 });
    expect(await stockOf(server, anchor)).toBe(9);

    const more = await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: anchor, quantity: 1 });
    expect([more.status, more.body.code]).toEqual([409, 'LINE_HAS_PROPOSAL']);
    // the next line short: bread, asked too
    const { order: other, milk: otherMilk, who: otherWho, staff: otherStaff } = await shortOrder({ milkChoice: 'ASK' });
    const late = (await propose(otherStaff.auth, { orderId: other._id, productId: otherMilk, substituteId: anchor, quantity: 2 })).body.data.proposal;
    expect(await stockOf(server, anchor)).toBe(7);
    clock.set(new Date(late.expiresAt));
    // before any sweep: the server's clock alone refuses it (the proposal is still to be settled)
    const alone = await answer(otherWho.auth, { orderId: other._id, proposalId: late._id, accept: true });
    expect([alone.status, alone.body.code]).toEqual([409, 'PROPOSAL_EXPIRED']);
    expect(await proposalRow(late._id)).toMatchObject({ status: 'PENDING' });
    const [refused, settledNow] = await Promise.all([answer(otherWho.auth, { orderId: other._id, proposalId: late._id, accept: true }), server.settleSubstitutions()]);
    expect([refused.status, refused.body.code]).toEqual([409, 'PROPOSAL_EXPIRED']);
    // a sweep that found the order held by the answer skipped it (SKIP LOCKED): the next settles it; once in all
    const after = await server.settleSubstitutions();
    expect(settledNow + after).toBe(1);
    expect(await server.settleSubstitutions()).toBe(0);
    expect(await proposalRow(late._id)).toMatchObject({ status: 'EXPIRED', answered_by: null });
    expect(await stockOf(server, anchor)).toBe(9);
  });

  it('two answers at once: one wins, the other is told it was answered, and the stock agrees with the winner', async () => {
    const { order, milk, who, staff } = await shortOrder();
    const pelwatte = await insertProduct(server, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
    const proposal = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 2 })).body.data.proposal;
    const [yes, no] = await Promise.all([
      answer(who.auth, { orderId: order._id, proposalId: proposal._id, accept: true }),
      answer(who.auth, { orderId: order._id, proposalId: proposal._id, accept: false }),
    ]);
    expect([yes.status, no.status].sort()).toEqual([200, 409]);
    const loser = yes.status === 409 ? yes : no;
    expect(loser.body.code).toBe('PROPOSAL_ANSWERED');
    const row = await proposalRow(proposal._id);
    expect(row.status).toBe(yes.status === 200 ? 'ACCEPTED' : 'DECLINED');
    expect(await stockOf(server, pelwatte)).toBe(row.status === 'ACCEPTED' ? 3 : 5);
  });

  it('two staff proposing for one line at once: one proposal stands, the other is refused, one substitute\'s stock taken', async () => {
    const { order, milk, staff } = await shortOrder();
    const other = await quickAccount(server, { role: 'STAFF', name: 'Packer Two' });
    const a = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 5 });
    const b = await insertProduct(server, { name: 'Highland Milk 1L', price: 310, stock: 5 });
    const [first, second] = await Promise.all([
      propose(staff.auth, { orderId: order._id, productId: milk, substituteId: a, quantity: 2 }),
      propose(other.auth, { orderId: order._id, productId: milk, substituteId: b, quantity: 2 }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    expect((first.status === 409 ? first : second).body.code).toBe('LINE_HAS_PROPOSAL');
    expect((await stockOf(server, a)) + (await stockOf(server, b))).toBe(8);
    expect(Number((await server.db.knex('order_proposals').where({ order_id: order._id }).count('* as n').first())?.n)).toBe(1);
  });

  it('only the order\'s shopper answers: another shopper, staff, an admin and a rider are answered 404, and nothing changes', async () => {
    const { order, milk, who, staff } = await shortOrder();
    const pelwatte = await insertProduct(server, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
    const proposal = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 1 })).body.data.proposal;
    const body = { orderId: order._id, proposalId: proposal._id, accept: true };
    for (const role of ['USER', 'STAFF', 'ADMIN', 'RIDER'] as const) {
      const stranger = await quickAccount(server, { role });
      const res = await answer(stranger.auth, body);
      expect([res.status, res.body.code], role).toEqual([404, 'ORDER_NOT_FOUND']);
    }
    expect((await answer(staff.auth, body)).status).toBe(404);
    expect((await answer({}, body)).status).toBe(401);
    // the shopper's own order with another order's proposal
    const { order: theirs, milk: theirMilk, staff: theirStaff } = await shortOrder();
    const foreign = (await propose(theirStaff.auth, { orderId: theirs._id, productId: theirMilk, substituteId: pelwatte, quantity: 1 })).body.data.proposal;
    const mixed = await answer(who.auth, { orderId: order._id, proposalId: foreign._id, accept: true });
    expect([mixed.status, mixed.body.code]).toEqual([404, 'PROPOSAL_NOT_FOUND']);
    expect(await proposalRow(proposal._id)).toMatchObject({ status: 'PENDING', answered_by: null });
    expect(await proposalRow(foreign._id)).toMatchObject({ status: 'PENDING', answered_by: null });
    expect(await stockOf(server, pelwatte)).toBe(3);
  });

  it('refuses a proposal the order cannot take, naming why, and hostile input with a 400 naming the field; nothing is written', async () => {
    const { order, milk, bread, who, staff } = await shortOrder({ bread: 'NONE', breadFound: 1 });
    const kotmale = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 1 });
    const hidden = await insertProduct(server, { name: 'Hidden Milk 1L', price: 300, stock: 5, publish: false });
    const notOrdered = await insertProduct(server, { name: 'Not Ordered Tea', price: 400, stock: 5 });
    const cases: Array<[Record<string, unknown>, number, string, string?]> = [
      [{ productId: milk, substituteId: kotmale, quantity: 3 }, 400, 'VALIDATION', 'quantity'], // 2 missing
      [{ productId: milk, substituteId: kotmale, quantity: 2 }, 409, 'OUT_OF_STOCK'], // 1 left
      [{ productId: milk, substituteId: milk, quantity: 1 }, 400, 'VALIDATION', 'substituteId'],
      [{ productId: milk, substituteId: hidden, quantity: 1 }, 409, 'PRODUCT_UNAVAILABLE'],
      [{ productId: milk, substituteId: '00000000-0000-4000-8000-000000000000', quantity: 1 }, 400, 'UNKNOWN_REFERENCE', 'substituteId'],
      [{ productId: notOrdered, substituteId: kotmale, quantity: 1 }, 400, 'NOT_IN_ORDER', 'productId'],
      [{ productId: bread, substituteId: kotmale, quantity: 1 }, 409, 'SUBSTITUTION_NOT_WANTED'],
      [{ productId: milk, substituteId: kotmale, quantity: 1e12 }, 400, 'VALIDATION', 'quantity'],
      [{ productId: milk, substituteId: kotmale, quantity: -1 }, 400, 'VALIDATION', 'quantity'],
      [{ productId: milk, substituteId: kotmale, quantity: 1.5 }, 400, 'VALIDATION', 'quantity'],
      [{ productId: milk, substituteId: `${kotmale}\u0000`, quantity: 1 }, 400, 'VALIDATION', 'substituteId'],
      [{ productId: milk, substituteId: kotmale, quantity: 1, orderId: `${order._id}\u0000` }, 400, 'VALIDATION', 'orderId'],
    ];
    for (const [body, status, code, field] of cases) {
      const res = await propose(staff.auth, { orderId: order._id, ...body });
      expect([res.status, res.body.code, res.body.field], JSON.stringify(body)).toEqual([status, code, field]);
    }
    expect((await propose(who.auth, { orderId: order._id, productId: milk, substituteId: kotmale, quantity: 1 })).status).toBe(403);
    expect((await propose({}, { orderId: order._id, productId: milk, substituteId: kotmale, quantity: 1 })).status).toBe(401);
    expect(await server.db.knex('order_proposals').where({ order_id: order._id }).first()).toBeUndefined();
    expect(await stockOf(server, kotmale)).toBe(1);

    // a line not packed short, and an order not being packed
    const { order: full, bread: fullBread, staff: fullStaff } = await shortOrder();
    const notShort = await propose(fullStaff.auth, { orderId: full._id, productId: fullBread, substituteId: kotmale, quantity: 1 });
    expect([notShort.status, notShort.body.code]).toEqual([409, 'LINE_NOT_SHORT']);
    expect((await server.api('PUT', '/api/orders/update-status', { orderId: full._id, order_status: 'Shipped' }, fullStaff.auth)).status).toBe(200);
    const shipped = await propose(fullStaff.auth, { orderId: full._id, productId: fullBread, substituteId: kotmale, quantity: 1 });
    expect([shipped.status, shipped.body.code]).toEqual([409, 'ORDER_NOT_PACKING']);

    // the answer's own hostile input
    for (const [body, field] of [
      [{ orderId: order._id, proposalId: 'x\u0000', accept: true }, 'proposalId'],
      [{ orderId: order._id, proposalId: '00000000-0000-4000-8000-000000000000', accept: 'yes' }, 'accept'],
      [{ orderId: 'a'.repeat(100_000), proposalId: '00000000-0000-4000-8000-000000000000', accept: true }, 'orderId'],
    ] as const) {
      const res = await answer(who.auth, body);
      expect([res.status, res.body.field], JSON.stringify(body).slice(0, 80)).toEqual([400, field]);
    }
  });

  it('dispatching removes what still waits (its stock back), keeps what was kept, and delivering expects the revised total', async () => {
    const { order, milk, bread, who, staff, totalFor } = await shortOrder({ bread: 'ASK', breadFound: 1 });
    const kotmale = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 5 });
    const roll = await insertProduct(server, { name: 'Bread Roll', price: 150, stock: 5 });
    const kept = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: kotmale, quantity: 2 })).body.data;
    expect(kept.proposal.status).toBe('AUTO_ACCEPTED');
    const waiting = (await propose(staff.auth, { orderId: order._id, productId: bread, substituteId: roll, quantity: 1 })).body.data.proposal;
    expect(waiting.status).toBe('PENDING');
    expect(await stockOf(server, roll)).toBe(4);
    const socket = await shopperSocket(who);
    const told = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.some((p) => p._id === waiting._id && p.status === 'EXPIRED'));
    const shipped = await server.api<Answer<Order>>('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Shipped' }, staff.auth);
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const expected = totalFor([{ pricePaise: 18000, discount: 0, quantity: 1 }, { pricePaise: 30000, discount: 0, quantity: 2 }]);
    expect(shipped.body.data.totalAmt).toBe(expected);
    expect(Object.fromEntries(shipped.body.data.proposals.map((p) => [p._id, p.status]))).toEqual({ [kept.proposal._id]: 'AUTO_ACCEPTED', [waiting._id]: 'EXPIRED' });
    expect((await told).order.order_status).toBe('Shipped');
    expect(await stockOf(server, roll)).toBe(5);
    expect(await stockOf(server, kotmale)).toBe(3);
    const late = await answer(who.auth, { orderId: order._id, proposalId: waiting._id, accept: true });
    expect([late.status, late.body.code]).toEqual([409, 'PROPOSAL_EXPIRED']);

    const atPlaced = await server.api<Answer<null>>('PUT', '/api/orders/deliver', { orderId: order._id, cashCollected: order.totalAmt }, staff.auth);
    expect([atPlaced.status, atPlaced.body.code]).toEqual([400, 'REASON_REQUIRED']);
    const delivered = await server.api<Answer<{ cashCollected: number; cashFlagged: boolean }>>('PUT', '/api/orders/deliver', { orderId: order._id, cashCollected: expected }, staff.auth);
    expect(delivered.status, JSON.stringify(delivered.body)).toBe(200);
    expect(delivered.body.data).toMatchObject({ cashCollected: expected, cashFlagged: false });
  });

  it('the server sweeps by itself: a countdown run out on its clock is settled and the shopper told, with no call from anyone', async () => {
    const { order, milk, who, staff } = await shortOrder({}, swept);
    const pelwatte = await insertProduct(swept, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
    const proposal = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 2 }, swept)).body.data.proposal;
    expect(proposal.status).toBe('PENDING');
    expect(await stockOf(swept, pelwatte)).toBe(3);
    const socket = await shopperSocket(who, swept);
    const settled = nextWhere<{ order: Order }>(socket, SOCKET_EVENTS.orderRevised, (e) => e.order._id === order._id && e.order.proposals.some((p) => p._id === proposal._id && p.status === 'EXPIRED'));
    clock.set(new Date(new Date(proposal.expiresAt).getTime() + 1));
    expect((await settled).order.proposals).toEqual([expect.objectContaining({ _id: proposal._id, status: 'EXPIRED' })]);
    expect(await stockOf(swept, pelwatte)).toBe(5);
    const event = await swept.db.knex('order_events').where({ order_id: order._id, kind: 'expired' }).first('actor_id');
    expect(event).toEqual({ actor_id: null }); // the server's own move
  });

  it('two instances on one database sweeping at once settle a due proposal once: one event, its stock back once', async () => {
    const database = await createTestDatabase(kind);
    const env = { ...OPEN_NOW, MIN_ORDER_RUPEES: '0' };
    const a = await startTestServer(kind, { clock, database, env });
    const b = await startTestServer(kind, { clock, database, env });
    try {
      const { order, milk, staff } = await shortOrder({}, a);
      const pelwatte = await insertProduct(a, { name: 'Pelwatte Milk 1L', price: 350, stock: 5 });
      const proposal = (await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: pelwatte, quantity: 2 }, a)).body.data.proposal;
      expect(proposal.status).toBe('PENDING');
      clock.set(new Date(new Date(proposal.expiresAt).getTime() + 1));
      const [fromA, fromB] = await Promise.all([a.settleSubstitutions(), b.settleSubstitutions()]);
      expect(fromA + fromB).toBe(1);
      expect(await stockOf(a, pelwatte)).toBe(5);
      expect(Number((await a.db.knex('order_events').where({ order_id: order._id, kind: 'expired' }).count('* as n').first())?.n)).toBe(1);
      expect(await a.db.knex('order_proposals').where({ id: proposal._id }).first('status')).toEqual({ status: 'EXPIRED' });
    } finally {
      await a.stop();
      await b.stop();
      await database.drop();
    }
  });

  it('cancelling gives a kept substitute\'s stock back with the lines found, and reopening takes it again', async () => {
    const { order, milk, bread, staff } = await shortOrder({ breadFound: 1 });
    const kotmale = await insertProduct(server, { name: 'Kotmale Milk 1L', price: 300, stock: 5 });
    expect((await propose(staff.auth, { orderId: order._id, productId: milk, substituteId: kotmale, quantity: 2 })).status).toBe(201);
    const breadBefore = await stockOf(server, bread);
    const cancelled = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Cancelled' }, staff.auth);
    expect(cancelled.status).toBe(200);
    expect(await stockOf(server, kotmale)).toBe(5);
    expect(await stockOf(server, bread)).toBe(breadBefore + 1); // the one found
    expect(await stockOf(server, milk)).toBe(0); // none found: none given back, as packing set it
    const reopened = await server.api('PUT', '/api/orders/update-status', { orderId: order._id, order_status: 'Processing' }, staff.auth);
    expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
    expect(await stockOf(server, kotmale)).toBe(3);
    expect(await stockOf(server, bread)).toBe(breadBefore);
  });
});
