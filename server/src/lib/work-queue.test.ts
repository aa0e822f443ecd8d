import { describe, expect, it } from 'vitest';
import { createWorkQueue } from './work-queue';

/** A job that runs until the test lets it go, recording how many of its kind run at once. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createWorkQueue', () => {
  it('never runs more than its concurrency at once, and runs every accepted job', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 2, maxWaiting: 10, busyMessage: 'busy' });
    let running = 0;
    let most = 0;
    let finished = 0;
    const gates = Array.from({ length: 12 }, gate);
    const results = gates.map((g, i) =>
      queue.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await g.opened;
        running -= 1;
        finished += 1;
        return i;
      }),
    );
    await tick();
    expect(queue.stats()).toEqual({ running: 2, waiting: 10 });
    for (const g of gates) {
      g.open();
      await tick();
    }
    expect(await Promise.all(results)).toEqual(gates.map((_, i) => i));
    expect(most).toBe(2);
    expect(finished).toBe(12);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a job past the waiting room at once with 503 BUSY and a Retry-After, and never runs it', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 2, busyMessage: 'Too busy, try again.' });
    const hold = gate();
    const started: number[] = [];
    const job = (i: number) => () => {
      started.push(i);
      return hold.opened.then(() => i);
    };
    const accepted = [0, 1, 2].map((i) => queue.run(job(i)));
    const refused = [3, 4].map((i) => queue.run(job(i)));
    for (const r of refused) {
      await expect(r).rejects.toMatchObject({ status: 503, code: 'BUSY', message: 'Too busy, try again.', details: { retryAfterSeconds: expect.any(Number) } });
    }
    expect(queue.stats()).toEqual({ running: 1, waiting: 2 });
    hold.open();
    expect(await Promise.all(accepted)).toEqual([0, 1, 2]);
    expect(started).toEqual([0, 1, 2]); // 3 and 4 never ran
    // once the queue has room again it takes work again
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('with no waiting room takes only what it can run now', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 0, busyMessage: 'busy' });
    const hold = gate();
    const first = queue.run(() => hold.opened);
    await expect(queue.run(async () => 'second')).rejects.toMatchObject({ code: 'BUSY' });
    hold.open();
    await first;
    expect(await queue.run(async () => 'third')).toBe('third');
  });

  it('passes a job’s error to its caller and keeps going', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 5, busyMessage: 'busy' });
    const failing = queue.run(async () => {
      throw new Error('the decoder broke');
    });
    const after = queue.run(async () => 'still working');
    await expect(failing).rejects.toThrow('the decoder broke');
    expect(await after).toBe('still working');
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its slot when a job throws synchronously', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 0, busyMessage: 'busy' });
    await expect(
      queue.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
