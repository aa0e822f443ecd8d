// Stored images: the uploads' service (allowance, checks, queue, storage) and the helpers the seed and the
// fixtures use. What happens to the bytes themselves is in image.ts.
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { enforceRateLimits } from '../../http/rate-limit';
import { createWorkQueue, type WorkQueue } from '../../lib/work-queue';
import { checkImage, encodeImage, fileUrl, imageLimits, type CheckedImage, type ImageOptions, type PreparedImage } from './image';
import { createImageProcess } from './image-process';
import type { Db } from '../../db/database';

export {
  DECODED_BYTES_PER_PIXEL,
  IMAGE_WIDTHS,
  MAIN_WIDTH,
  MAX_IMAGE_PIXELS,
  fileUrl,
  prepareImage,
  sniffImageType,
  type ImageLimits,
  type ImageOptions,
  type PreparedImage,
} from './image';

/** Writes a prepared image; the same content written twice is kept once. */
export async function savePreparedImage(db: Db, image: PreparedImage): Promise<string> {
  await db('stored_files').insert(image.rows).onConflict('key').ignore();
  return image.url;
}

/** Encodes and writes a checked image unless the same content is stored already (then nothing is decoded). */
async function saveUnlessStored(db: Db, checked: CheckedImage, encode: () => Promise<PreparedImage>) {
  const existing = await db('stored_files').where({ content_hash: checked.hash }).first('key');
  if (!existing) await savePreparedImage(db, await encode());
  return { url: fileUrl(checked.hash), hash: checked.hash };
}

/**
 * Stores an image here and now, with no queue and no allowance (fixtures, scripts): the same checks and encoding
 * as an upload, and the same content stored once. Uploads go through `createImageService`.
 */
export async function storeImage(db: Db, bytes: Buffer, options: ImageOptions = {}): Promise<{ url: string; hash: string }> {
  const limits = imageLimits();
  const checked = await checkImage(bytes, limits, options.field);
  return saveUnlessStored(db, checked, () => encodeImage(checked, limits, options));
}

const RETRY_AFTER_WAITED_SECONDS = 30;

/**
 * Runs a job through a queue, unless it has not started within `maxWaitMs`: then the caller is answered 503 BUSY
 * at once, and the job, when its turn comes, ends without running.
 */
export function runWithin<T>(queue: WorkQueue, maxWaitMs: number, job: () => Promise<T>): Promise<T> {
  const busy = () =>
    new AppError('BUSY', 'Pictures are waiting a long time to be processed right now. Please try again in a minute.', {
      details: { retryAfterSeconds: RETRY_AFTER_WAITED_SECONDS },
    });
  let started = false;
  let expired = false;
  const queued = queue.run(() => {
    if (expired) return Promise.reject(busy());
    started = true;
    return job();
  });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      if (started) return;
      expired = true;
      reject(busy());
    }, maxWaitMs);
    timer.unref();
    queued.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error as Error);
      },
    );
  });
}

export interface StoredImage {
  url: string;
  hash: string;
  /** When this call encoded the image: how long it waited for the queue, and how long the encoding took. */
  timing?: { waitMs: number; encodeMs: number };
}

export interface ImageService {
  /**
   * Counts one upload against the account's allowance (`upload.user`, in the database so it holds across
   * instances) and refuses with 429 past it. Called before the upload is read: every attempt counts, and one
   * past the allowance costs a row, not a decode.
   */
  countUpload(userId: string): Promise<void>;
  /**
   * Stores an uploaded image: checks its header against the limits (413 before anything is decoded), answers
   * at once when the same content is stored already, otherwise encodes it through this instance's image queue
   * (503 BUSY with a Retry-After when the queue is full, or when its turn has not come within 30 s) and keeps
   * every variant in the database under a content-hash key. Answers the URL of the main variant.
   */
  store(bytes: Buffer, options?: ImageOptions): Promise<StoredImage>;
  /** Image jobs running and waiting on this instance now. */
  stats(): { running: number; waiting: number };
  /** Stops the image process (the server's close). */
  close(): void;
}

/**
 * Image uploads for one server instance, built once in app.ts: one bounded queue (IMAGE_CONCURRENCY at once,
 * IMAGE_QUEUE waiting) in front of one low-priority image process (image-process.ts), so a flood of decodes
 * waits its turn, or is turned away, instead of taking the shop's memory and cores.
 */
export function createImageService(deps: { db: Knex; clock: Clock; config: Pick<Config, 'rateLimits' | 'work'> }): ImageService {
  const { db, clock, config } = deps;
  const maxWaitMs = config.work.imageMaxWaitMs;
  const limits = imageLimits(config.work.imageMaxPixels);
  const worker = createImageProcess();
  const queue = createWorkQueue({
    name: 'images',
    concurrency: config.work.imageConcurrency,
    maxWaiting: config.work.imageQueue,
    busyMessage: 'Many pictures are being uploaded right now. Please try again in a few seconds.',
  });
  const allowance = config.rateLimits['upload.user'];
  return {
    countUpload: (userId) =>
      enforceRateLimits(db, clock, [{ key: `upload:user:${userId}`, ...allowance }], 'You have uploaded many pictures in a short time.'),
    async store(bytes, options = {}) {
      const checked = await checkImage(bytes, limits, options.field);
      let timing: StoredImage['timing'];
      const stored = await saveUnlessStored(db, checked, () => {
        const asked = performance.now();
        return runWithin(queue, maxWaitMs, async () => {
          const started = performance.now();
          const prepared = await worker.encode(checked, limits, options);
          timing = { waitMs: started - asked, encodeMs: performance.now() - started };
          return prepared;
        });
      });
      return { ...stored, ...(timing ? { timing } : {}) };
    },
    stats: () => queue.stats(),
    close: () => worker.close(),
  };
}
