// Issue 21: the shop's language kept on the account. PUT /api/user/update-user takes `language` (en, si or ta,
// anything else a 400 naming the field), user-details answers it (null until the shopper chooses), and only the
// caller's own account changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DB_KINDS, quickAccount, rawRequest, startTestServer, type TestServer } from './helpers';

type Body = { success: boolean; error: boolean; message: string; code?: string; field?: string; data: Record<string, unknown> | null };

describe.each(DB_KINDS)('the account language on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const details = async (auth: Record<string, string>) => {
    const res = await server.api<Body>('GET', '/api/user/user-details', undefined, auth);
    expect(res.status).toBe(200);
    return res.body.data as Record<string, unknown>;
  };

  it('is null until chosen, then kept and answered, and can change again', async () => {
    const shopper = await createAccount(server);
    expect((await details(shopper.auth)).language).toBeNull();
    const set = await server.api<Body>('PUT', '/api/user/update-user', { language: 'ta' }, shopper.auth);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ language: 'ta', name: 'Test Shopper' });
    expect((await details(shopper.auth)).language).toBe('ta');
    const again = await server.api<Body>('PUT', '/api/user/update-user', { language: 'si', name: 'Nimali' }, shopper.auth);
    expect(again.body.data).toMatchObject({ language: 'si', name: 'Nimali' });
    const row = await server.db.knex('users').where({ id: shopper.id }).first('language');
    expect(row.language).toBe('si');
  });

  it('survives a new sign-in on another phone', async () => {
    const shopper = await createAccount(server);
    await server.api('PUT', '/api/user/update-user', { language: 'si' }, shopper.auth);
    const login = await server.api<{ data: { accesstoken: string } }>('POST', '/api/user/login', { mobile: shopper.mobile, password: shopper.password });
    expect(login.status).toBe(200);
    expect((await details({ authorization: `Bearer ${login.body.data.accesstoken}` })).language).toBe('si');
  });

  it('leaves the language alone when other fields change', async () => {
    const shopper = await quickAccount(server);
    await server.api('PUT', '/api/user/update-user', { language: 'en' }, shopper.auth);
    const renamed = await server.api<Body>('PUT', '/api/user/update-user', { name: 'Kumar' }, shopper.auth);
    expect(renamed.body.data).toMatchObject({ name: 'Kumar', language: 'en' });
  });

  it.each([
    ['another language', 'fr'],
    ['a tag with a region', 'ta-LK'],
    ['upper case', 'TA'],
    ['a NUL after a good value', 'ta\u0000'],
    ['a control character', '\u0007si'],
    ['empty text', ''],
    ['a number', 7],
    ['a huge number', 1e308],
    ['a list', ['ta']],
    ['an object', { ta: true }],
    ['null', null],
    ['a boolean', true],
    ['very long text', 'x'.repeat(100_000)],
  ])('refuses %s with a 400 naming the field', async (_label, language) => {
    const shopper = await quickAccount(server);
    const res = await server.api<Body>('PUT', '/api/user/update-user', { language }, shopper.auth);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: true, field: 'language' });
    expect(res.body.message).toMatch(/language/);
    expect((await details(shopper.auth)).language).toBeNull();
  });

  it('refuses a body that is not JSON with a 400, never a 500', async () => {
    const shopper = await quickAccount(server);
    const res = await rawRequest(server, {
      method: 'PUT',
      path: '/api/user/update-user',
      headers: { ...shopper.auth, 'content-type': 'application/json' },
      body: '{"language": "ta"',
    });
    expect(res.status).toBe(400);
  });

  it('answers 401 to an anonymous caller and changes nobody', async () => {
    const shopper = await quickAccount(server);
    const res = await server.api<Body>('PUT', '/api/user/update-user', { language: 'ta' });
    expect(res.status).toBe(401);
    expect((await details(shopper.auth)).language).toBeNull();
  });

  it("changes only the caller's own account, whatever the body names", async () => {
    const a = await quickAccount(server);
    const b = await quickAccount(server);
    const res = await server.api<Body>('PUT', '/api/user/update-user', { language: 'ta', _id: b.id, userId: b.id }, a.auth);
    // the body's other keys are either refused or ignored; b never changes
    expect([200, 400]).toContain(res.status);
    expect((await details(b.auth)).language).toBeNull();
  });

  it('lets staff, riders and admins keep a language too (the same own-account route)', async () => {
    for (const role of ['STAFF', 'RIDER', 'ADMIN'] as const) {
      const person = await quickAccount(server, { role });
      const res = await server.api<Body>('PUT', '/api/user/update-user', { language: 'si' }, person.auth);
      expect(res.status).toBe(200);
      expect((await details(person.auth)).language).toBe('si');
    }
  });

  it('keeps the last of two simultaneous choices whole (one of the two, never a mix or an error)', async () => {
    const shopper = await quickAccount(server);
    const [one, two] = await Promise.all([
      server.api<Body>('PUT', '/api/user/update-user', { language: 'si' }, shopper.auth),
      server.api<Body>('PUT', '/api/user/update-user', { language: 'ta' }, shopper.auth),
    ]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    expect(['si', 'ta']).toContain((await details(shopper.auth)).language);
  });

  it('refuses a language outside the three in the database itself', async () => {
    const shopper = await quickAccount(server);
    await expect(server.db.knex('users').where({ id: shopper.id }).update({ language: 'fr' })).rejects.toThrow();
  });
});
