import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DB_KINDS, startTestServer, type TestServer } from './helpers';

type Body = { success: boolean; code?: string; field?: string; message: string; data: { url?: string; avatar?: string } };

async function png(width: number, height: number, colour = '#e07a1f'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();
}

describe.each(DB_KINDS)('image uploads on %s', (kind) => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof createAccount>>;
  let shopper: Awaited<ReturnType<typeof createAccount>>;

  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await createAccount(server, { role: 'ADMIN' });
    shopper = await createAccount(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function upload(path: string, field: string, bytes: Buffer | undefined, name: string, headers: Record<string, string>, method = 'POST') {
    const form = new FormData();
    if (bytes) form.append(field, new Blob([new Uint8Array(bytes)]), name);
    else form.append('note', 'no file here');
    const res = await fetch(server.url + path, { method, body: form, headers });
    return { status: res.status, body: (await res.json()) as Body };
  }

  it('takes a PNG from an admin, stores it as WebP and answers data.url', async () => {
    const res = await upload('/api/file/upload', 'image', await png(800, 800), 'tomatoes.png', admin.auth);
    expect(res.status).toBe(201);
    expect(res.body.data.url).toMatch(/^\/files\/[a-f0-9]{32}-480\.webp$/);
    const file = await fetch(server.url + res.body.data.url!);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(480);
  });

  it('goes by the content, not the name: a PNG renamed .jpg is taken', async () => {
    const res = await upload('/api/file/upload', 'image', await png(300, 200, '#3355aa'), 'photo.jpg', admin.auth);
    expect(res.status).toBe(201);
  });

  it('refuses a text file renamed .png with 415', async () => {
    const res = await upload('/api/file/upload', 'image', Buffer.from('this is not a picture at all'), 'innocent.png', admin.auth);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'UNSUPPORTED_IMAGE', field: 'image' });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([await png(10, 10), randomBytes(5 * 1024 * 1024 + 10)]);
    const res = await upload('/api/file/upload', 'image', big, 'huge.png', admin.auth);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('FILE_TOO_LARGE');
  });

  it('refuses an image with too many pixels with 413, however small the file', async () => {
    const wide = await sharp({ create: { width: 9000, height: 5000, channels: 3, background: '#000000' } }).png({ compressionLevel: 9 }).toBuffer();
    expect(wide.length).toBeLessThan(5 * 1024 * 1024);
    const res = await upload('/api/file/upload', 'image', wide, 'wide.png', admin.auth);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('IMAGE_TOO_LARGE');
  });

  it('answers 400 when no file is sent, and 415 for a JSON body', async () => {
    const none = await upload('/api/file/upload', 'image', undefined, '', admin.auth);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('image is required');
    const wrongField = await upload('/api/file/upload', 'picture', await png(20, 20), 'a.png', admin.auth);
    expect(wrongField.status).toBe(400);
    const json = await server.api<Body>('POST', '/api/file/upload', { image: 'data:image/png;base64,AAAA' }, admin.auth);
    expect(json.status).toBe(415);
  });

  it('is for admins only', async () => {
    expect((await upload('/api/file/upload', 'image', await png(20, 20), 'a.png', shopper.auth)).status).toBe(403);
    expect((await upload('/api/file/upload', 'image', await png(20, 20), 'a.png', {})).status).toBe(401);
  });

  it('lets any user set their avatar through the same pipeline', async () => {
    const res = await upload('/api/user/upload-avatar', 'avatar', await png(400, 400, '#884488'), 'me.png', shopper.auth, 'PUT');
    expect(res.status).toBe(200);
    expect(res.body.data.avatar).toMatch(/^\/files\/[a-f0-9]{32}-480\.webp$/);
    const me = await server.api<{ data: { avatar: string } }>('GET', '/api/user/user-details', undefined, shopper.auth);
    expect(me.body.data.avatar).toBe(res.body.data.avatar);
    const bad = await upload('/api/user/upload-avatar', 'avatar', Buffer.from('GIF89a not really'), 'me.gif', shopper.auth, 'PUT');
    expect(bad.status).toBe(415);
    const unchanged = await server.api<{ data: { avatar: string } }>('GET', '/api/user/user-details', undefined, shopper.auth);
    expect(unchanged.body.data.avatar).toBe(res.body.data.avatar);
  });
});
