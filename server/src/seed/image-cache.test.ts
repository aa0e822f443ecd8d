import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedSeedImages } from './image-cache';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'kade-seed-cache-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A drawing that counts how often it ran and answers pictures with bytes in them, as the seed's do. */
function counted(bytes: string) {
  let runs = 0;
  return {
    draw: async () => {
      runs += 1;
      return { banner: { hash: 'b', url: '/files/b-480.webp', rows: [{ key: 'b', content: Buffer.from(bytes) }] }, products: new Map([['Tea', { hash: 't' }]]) };
    },
    runs: () => runs,
  };
}

describe('the demo seed\'s kept pictures', () => {
  it('draws every time when no folder is set', async () => {
    const drawing = counted('png');
    await cachedSeedImages(undefined, { size: 96 }, drawing.draw);
    const again = await cachedSeedImages(undefined, { size: 96 }, drawing.draw);
    expect(again.fromCache).toBe(false);
    expect(drawing.runs()).toBe(2);
  });

  it('draws once for the same inputs and reads the same pictures back, buffers and maps included', async () => {
    const dir = tempDir();
    const drawing = counted('picture bytes');
    const first = await cachedSeedImages(dir, { size: 96, names: ['Tea'] }, drawing.draw);
    const second = await cachedSeedImages(dir, { size: 96, names: ['Tea'] }, drawing.draw);
    expect(first.fromCache).toBe(false);
    expect(second.fromCache).toBe(true);
    expect(drawing.runs()).toBe(1);
    expect(Buffer.isBuffer(second.images.banner.rows[0]?.content)).toBe(true);
    expect(second.images.banner.rows[0]?.content.toString()).toBe('picture bytes');
    expect(second.images.products.get('Tea')).toEqual({ hash: 't' });
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('draws again when anything the pictures depend on differs', async () => {
    const dir = tempDir();
    const drawing = counted('png');
    await cachedSeedImages(dir, { size: 96, version: 1 }, drawing.draw);
    const otherSize = await cachedSeedImages(dir, { size: 480, version: 1 }, drawing.draw);
    const otherVersion = await cachedSeedImages(dir, { size: 96, version: 2 }, drawing.draw);
    expect([otherSize.fromCache, otherVersion.fromCache]).toEqual([false, false]);
    expect(drawing.runs()).toBe(3);
  });

  it('draws again over a damaged file, and still answers when the folder cannot be written', async () => {
    const dir = tempDir();
    const drawing = counted('png');
    await cachedSeedImages(dir, { size: 96 }, drawing.draw);
    const [file] = readdirSync(dir);
    writeFileSync(path.join(dir, file as string), 'not a picture file');
    const redrawn = await cachedSeedImages(dir, { size: 96 }, drawing.draw);
    expect(redrawn.fromCache).toBe(false);
    expect((await cachedSeedImages(dir, { size: 96 }, drawing.draw)).fromCache).toBe(true);

    const blocked = path.join(tempDir(), 'a-file');
    writeFileSync(blocked, 'in the way');
    const unwritable = await cachedSeedImages(path.join(blocked, 'cache'), { size: 96 }, drawing.draw);
    expect(unwritable.images.banner.rows[0]?.content.toString()).toBe('png');
    expect(drawing.runs()).toBe(3);
  });
});
