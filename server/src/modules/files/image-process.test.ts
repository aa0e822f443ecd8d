import { existsSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImage, imageLimits, IMAGE_WIDTHS } from './image';
import { createImageProcess, DEFAULT_NICENESS, type ImageProcess } from './image-process';

const limits = imageLimits();
const picture = (colour: string) => sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).png().toBuffer();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The nice value of every thread of a process (Linux: field 19 of /proc/<pid>/task/<tid>/stat). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]));
}

describe('the image process', () => {
  let images: ImageProcess | undefined;
  afterEach(() => images?.close());

  it('encodes every width in a process of its own whose every thread runs at the lower priority', async () => {
    images = createImageProcess();
    const checked = await checkImage(await picture('#e07a1f'), limits);
    const prepared = await images.encode(checked, limits, { originalName: 'a.png' });
    expect(prepared.rows.map((r) => [r.width, r.variant])).toEqual(IMAGE_WIDTHS.map((w) => [w, String(w)]));
    for (const row of prepared.rows) {
      expect(Buffer.isBuffer(row.data)).toBe(true);
      expect((await sharp(row.data as Buffer).metadata()).format).toBe('webp');
    }
    const pid = images.pid();
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    if (existsSync('/proc/self/task')) {
      const niceness = threadNiceness(pid!);
      expect(niceness.length).toBeGreaterThan(1);
      expect(new Set(niceness)).toEqual(new Set([DEFAULT_NICENESS]));
    }
  });

  it('answers 415 for pixels that cannot be decoded behind a good header, and goes on with the next job', async () => {
    images = createImageProcess();
    const good = await picture('#2255aa');
    const damaged = Buffer.from(good);
    damaged.fill(0x41, 70, damaged.length - 20); // the header and the first chunk heads survive, the compressed pixels do not
    const checked = await checkImage(damaged, limits, 'avatar');
    await expect(images.encode(checked, limits, { field: 'avatar' })).rejects.toMatchObject({ status: 415, code: 'UNSUPPORTED_IMAGE', field: 'avatar' });
    const next = await images.encode(await checkImage(good, limits), limits, {});
    expect(next.rows).toHaveLength(IMAGE_WIDTHS.length);
  });

  it('fails the jobs in flight when closed, and starts a new process for the next one', async () => {
    images = createImageProcess();
    const checked = await checkImage(await picture('#33aa55'), limits);
    await images.encode(checked, limits, {});
    const first = images.pid();
    const inFlight = images.encode(checked, limits, {});
    await sleep(0);
    images.close();
    await expect(inFlight).rejects.toThrow(/closed|stopped/);
    await images.encode(checked, limits, {});
    expect(images.pid()).toBeDefined();
    expect(images.pid()).not.toBe(first);
  });

  it('stops its process after a quiet spell', async () => {
    images = createImageProcess({ idleMs: 100 });
    await images.encode(await checkImage(await picture('#884488'), limits), limits, {});
    const pid = images.pid()!;
    for (let i = 0; i < 100 && existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z'); i += 1) await sleep(100);
    expect(images.pid()).toBeUndefined();
  });
});
