import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock';
import { DB_KINDS, quickAccount, startTestServer, type TestServer } from './helpers';

type Counter = { _id: string; name: string; staff: string; online: boolean; printer: string; queued: number; lastSeenAt: string };

describe.each(DB_KINDS)('counter heartbeats on %s', (kind) => {
  let server: TestServer;
  const clock = fixedClock('2026-11-22T05:00:00Z');
  beforeAll(async () => {
    server = await startTestServer(kind, { clock });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows admins which counters and printers are online and when each last answered', async () => {
    const staff = await quickAccount(server, { role: 'ADMIN', name: 'Nimal at the counter' });
    const front = randomUUID();
    const back = randomUUID();
    const beat = (counterId: string, name: string, printer: string, queued = 0) =>
      server.api<{ data: Counter }>('POST', '/api/counters/heartbeat', { counterId, name, printer, queued, appVersion: '0.1.0' }, staff.auth);
    expect((await beat(front, 'Front counter', 'connected')).status).toBe(200);
    clock.advance(30_000);
    await beat(back, 'Back room', 'offline', 3);
    const list = await server.api<{ data: Counter[] }>('GET', '/api/counters', undefined, staff.auth);
    expect(list.body.data.map((c) => [c.name, c.online, c.printer, c.queued])).toEqual([
      ['Back room', true, 'offline', 3],
      ['Front counter', true, 'connected', 0],
    ]);
    expect(list.body.data[1]!.staff).toBe('Nimal at the counter');

    clock.advance(45_000); // the front counter has been silent for 75 s
    const later = await server.api<{ data: Counter[] }>('GET', '/api/counters', undefined, staff.auth);
    const frontNow = later.body.data.find((c) => c._id === front)!;
    expect(frontNow).toMatchObject({ online: false, printer: 'unknown', lastSeenAt: '2026-11-22T05:00:00.000Z' });
    expect(later.body.data.find((c) => c._id === back)!.online).toBe(true);
  });

  it('refuses a malformed report and shoppers', async () => {
    const staff = await quickAccount(server, { role: 'ADMIN' });
    const bad = await server.api<{ field: string }>('POST', '/api/counters/heartbeat', { counterId: 'front', name: 'x', printer: 'connected', queued: 0 }, staff.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('counterId');
    const shopper = await quickAccount(server);
    expect((await server.api('GET', '/api/counters', undefined, shopper.auth)).status).toBe(403);
  });
});
