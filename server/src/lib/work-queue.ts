import pLimit from 'p-limit';
import { AppError } from '../http/errors';

/**
 * A small bounded queue for expensive work (a password hash takes 128 MiB and a core; an image decode can take
 * hundreds of MiB): at most `concurrency` jobs run at once, at most `maxWaiting` wait their turn, and one more
 * is refused at once with 503 and a Retry-After, so a flood waits or is turned away instead of starving the
 * shop's reads of memory and threads. Per process: each instance protects its own memory.
 */
/** What a refused caller is told to wait before trying again. */
const RETRY_AFTER_SECONDS = 5;

export interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running now and waiting now. */
  stats(): { running: number; waiting: number };
}

export function createWorkQueue(options: { name: string; concurrency: number; maxWaiting: number; busyMessage: string }): WorkQueue {
  const limit = pLimit(options.concurrency);
  return {
    run<T>(job: () => Promise<T>): Promise<T> {
      if (limit.activeCount >= options.concurrency && limit.pendingCount >= options.maxWaiting) {
        return Promise.reject(new AppError('BUSY', options.busyMessage, { details: { retryAfterSeconds: RETRY_AFTER_SECONDS } }));
      }
      return limit(job);
    },
    stats: () => ({ running: limit.activeCount, waiting: limit.pendingCount }),
  };
}
