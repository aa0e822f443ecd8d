import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { tooManyRequests } from './errors';

export interface RateRule {
  /** What is counted, e.g. `login:mobile:0771234567` or `login:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters kept in the database, so a limit holds across every server instance. Counts one
 * hit against each rule and refuses (429, with when to come back) once any rule is over its limit.
 */
export async function enforceRateLimits(db: Knex, clock: Clock, rules: readonly RateRule[], message: string): Promise<void> {
  const now = clock.now();
  let retryAfter = 0;
  for (const rule of rules) {
    const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
    const result = await db.raw(
      `insert into rate_limit_buckets (key, hits, reset_at) values (?, 1, ?)
       on conflict (key) do update set
         hits = case when rate_limit_buckets.reset_at <= ? then 1 else rate_limit_buckets.hits + 1 end,
         reset_at = case when rate_limit_buckets.reset_at <= ? then excluded.reset_at else rate_limit_buckets.reset_at end
       returning hits, reset_at`,
      [rule.key, resetAt, now, now],
    );
    const row = (result.rows as Array<{ hits: number; reset_at: Date | string }>)[0];
    if (row && row.hits > rule.limit) {
      retryAfter = Math.max(retryAfter, Math.ceil((new Date(row.reset_at).getTime() - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    const minutes = Math.ceil(retryAfter / 60);
    throw tooManyRequests(`${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter);
  }
}

/**
 * Takes back one hit of a rule, within its window: for limits meant to count only attempts that fail (a login
 * that succeeds should not use up the allowance of everyone behind the same carrier address).
 */
export async function refundRateLimit(db: Knex, clock: Clock, key: string): Promise<void> {
  await db('rate_limit_buckets').where({ key }).andWhere('reset_at', '>', clock.now()).andWhere('hits', '>', 0).decrement('hits', 1);
}

/** Forgets counters whose window ended long ago (called now and then, not on the request path). */
export async function pruneRateLimits(db: Knex, clock: Clock): Promise<number> {
  // `returning` gives the same answer on PostgreSQL and PGlite (whose driver does not report a row count).
  const gone = await db('rate_limit_buckets').where('reset_at', '<', new Date(clock.now().getTime() - 3600_000)).del().returning('key');
  return gone.length;
}
