import { isIPv4, isIPv6 } from 'node:net';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { tooManyRequests } from './errors';
import type { RateLimit } from './limits';

/** An IPv6 address as its eight 16-bit groups (a dotted IPv4 tail, as in `::ffff:192.0.2.1`, is the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((group) => parseInt(group, 16));
}

/**
 * The address a per-address limit counts a client by: an IPv4 address (or an IPv4-mapped IPv6 one, as a dual-stack
 * socket reports IPv4 clients) as the full IPv4 address; any other IPv6 address by its /64, since one subscriber is
 * usually given a whole /64 and could otherwise take a fresh address for every try. Every per-address key goes
 * through here. Anything else (a proxy header that is no address) is kept as it is.
 */
export function rateLimitAddress(ip: string): string {
  const bare = ip.trim().replace(/^\[(.*)\]$/, '$1').split('%')[0] ?? '';
  if (isIPv4(bare) || !isIPv6(bare)) return bare;
  const groups = ipv6Groups(bare.toLowerCase());
  const [g5, g6 = 0, g7 = 0] = groups.slice(5);
  if (groups.slice(0, 5).every((g) => g === 0) && g5 === 0xffff) return [g6 >> 8, g6 & 255, g7 >> 8, g7 & 255].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

export interface RateRule {
  /** What is counted, e.g. `login:mobile:0771234567` or `login:ip:203.0.113.9` (addresses from `rateLimitAddress`). */
  key: string;
  limit: number;
  windowSeconds: number;
}

/** A rule for `key` from the configured table (limits.ts). */
export function rule(key: string, limit: RateLimit): RateRule {
  return { key, limit: limit.limit, windowSeconds: limit.windowSeconds };
}

export interface Counted {
  /** The hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends. */
  retryAfter: number;
}

/**
 * Counts one hit against each rule (fixed windows kept in the database, so they hold across every server
 * instance) and answers each rule's count, in order. Refusing is the caller's decision: see `enforceRateLimits`.
 */
export async function countHits(db: Knex, clock: Clock, rules: readonly RateRule[]): Promise<Counted[]> {
  const now = clock.now();
  const counted: Counted[] = [];
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
    counted.push({ hits: row?.hits ?? 1, retryAfter: Math.max(1, Math.ceil((new Date(row?.reset_at ?? resetAt).getTime() - now.getTime()) / 1000)) });
  }
  return counted;
}

/** The 429 for a limit that is over, saying when to come back. */
export function rateLimited(message: string, retryAfterSeconds: number) {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return tooManyRequests(`${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfterSeconds);
}

/** Counts one hit against each rule and refuses (429, with when to come back) once any rule is over its limit. */
export async function enforceRateLimits(db: Knex, clock: Clock, rules: readonly RateRule[], message: string): Promise<void> {
  const counted = await countHits(db, clock, rules);
  const over = counted.filter((c, i) => c.hits > (rules[i] as RateRule).limit);
  if (over.length > 0) throw rateLimited(message, Math.max(...over.map((c) => c.retryAfter)));
}

/**
 * Takes back one hit of a rule, within its window: for limits meant to count only attempts that fail (a login
 * that succeeds should not use up the allowance of everyone behind the same carrier address).
 */
export async function refundRateLimit(db: Knex, clock: Clock, keys: string | readonly string[]): Promise<void> {
  const list = typeof keys === 'string' ? [keys] : [...keys];
  await db('rate_limit_buckets').whereIn('key', list).andWhere('reset_at', '>', clock.now()).andWhere('hits', '>', 0).decrement('hits', 1);
}

/** Forgets counters whose window ended long ago (called now and then, not on the request path). */
export async function pruneRateLimits(db: Knex, clock: Clock): Promise<number> {
  // `returning` gives the same answer on PostgreSQL and PGlite (whose driver does not report a row count).
  const gone = await db('rate_limit_buckets').where('reset_at', '<', new Date(clock.now().getTime() - 3600_000)).del().returning('key');
  return gone.length;
}
