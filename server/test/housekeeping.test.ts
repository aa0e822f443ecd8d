// A production start without the demo seed (the first admin from ADMIN_MOBILE/ADMIN_PASSWORD) and the pruning
// of ended rate-limit counters, on each database kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest } from '../src/db/migrate';
import { toCount } from '../src/db/database';
import { createLogger } from '../src/logger';
import { verifyPassword } from '../src/modules/users/password';
import { pruneRateLimits } from '../src/http/rate-limit';
import { ensureFirstAdmin } from '../src/seed/run';
import { createTestDatabase, DB_KINDS, testConfig, type TestDatabase } from './helpers';

const logger = createLogger('silent');

describe.each(DB_KINDS)('housekeeping on %s', (kind) => {
  let test: TestDatabase;
  const withAdmin = testConfig({ ADMIN_MOBILE: '0779990001', ADMIN_PASSWORD: 'first-admin-pass' });
  const without = testConfig();

  beforeAll(async () => {
    test = await createTestDatabase(kind);
    await migrateLatest(test.db);
  });
  afterAll(async () => {
    await test?.drop();
    withAdmin.cleanup();
    without.cleanup();
  });

  const admins = async () => toCount((await test.db.knex('users').where({ role: 'ADMIN' }).count('* as count'))[0]?.count);

  it('creates no admin without ADMIN_MOBILE, then the first admin from it once, and never a second', async () => {
    expect(await ensureFirstAdmin(test.db, without.config, logger)).toBe(false);
    expect(await admins()).toBe(0);

    const results = await Promise.all([ensureFirstAdmin(test.db, withAdmin.config, logger), ensureFirstAdmin(test.db, withAdmin.config, logger)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await admins()).toBe(1);
    const row = await test.db.knex('users').where({ role: 'ADMIN' }).first('mobile', 'password_hash');
    expect(row?.mobile).toBe('0779990001');
    expect(await verifyPassword('first-admin-pass', row?.password_hash as string)).toBe(true);

    expect(await ensureFirstAdmin(test.db, withAdmin.config, logger)).toBe(false);
    expect(await admins()).toBe(1);
  });

  it('forgets rate-limit counters whose window ended over an hour ago and keeps the rest', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const clock = { now: () => now };
    const row = (key: string, resetAt: Date) => ({ key, hits: 3, reset_at: resetAt });
    await test.db.knex('rate_limit_buckets').insert([
      row('old', new Date(now.getTime() - 2 * 3600_000)),
      row('recent', new Date(now.getTime() - 10 * 60_000)),
      row('live', new Date(now.getTime() + 10 * 60_000)),
    ]);
    expect(await pruneRateLimits(test.db.knex, clock)).toBe(1);
    const left = (await test.db.knex('rate_limit_buckets').select('key')).map((r: { key: string }) => r.key).sort();
    expect(left).toEqual(['live', 'recent']);
  });
});
