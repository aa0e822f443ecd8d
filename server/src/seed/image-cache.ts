// The demo seed's pictures, kept between seeds when SEED_IMAGE_CACHE_DIR names a folder. Drawing and encoding the
// catalogue's 350 pictures is most of a minute of both cores, and a test run seeds a fresh shop several times (the
// first start, the compiled server, the browser tests' and the counter's servers): with the folder set (as
// `npm test` does, one new folder a run) the first seed draws them and every later one reads them back.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/**
 * The pictures for `inputs`: read from `dir` when a seed with the same inputs drew them, else drawn by `draw` and
 * kept there. `inputs` must name everything the pictures depend on (the catalogue's names and looks, the size, the
 * drawing code's version). An unreadable or foreign file is drawn again; a folder that cannot be written is only
 * not kept in.
 */
export async function cachedSeedImages<T>(dir: string | undefined, inputs: unknown, draw: () => Promise<T>): Promise<{ images: T; fromCache: boolean }> {
  if (!dir) return { images: await draw(), fromCache: false };
  const key = createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 32);
  const file = path.join(dir, `seed-images-${key}.v8`);
  try {
    const kept = deserialize(readFileSync(file)) as { key?: unknown; images?: T };
    if (kept.key === key && kept.images !== undefined) return { images: kept.images, fromCache: true };
  } catch {
    // not kept yet, or not readable: draw them
  }
  const images = await draw();
  try {
    mkdirSync(dir, { recursive: true });
    // written whole under another name, then renamed: a seed running beside this one reads all of it or none
    const part = `${file}.${process.pid}.part`;
    writeFileSync(part, serialize({ key, images }));
    renameSync(part, file);
  } catch {
    // a folder that cannot be written only means the next seed draws them again
  }
  return { images, fromCache: false };
}
