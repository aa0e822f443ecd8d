import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_EXACT, TEXT, distanceKm } from '@kade/shared';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';

type Address = { _id: string; address_line: string; city: string; state: string; pincode: string; mobile: string; country: string; status: boolean; distanceKm: number; userId: unknown };
type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T };

const INSIDE = { latitude: 6.879, longitude: 79.862, accuracy: 12 };
const OUTSIDE = { latitude: 6.9, longitude: 79.86, accuracy: 15 };
const form = (overrides: Record<string, unknown> = {}) => ({
  address_line: 'Amma\'s house',
  city: '12/3 Hampden Lane, Wellawatte',
  state: 'Opposite the temple',
  pincode: '0771234567',
  mobile: 'Home',
  country: '',
  ...INSIDE,
  ...overrides,
});

describe.each(DB_KINDS)('delivery addresses on %s', (kind) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let other: Awaited<ReturnType<typeof createAccount>>;
  let admin: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [owner, other, admin] = [await createAccount(server, { name: 'Owner One' }), await createAccount(server), await createAccount(server, { role: 'ADMIN' })];
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('saves an address inside the zone, with the distance the server computed', async () => {
    const res = await server.api<Body<Address>>('POST', '/api/address/create', form(), owner.auth);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ address_line: "Amma's house", city: '12/3 Hampden Lane, Wellawatte', state: 'Opposite the temple', pincode: '0771234567', mobile: 'Home', status: true });
    const expected = distanceKm({ lat: INSIDE.latitude, lng: INSIDE.longitude }, server.config.zone.centre);
    expect(res.body.data.distanceKm).toBeCloseTo(expected, 3);
    const row = await server.db.knex('addresses').where({ id: res.body.data._id }).first('label', 'address_text', 'landmark', 'contact_mobile', 'place_type');
    expect(row).toEqual({ label: "Amma's house", address_text: '12/3 Hampden Lane, Wellawatte', landmark: 'Opposite the temple', contact_mobile: '0771234567', place_type: 'Home' });
  });

  it('refuses an address outside the delivery radius, writing nothing', async () => {
    const before = await server.db.knex('addresses').count('* as n');
    const res = await server.api<Body>('POST', '/api/address/create', form(OUTSIDE), owner.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'OUTSIDE_ZONE', message: TEXT.outsideDeliveryArea });
    expect(await server.db.knex('addresses').count('* as n')).toEqual(before);
  });

  it.each([
    [{ pincode: '07712' }, 'pincode', MOBILE_EXACT],
    [{ address_line: '' }, 'address_line', undefined],
    [{ state: undefined }, 'state', undefined],
    [{ mobile: 'Castle' }, 'mobile', undefined],
    [{ latitude: 123 }, 'latitude', undefined],
  ])('answers 400 naming the field for %o', async (overrides, field, message) => {
    const res = await server.api<Body>('POST', '/api/address/create', form(overrides), owner.auth);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    if (message) expect(res.body.message).toBe(message);
  });

  it('lists only the caller\'s active addresses; another user\'s are 404 to them', async () => {
    const created = await server.api<Body<Address>>('POST', '/api/address/create', form({ address_line: 'Office' }), owner.auth);
    const mine = await server.api<Body<Address[]>>('GET', '/api/address/get', undefined, owner.auth);
    expect(mine.body.data.map((a) => a.address_line)).toContain('Office');
    const theirs = await server.api<Body<Address[]>>('GET', '/api/address/get', undefined, other.auth);
    expect(theirs.body.data).toEqual([]);
    const edit = await server.api<Body>('PUT', '/api/address/update', { ...form(), _id: created.body.data._id, address_line: 'Stolen' }, other.auth);
    expect(edit.status).toBe(404);
    const disable = await server.api<Body>('DELETE', '/api/address/disable', { _id: created.body.data._id }, other.auth);
    expect(disable.status).toBe(404);
    const row = await server.db.knex('addresses').where({ id: created.body.data._id }).first('label', 'status');
    expect(row).toEqual({ label: 'Office', status: true });
  });

  it('lets the owner edit with the form rules (landmark optional) and re-checks a new position', async () => {
    const created = await server.api<Body<Address>>('POST', '/api/address/create', form({ address_line: 'Gym' }), owner.auth);
    const id = created.body.data._id;
    const edited = await server.api<Body<Address>>('PUT', '/api/address/update', { _id: id, address_line: 'Gym (new)', city: 'Marine Drive', state: '', pincode: '0779999999', mobile: 'Other' }, owner.auth);
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(TEXT.addressUpdated);
    expect(edited.body.data).toMatchObject({ address_line: 'Gym (new)', city: 'Marine Drive', state: '', pincode: '0779999999', mobile: 'Other' });
    const missing = await server.api<Body>('PUT', '/api/address/update', { _id: id, address_line: 'Gym' }, owner.auth);
    expect(missing.status).toBe(400); // the customer's form needs the address, mobile and place type
    const moved = await server.api<Body>('PUT', '/api/address/update', { _id: id, address_line: 'Gym', city: 'Far away', pincode: '0779999999', mobile: 'Other', ...OUTSIDE }, owner.auth);
    expect(moved.status).toBe(400);
    expect(moved.body.code).toBe('OUTSIDE_ZONE');
  });

  it('disables on removal: gone from the customer list, still there for admins', async () => {
    const created = await server.api<Body<Address>>('POST', '/api/address/create', form({ address_line: 'Old flat' }), owner.auth);
    const res = await server.api<Body<Address>>('DELETE', '/api/address/disable', { _id: created.body.data._id }, owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(TEXT.addressRemoved);
    const mine = await server.api<Body<Address[]>>('GET', '/api/address/get', undefined, owner.auth);
    expect(mine.body.data.map((a) => a._id)).not.toContain(created.body.data._id);
    const all = await server.api<Body<Address[]>>('GET', '/api/address/admin/all', undefined, admin.auth);
    const found = all.body.data.find((a) => a._id === created.body.data._id);
    expect(found).toMatchObject({ status: false, userId: { _id: owner.id, name: 'Owner One', mobile: owner.mobile } });
  });

  it('lets an admin edit any address with the plain editor, and keeps it to admins', async () => {
    const created = await server.api<Body<Address>>('POST', '/api/address/create', form({ address_line: 'Shop' }), owner.auth);
    const res = await server.api<Body<Address>>('PUT', '/api/address/update', { _id: created.body.data._id, country: 'Near the bus stand' }, admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ address_line: 'Shop', country: 'Near the bus stand' });
    expect((await server.api('GET', '/api/address/admin/all', undefined, owner.auth)).status).toBe(403);
    const bad = await server.api<Body>('PUT', '/api/address/update', { _id: created.body.data._id, pincode: '12' }, admin.auth);
    expect(bad.status).toBe(400);
    expect((await server.api('PUT', '/api/address/update', { _id: '00000000-0000-4000-8000-000000000000', country: 'x' }, admin.auth)).status).toBe(404);
  });
});
