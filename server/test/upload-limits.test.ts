// The expensive door of image uploads (penetration test, item 5): a picture is refused from its header before
// anything is decoded when its pixels or their memory are over the limits, each account has an allowance of
// uploads, and decoding goes through one small queue per instance that turns a flood away with 503 BUSY.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, DB_KINDS, quickAccount, startTestServer, type TestServer } from './helpers';

type Body = { success: boolean; code?: string; field?: string; message: string; data: { url?: string; avatar?: string } };

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header claims `width` × `height` but whose pixel data is a few bytes: it cannot be decoded at all,
 * so an answer about its size can only come from reading the header.
 */
function headerOnlyPng(width: number, height: number, bitDepth: 8 | 16, colourType: 2 | 6): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(bitDepth, 8);
  ihdr.writeUInt8(colourType, 9); // 2 = RGB, 6 = RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const contentHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32);

describe.each(DB_KINDS)('upload limits on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { env: {
        RATE_LIMITS: 'upload.user=3/3600',
        IMAGE_CONCURRENCY: '1',
        IMAGE_QUEUE: '1',
        // the one waiting waits past the flood whatever a 36-megapixel decode takes on a loaded machine (at 30 s it
        // was once answered BUSY too, and the flood then had one 2xx); the 30 s wait has its own test (service.test)
        IMAGE_MAX_WAIT_SECONDS: '170',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function upload(path: string, field: string, bytes: Buffer, headers: Record<string, string>) {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)]), `${field}.png`);
    const res = await fetch(server.url + path, { method: path.endsWith('upload-avatar') ? 'PUT' : 'POST', body: form, headers });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Body };
  }

  const storedHashes = async () =>
    new Set(((await server.db.knex('stored_files').distinct('content_hash')) as Array<{ content_hash: string }>).map((r) => r.content_hash));

  it('refuses an image whose header claims too many pixels with 413, from the header alone', async () => {
    const admin = await quickAccount(server, { role: 'ADMIN' });
    const bomb = headerOnlyPng(10_000, 10_000, 8, 2); // 100 megapixels in about 200 bytes
    await expect(sharp(bomb, { limitInputPixels: false }).raw().toBuffer()).rejects.toThrow(); // nothing to decode
    const res = await upload('/api/file/upload', 'image', bomb, admin.auth);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'IMAGE_TOO_LARGE', field: 'image' });
    expect(res.body.message).toMatch(/40 megapixels/);
    expect((await storedHashes()).has(contentHash(bomb))).toBe(false);
  });

  it('refuses a 16-bit image under the pixel limit whose decoded pixels would be over the memory cap', async () => {
    const admin = await quickAccount(server, { role: 'ADMIN' });
    // 7000 × 5670 = 39.7 megapixels, under 40; 16-bit RGB is 6 bytes a pixel: about 238 MB, over 160 MB.
    const deep = await sharp({ create: { width: 7000, height: 5670, channels: 3, background: '#e07a1f' } }).toColourspace('rgb16').png().toBuffer();
    const meta = await sharp(deep).metadata();
    expect([meta.width, meta.height, meta.depth]).toEqual([7000, 5670, 'ushort']);
    const res = await upload('/api/file/upload', 'image', deep, admin.auth);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', field: 'image' });
    expect(res.body.message).toMatch(/about 239 MB to open \(at most 160 MB\)/);
    // The same check from the header alone: 36 megapixels of 16-bit RGBA (288 MB) with no pixels to decode.
    const avatarOwner = await quickAccount(server);
    const claimed = await upload('/api/user/upload-avatar', 'avatar', headerOnlyPng(6000, 6000, 16, 6), avatarOwner.auth);
    expect(claimed.status).toBe(413);
    expect(claimed.body).toMatchObject({ code: 'IMAGE_TOO_LARGE', field: 'avatar' });
    expect(claimed.body.message).toMatch(/about 288 MB/);
  });

  it('answers 415, never a 500, for a picture of a fitting size whose pixels cannot be decoded', async () => {
    const admin = await quickAccount(server, { role: 'ADMIN' });
    const hollow = headerOnlyPng(800, 600, 8, 2);
    const res = await upload('/api/file/upload', 'image', hollow, admin.auth);
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_IMAGE', field: 'image' });
    expect((await storedHashes()).has(contentHash(hollow))).toBe(false);
  });

  it('takes a 16-bit image whose pixels fit the memory cap, and stores it as 8-bit WebP', async () => {
    const admin = await quickAccount(server, { role: 'ADMIN' });
    const small = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2255aa' } }).toColourspace('rgb16').png().toBuffer();
    const res = await upload('/api/file/upload', 'image', small, admin.auth);
    expect(res.status).toBe(201);
    const file = await fetch(server.url + res.body.data.url!);
    const stats = await sharp(Buffer.from(await file.arrayBuffer())).stats();
    expect(stats.channels.slice(0, 3).map((c) => Math.round(c.mean / 8))).toEqual([Math.round(0x22 / 8), Math.round(0x55 / 8), Math.round(0xaa / 8)]);
  });

  it('counts uploads per account across the avatar and the admin upload, 429 past the allowance, others unaffected', async () => {
    const admin = await createAccount(server, { role: 'ADMIN' });
    const other = await createAccount(server);
    const picture = (i: number) => sharp({ create: { width: 40, height: 40, channels: 3, background: `#10${String(20 + i)}40` } }).png().toBuffer();
    // the allowance is 3 (RATE_LIMITS=upload.user=3/3600): two admin uploads and an avatar use it up
    expect((await upload('/api/file/upload', 'image', await picture(1), admin.auth)).status).toBe(201);
    expect((await upload('/api/file/upload', 'image', await picture(2), admin.auth)).status).toBe(201);
    expect((await upload('/api/user/upload-avatar', 'avatar', await picture(3), admin.auth)).status).toBe(200);
    const before = await storedHashes();
    const fourth = await picture(4);
    for (const [path, field] of [['/api/file/upload', 'image'], ['/api/user/upload-avatar', 'avatar']] as const) {
      const refused = await upload(path, field, fourth, admin.auth);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    }
    expect((await storedHashes()).has(contentHash(fourth))).toBe(false);
    expect((await storedHashes()).size).toBe(before.size);
    // counted before the upload is even read: a body that is no upload at all is refused for the allowance
    const json = await server.api<Body>('POST', '/api/file/upload', { image: 'not a file' }, admin.auth);
    expect([json.status, json.body.code]).toEqual([429, 'RATE_LIMITED']);
    // another account has its own allowance
    expect((await upload('/api/user/upload-avatar', 'avatar', fourth, other.auth)).status).toBe(200);
  });

  it('runs one decode at a time with one waiting: a flood gets 503 BUSY with Retry-After, never a 500, and each 2xx is stored', async () => {
    const flood = 6;
    const admins = await Promise.all(Array.from({ length: flood }, () => quickAccount(server, { role: 'ADMIN' })));
    // 36 megapixels each (about 0.1 MB as a PNG of one colour): each takes a while to decode, so they overlap
    const pictures = await Promise.all(
      admins.map((_, i) => sharp({ create: { width: 6000, height: 6000, channels: 3, background: `#${(0x203040 + i * 0x010203).toString(16)}` } }).png().toBuffer()),
    );
    expect(new Set(pictures.map(contentHash)).size).toBe(flood);
    const answers = await Promise.all(pictures.map((bytes, i) => upload('/api/file/upload', 'image', bytes, admins[i]!.auth)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    const busy = answers.filter((a) => a.status === 503);
    const taken = answers.filter((a) => a.status === 201);
    expect(busy.length).toBeGreaterThan(0);
    expect(taken.length).toBeGreaterThanOrEqual(2); // the one running and the one waiting when the flood came
    for (const answer of busy) {
      expect(answer.body).toMatchObject({ success: false, code: 'BUSY' });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    for (const answer of taken) expect(answer.headers.get('server-timing')).toMatch(/^queue;dur=[\d.]+, encode;dur=[\d.]+$/);
    const stored = await storedHashes();
    pictures.forEach((bytes, i) => expect(stored.has(contentHash(bytes)), `picture ${i}`).toBe(answers[i]!.status === 201));
    for (const answer of taken) expect((await fetch(server.url + answer.body.data.url!)).status).toBe(200);
    // once the flood has passed, the queue takes work again
    const again = await upload('/api/file/upload', 'image', pictures[statuses.indexOf(503)]!, admins[0]!.auth);
    expect(again.status).toBe(201);
  }, 180_000); // a hang guard: three 36-megapixel decodes (and six pictures drawn) beside a busy run's other files
});
