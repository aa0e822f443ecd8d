import { describe, expect, it } from 'vitest';
import { counterHeartbeatSchema } from './counters';
import { formatZodError } from './format-error';

const ID = '3f0c6a52-0d5e-4f7b-9a61-2a7d8e4b1c90';

describe('the counter heartbeat', () => {
  it('takes a well-formed report', () => {
    expect(counterHeartbeatSchema.parse({ counterId: ID, name: 'Front counter', printer: 'connected', queued: 0 })).toMatchObject({
      counterId: ID,
      name: 'Front counter',
      printer: 'connected',
      queued: 0,
    });
  });

  it.each([
    [{ counterId: 'x', name: 'A', printer: 'connected', queued: 0 }, 'counterId'],
    [{ counterId: ID, name: '', printer: 'connected', queued: 0 }, 'name'],
    [{ counterId: ID, name: 'A', printer: 'jammed', queued: 0 }, 'printer'],
    [{ counterId: ID, name: 'A', printer: 'offline', queued: -1 }, 'queued'],
  ])('refuses %o naming %s', (body, field) => {
    const result = counterHeartbeatSchema.safeParse(body);
    expect(result.success).toBe(false);
    if (!result.success) expect(formatZodError(result.error).field).toBe(field);
  });
});
