// Printer control codes never reach a receipt: an address (or any text people type) holding ESC p (the cash
// drawer kick), GS V (the paper cut), ESC @ (reset) or another C0/C1 control character is refused with a
// 400 naming the field, and nothing holding one is stored. Multi-line text (the address box) keeps its line
// breaks. The receipt removes them again (shared/src/receipt.ts, desktop/src/printer/receipt-bytes.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_FIELD_LABELS, hasControlCharacters } from '@kade/shared';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';

type Body<T = unknown> = { success: boolean; code?: string; field?: string; message: string; data: T };

const INJECTED: Array<[string, string]> = [
  ['ESC p (drawer kick)', '\u001bp0\u0019\u00fa'],
  ['GS V (cut)', '\u001dV0'],
  ['ESC @ (reset)', '\u001b@'],
  ['C1 CSI', '\u009b5i'],
];
const ADDRESS_TEXT_FIELDS = ['address_line', 'city', 'state', 'country'] as const;

const address = (overrides: Record<string, unknown> = {}) => ({
  address_line: 'Home',
  city: '12/3 Hampden Lane, Wellawatte',
  state: 'Opposite the temple',
  pincode: '0771234567',
  mobile: 'Home',
  latitude: 6.879,
  longitude: 79.862,
  ...overrides,
});

const refusal = (field: string, label: string) => ({
  success: false,
  code: 'VALIDATION',
  field,
  message: `${label} contains a character that is not allowed`,
  data: { rule: 'notAllowedCharacter' },
});

describe.each(DB_KINDS)('control characters in text on %s', (kind) => {
  let server: TestServer;
  let shopper: Awaited<ReturnType<typeof createAccount>>;
  let admin: Awaited<ReturnType<typeof createAccount>>;
  let saved: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    shopper = await createAccount(server, { name: 'Nimali' });
    admin = await createAccount(server, { role: 'ADMIN' });
    const res = await server.api<Body<{ _id: string }>>('POST', '/api/address/create', address(), shopper.auth);
    saved = res.body.data._id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Every text an address row holds. */
  async function storedAddressTexts(): Promise<string[]> {
    const rows = (await server.db.knex('addresses').select('label', 'address_text', 'landmark', 'contact_mobile', 'place_type', 'location_text')) as Array<Record<string, string | null>>;
    return rows.flatMap((row) => Object.values(row).filter((v): v is string => typeof v === 'string'));
  }

  describe.each(INJECTED)('%s', (_name, injected) => {
    it.each(ADDRESS_TEXT_FIELDS)('in %s is refused when an address is saved or changed, naming the field', async (field) => {
      const label = ADDRESS_FIELD_LABELS[field].toLowerCase();
      const value = `Near the ${injected} kovil`;
      const created = await server.api<Body>('POST', '/api/address/create', address({ [field]: value }), shopper.auth);
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject(refusal(field, label));
      const updated = await server.api<Body>('PUT', '/api/address/update', { _id: saved, ...address({ [field]: value }) }, shopper.auth);
      expect(updated.status).toBe(400);
      expect(updated.body).toMatchObject(refusal(field, label));
    });
  });

  it('stores no address text holding a control character, other than a line break in the address box', async () => {
    const texts = await storedAddressTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(hasControlCharacters(text, { multiLine: true }), JSON.stringify(text)).toBe(false);
    expect(texts.filter((t) => t.includes('\u001b') || t.includes('\u001d'))).toEqual([]);
  });

  it('keeps a line break in the address box (a Windows one stored as \\n), and refuses one in the address name', async () => {
    const res = await server.api<Body<{ _id: string; city: string }>>('POST', '/api/address/create', address({ city: '12/3 Hampden Lane\r\nWellawatte' }), shopper.auth);
    expect(res.status).toBe(201);
    expect(res.body.data.city).toBe('12/3 Hampden Lane\nWellawatte');
    expect(await server.db.knex('addresses').where({ id: res.body.data._id }).first('address_text')).toEqual({ address_text: '12/3 Hampden Lane\nWellawatte' });
    const name = await server.api<Body>('POST', '/api/address/create', address({ address_line: 'Home\nWork' }), shopper.auth);
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject(refusal('address_line', 'address name'));
  });

  it('is refused in a shopper\'s name, a counter\'s name and a category name, and none is stored', async () => {
    const kick = INJECTED[0]![1];
    const name = await server.api<Body>('PUT', '/api/user/update-user', { name: `Nimali${kick}` }, shopper.auth);
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject(refusal('name', 'name'));
    const counter = await server.api<Body>('POST', '/api/counters/heartbeat', { counterId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', name: `Front${kick}`, printer: 'connected', queued: 0 }, admin.auth);
    expect(counter.status).toBe(400);
    expect(counter.body).toMatchObject(refusal('name', 'counter name'));
    const category = await server.api<Body>('POST', '/api/category/add-category', { name: `Rice${kick}`, image: '/files/0123456789abcdef0123456789abcdef-480.webp' }, admin.auth);
    expect(category.status).toBe(400);
    expect(category.body).toMatchObject(refusal('name', 'name'));

    expect(await server.db.knex('users').where({ id: shopper.id }).first('name')).toEqual({ name: 'Nimali' });
    expect(await server.db.knex('counters').count('* as n').first()).toSatisfy((row: { n: unknown }) => Number(row.n) === 0);
    expect(await server.db.knex('categories').count('* as n').first()).toSatisfy((row: { n: unknown }) => Number(row.n) === 0);
  });
});
