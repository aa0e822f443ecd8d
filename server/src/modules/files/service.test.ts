import { describe, expect, it } from 'vitest';
import { createWorkQueue } from '../../lib/work-queue';
import { runWithin } from './service';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('runWithin', () => {
  it('answers 503 BUSY to a job whose turn has not come in time, which then never runs and frees its place', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 1, busyMessage: 'full' });
    const hold = gate();
    const ran: string[] = [];
    const first = runWithin(queue, 60_000, async () => {
      ran.push('first');
      await hold.opened;
      return 'first';
    });
    const late = runWithin(queue, 5, async () => {
      ran.push('late');
      return 'late';
    });
    await expect(late).rejects.toMatchObject({ status: 503, code: 'BUSY', details: { retryAfterSeconds: 30 } });
    expect(queue.stats()).toEqual({ running: 1, waiting: 1 }); // still in line until the first is done
    hold.open();
    expect(await first).toBe('first');
    expect(await runWithin(queue, 60_000, async () => 'next')).toBe('next');
    expect(ran).toEqual(['first']);
    expect(queue.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a job that started in time run to its end, and passes its answer or its error', async () => {
    const queue = createWorkQueue({ name: 'test', concurrency: 1, maxWaiting: 0, busyMessage: 'full' });
    const hold = gate();
    const slow = runWithin(queue, 5, async () => {
      await hold.opened; // runs well past the 5 ms: it started in time
      return 'done';
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    hold.open();
    expect(await slow).toBe('done');
    await expect(runWithin(queue, 5, () => Promise.reject(new Error('decoder broke')))).rejects.toThrow('decoder broke');
  });
});
