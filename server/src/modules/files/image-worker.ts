// The image process (forked by image-process.ts; talks to its parent only): decodes and encodes uploaded
// pictures with encodeImage at niceness KADE_IMAGE_NICENESS (set by its parent), so a flood of uploads uses
// mostly what the shop's requests leave idle. One libvips thread per job and no operation cache
// (uploads never repeat). Ends with its parent: when the channel closes, it exits.
import { readdirSync } from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { isAppError } from '../../http/errors';
import { encodeImage } from './image';
import type { ImageJob, ImageReply } from './image-process';

/**
 * Lowers the priority of every thread this process has now (on Linux a thread's nice value is its own, so the
 * loader's threads are lowered one by one); the threads started later (libuv's pool, libvips') inherit it.
 */
function lowerPriority(niceness: number): void {
  try {
    os.setPriority(niceness);
  } catch {
    return; // not allowed here: run at the ordinary priority
  }
  let threads: string[] = [];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    // not Linux: the main thread is lowered, and the pool it starts inherits that
  }
  for (const tid of threads) {
    try {
      os.setPriority(Number(tid), niceness);
    } catch {
      // a thread that has ended meanwhile
    }
  }
}

lowerPriority(Number(process.env.KADE_IMAGE_NICENESS ?? 10));
sharp.concurrency(1);
sharp.cache(false);

const reply = (message: ImageReply) => process.send?.(message);

process.on('message', (job: ImageJob) => {
  const bytes = Buffer.from(job.image.bytes.buffer, job.image.bytes.byteOffset, job.image.bytes.byteLength);
  encodeImage({ ...job.image, bytes }, job.limits, job.options)
    .then((image) => reply({ id: job.id, ok: true, image }))
    .catch((error: unknown) =>
      reply({
        id: job.id,
        ok: false,
        error: isAppError(error) ? { code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) } : { message: String(error) },
      }),
    );
});
process.on('disconnect', () => process.exit(0));
reply({ ready: true });
