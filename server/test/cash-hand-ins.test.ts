// Cash hand-ins cannot hide cash a rider carries (issue 30, item 3), over real HTTP and real sockets on a real
// database: a hand-in is at most what the rider holds (a rider who never collected can hand in nothing), two sent
// at once are weighed one after the other against the locked balance, and a mistaken hand-in is voided (by those
// who handle the cash, with a reason, once), which gives its amount back to the balance and tells every staff screen.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRs, localDay, rupeesToPaise, SOCKET_EVENTS, type CashHandInEventWire, type RiderCashRow } from '@kade/shared';
import { DB_KINDS, insertProduct, OPEN_NOW, quickAccount, startTestServer, type TestServer } from './helpers';
import { arrives, connected, deliveredBy, next, open, riderCashRow } from './socket-helpers';

type Account = Awaited<ReturnType<typeof quickAccount>>;
type Answer<T = RiderCashRow> = { code?: string; field?: string; message: string; data: T };

describe.each(DB_KINDS)('cash hand-ins on %s', (kind) => {
  let server: TestServer;
  let product: string;
  let staff: Account;
  let staff2: Account;
  let admin: Account;
  const sockets: Socket[] = [];

  const today = () => localDay(new Date(), server.config.shop.timeZone);
  const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));
  const handIn = (riderId: string, amount: number, who: Account = staff) => server.api<Answer>('POST', '/api/cash/hand-ins', { riderId, amount }, who.auth);
  const voidHandIn = (body: unknown, who: Account = staff) => server.api<Answer>('POST', '/api/cash/hand-ins/void', body, who.auth);
  const row = (riderId: string) => riderCashRow(server, staff.id, today(), riderId);
  /** What the database keeps as the rider's balance (paise; 0 when it keeps no row). */
  const held = async (riderId: string) => Number((await server.db.knex('rider_cash').where({ rider_id: riderId }).first('held_paise'))?.held_paise ?? 0);
  /** A rider with this many orders delivered with their totals: the rider and what they hold (rupees). */
  async function riderHolding(name: string, orders = 1): Promise<{ rider: Account; holds: number }> {
    const rider = await quickAccount(server, { role: 'RIDER', name });
    let holds = 0;
    for (let i = 0; i < orders; i += 1) holds += await deliveredBy(server, product, staff.id, rider.id);
    return { rider, holds: Math.round(holds * 100) / 100 };
  }

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { ...OPEN_NOW } });
    product = await insertProduct(server, { name: 'Red Rice 5kg', price: 1890, stock: 500 });
    staff = await quickAccount(server, { role: 'STAFF', name: 'Counter One' });
    staff2 = await quickAccount(server, { role: 'STAFF', name: 'Counter Two' });
    admin = await quickAccount(server, { role: 'ADMIN', name: 'Store Admin' });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.stop();
  });

  it('refuses a hand-in above what the rider holds, naming the outstanding amount, and takes exactly that amount', async () => {
    const { rider, holds } = await riderHolding('Exact Rider');
    const over = await handIn(rider.id, holds + 0.01);
    expect(over.status).toBe(400);
    expect(over.body).toMatchObject({ code: 'AMOUNT_INVALID', field: 'amount' });
    expect(over.body.message).toContain(`the rider holds ${rs(holds)}`);
    expect(await held(rider.id)).toBe(rupeesToPaise(holds));

    const exact = await handIn(rider.id, holds);
    expect(exact.status).toBe(201);
    expect(exact.body.data).toMatchObject({ handedIn: holds, outstanding: 0 });
    const more = await handIn(rider.id, 1);
    expect(more.status).toBe(400);
    expect(more.body).toMatchObject({ code: 'AMOUNT_INVALID', field: 'amount' });
    expect(more.body.message).toContain(`the rider holds ${rs(0)}`);
    expect(await held(rider.id)).toBe(0);
  });

  it('lets a rider who never collected hand in nothing: the balance never goes below zero', async () => {
    const idle = await quickAccount(server, { role: 'RIDER', name: 'Idle Rider' });
    for (let i = 0; i < 3; i += 1) {
      const res = await handIn(idle.id, 100_000);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('AMOUNT_INVALID');
      expect(res.body.message).toContain(`the rider holds ${rs(0)}`);
    }
    expect(await held(idle.id)).toBe(0);
    expect(Number((await server.db.knex('cash_hand_ins').where({ rider_id: idle.id }).count('* as n').first())?.n)).toBe(0);
    expect(await row(idle.id)).toBeUndefined();
  });

  it('weighs hand-ins sent at once one after the other: of four that each fit but not together, one is taken', async () => {
    const { rider, holds } = await riderHolding('Racing Rider', 2);
    // each more than half of what the rider holds: any two together are too much
    const each = Math.ceil((holds / 2) * 100 + 1) / 100;
    const answers = await Promise.all([staff, staff2, admin, staff].map((who) => handIn(rider.id, each, who)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.status === 400)) {
      expect(refused.body.code).toBe('AMOUNT_INVALID');
      expect(refused.body.message).toContain(`the rider holds ${rs(Math.round((holds - each) * 100) / 100)}`);
    }
    expect(await held(rider.id)).toBe(rupeesToPaise(holds) - rupeesToPaise(each));
    expect(await row(rider.id)).toMatchObject({ handedIn: each, outstanding: Math.round((holds - each) * 100) / 100 });
  });

  it('voids a mistaken hand-in with a reason: the balance is restored, who, when and why are kept, and staff screens hear it', async () => {
    const { rider, holds } = await riderHolding('Void Rider');
    const taken = await handIn(rider.id, holds);
    expect(taken.status).toBe(201);
    const handInId = taken.body.data.handIns[0]!.id;
    expect(await held(rider.id)).toBe(0);

    const otherCounter = open(server.url, staff2.accessToken);
    const riderSocket = open(server.url, rider.accessToken);
    sockets.push(otherCounter, riderSocket);
    await Promise.all([connected(otherCounter), connected(riderSocket)]);
    const told = next<CashHandInEventWire>(otherCounter, SOCKET_EVENTS.cashHandIn);
    const riderTold = arrives(riderSocket, SOCKET_EVENTS.cashHandIn, 600);

    const voided = await voidHandIn({ handInId, reason: '  Counted twice at the till  ' });
    expect(voided.status).toBe(200);
    expect(voided.body.data).toMatchObject({ riderId: rider.id, handedIn: 0, outstanding: holds });
    expect(voided.body.data.handIns).toEqual([
      expect.objectContaining({ id: handInId, amount: holds, voided: { at: expect.any(String), by: 'Counter One', reason: 'Counted twice at the till' } }),
    ]);
    expect(await told).toEqual({ riderId: rider.id, day: today(), handInId, voided: true });
    expect(await riderTold).toBe(false);
    expect(await held(rider.id)).toBe(rupeesToPaise(holds));
    const stored = (await server.db.knex('cash_hand_ins').where({ id: handInId }).first('voided_at', 'voided_by', 'void_reason')) as { voided_at: Date | null; voided_by: string | null; void_reason: string | null };
    expect(stored).toMatchObject({ voided_by: staff.id, void_reason: 'Counted twice at the till' });
    expect(stored.voided_at).not.toBeNull();
    // the day report and its CSV show it voided and no longer count it
    expect(await row(rider.id)).toMatchObject({ handedIn: 0, outstanding: holds, handIns: [expect.objectContaining({ id: handInId, voided: expect.objectContaining({ reason: 'Counted twice at the till' }) })] });
    const csv = await server.api<string>('GET', `/api/orders/report.csv?day=${today()}`, undefined, admin.auth);
    expect(csv.body).toContain(`Void Rider,1,0,${holds},0,${holds},0`);
    expect(csv.body).toMatch(new RegExp(`Void Rider,[^,]+,${holds},Counter One,,[^,]+,Counter One,Counted twice at the till`));

    // the cash is owed again, so the real hand-in is taken
    expect((await handIn(rider.id, holds)).status).toBe(201);
    expect(await held(rider.id)).toBe(0);
  });

  it('voids a hand-in once: again is 409, and two voids at once give one 200 and one 409, the amount given back once', async () => {
    const { rider, holds } = await riderHolding('Twice Rider');
    const first = await handIn(rider.id, holds);
    const handInId = first.body.data.handIns[0]!.id;
    expect((await voidHandIn({ handInId, reason: 'Wrong rider' })).status).toBe(200);
    const again = await voidHandIn({ handInId, reason: 'Wrong rider' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('HAND_IN_VOIDED');
    expect(again.body.message).toContain('Counter One');
    expect(await held(rider.id)).toBe(rupeesToPaise(holds));

    const second = await handIn(rider.id, holds);
    const secondId = second.body.data.handIns.find((h) => !h.voided)!.id;
    const both = await Promise.all([voidHandIn({ handInId: secondId, reason: 'Typo' }, staff), voidHandIn({ handInId: secondId, reason: 'Typo' }, staff2)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await held(rider.id)).toBe(rupeesToPaise(holds));
    expect(await row(rider.id)).toMatchObject({ handedIn: 0, outstanding: holds });
  });

  it('lets only those who handle the cash void: a rider (even their own), a shopper and the anonymous are refused', async () => {
    const { rider, holds } = await riderHolding('Own Rider');
    const handInId = (await handIn(rider.id, holds)).body.data.handIns[0]!.id;
    const shopper = await quickAccount(server);
    expect((await voidHandIn({ handInId, reason: 'mine' }, rider)).status).toBe(403);
    expect((await voidHandIn({ handInId, reason: 'mine' }, shopper)).status).toBe(403);
    expect((await server.api('POST', '/api/cash/hand-ins/void', { handInId, reason: 'mine' })).status).toBe(401);
    expect(await held(rider.id)).toBe(0);
    expect((await row(rider.id))?.handIns[0]?.voided).toBeNull();
  });

  it('refuses a void without a proper reason or hand-in with a 400 naming the field, an unknown hand-in with 404', async () => {
    const { rider, holds } = await riderHolding('Reason Rider');
    const handInId = (await handIn(rider.id, holds)).body.data.handIns[0]!.id;
    for (const [body, field] of [
      [{ handInId }, 'reason'],
      [{ handInId, reason: null }, 'reason'],
      [{ handInId, reason: '' }, 'reason'],
      [{ handInId, reason: '    ' }, 'reason'],
      [{ handInId, reason: '\u200B\u200D\u2060' }, 'reason'],
      [{ handInId, reason: 'x'.repeat(301) }, 'reason'],
      [{ handInId, reason: 'bad\u0000' }, 'reason'],
      [{ handInId, reason: 'two\nlines' }, 'reason'],
      [{ handInId, reason: 'esc\u001b[2J' }, 'reason'],
      [{ handInId, reason: 42 }, 'reason'],
      [{ handInId, reason: ['a'] }, 'reason'],
      [{ reason: 'Typo' }, 'handInId'],
      [{ handInId: 'not-an-id', reason: 'Typo' }, 'handInId'],
      [{ handInId: 7, reason: 'Typo' }, 'handInId'],
    ] as const) {
      const res = await voidHandIn(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.field, JSON.stringify(body)).toBe(field);
    }
    const unknown = await voidHandIn({ handInId: '00000000-0000-4000-8000-000000000000', reason: 'Typo' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('HAND_IN_NOT_FOUND');
    // nothing was voided by any of them
    expect(await held(rider.id)).toBe(0);
    expect((await voidHandIn({ handInId, reason: 'x'.repeat(300) })).status).toBe(200);
  });
});
