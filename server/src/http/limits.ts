// The limits that keep expensive or guessable doors from being used without end: one table of rate limits
// (counted in the database, so they hold across instances) and the sizes of the work queues that keep a
// flood of password hashes or image decodes from starving the shop. Every value can be changed by
// configuration (RATE_LIMITS, HASH_*, IMAGE_*); README.md's configuration table lists them.

export interface RateLimit {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * Every rate limit the server applies, what it counts, and its default written as RATE_LIMITS writes a change
 * (`limit/seconds`, as README.md's table shows them), so one reader turns both into numbers.
 */
const DEFAULTS = {
  /** Failed logins for one number from one address: the ordinary guessing limit. */
  'login.pair': '10/900',
  /**
   * Failed logins for one number from every address (ASVS 2.2.1: at most 100 an hour per account). Once met, every
   * try for the number is refused unchecked, except from a device that has logged in to the account before.
   */
  'login.number': '100/3600',
  /** Failed logins from one such device (its signed device cookie): its own small budget, apart from the ceiling. */
  'login.device': '10/3600',
  /** Failed logins from one address across numbers (credential stuffing); successes give theirs back. */
  'login.address': '50/900',
  /** Reset codes asked for one number. */
  'forgot.number': '3/900',
  'forgot.address': '20/900',
  /** Reset codes checked for one number, and from one address. */
  'otp.number': '10/900',
  'otp.address': '30/900',
  /** New passwords set (each one hashes): per number and per address. */
  'reset.number': '5/900',
  'reset.address': '20/900',
  /** Accounts registered (each one hashes a password): per address and per number tried. */
  'register.address': '10/3600',
  'register.number': '5/3600',
  /** Verification questions (POST /api/user/check-email-verification) from one address, and about one number. */
  'verification.address': '30/900',
  'verification.number': '10/900',
  /** Images uploaded by one account (avatars, and an admin's catalogue pictures). */
  'upload.user': '60/3600',
} as const satisfies Record<string, `${number}/${number}`>;

export type RateLimitName = keyof typeof DEFAULTS;
export type RateLimits = Record<RateLimitName, RateLimit>;

export const RATE_LIMIT_NAMES = Object.keys(DEFAULTS) as RateLimitName[];

/** One `name=limit/seconds`, read; throws a message naming what is wrong. */
function readLimit(part: string): [RateLimitName, RateLimit] {
  const match = /^([a-z.]+)=(\d{1,7})\/(\d{1,7})$/.exec(part);
  if (!match) throw new Error(`"${part}" must look like name=limit/seconds, for example login.pair=10/900`);
  const [, name, limit, seconds] = match as unknown as [string, string, string, string];
  if (!(RATE_LIMIT_NAMES as string[]).includes(name)) throw new Error(`"${name}" is not a rate limit; the names are ${RATE_LIMIT_NAMES.join(', ')}`);
  if (Number(limit) < 1 || Number(seconds) < 1) throw new Error(`"${part}" needs a limit and a window of at least 1`);
  return [name as RateLimitName, { limit: Number(limit), windowSeconds: Number(seconds) }];
}

export const RATE_LIMIT_DEFAULTS = Object.fromEntries(Object.entries(DEFAULTS).map(([name, value]) => readLimit(`${name}=${value}`))) as RateLimits;

/**
 * Reads `RATE_LIMITS`: comma-separated `name=limit/seconds` overrides of the defaults, for example
 * `register.address=20/3600,login.pair=5/900`. Throws a message naming what is wrong.
 */
export function parseRateLimits(text: string | undefined): RateLimits {
  const changes = (text ?? '').split(',').map((s) => s.trim()).filter(Boolean).map(readLimit);
  return { ...RATE_LIMIT_DEFAULTS, ...Object.fromEntries(changes) };
}

/**
 * How long an upload may wait for the image queue before it is answered 503 BUSY, unless IMAGE_MAX_WAIT_SECONDS
 * says otherwise: under a proxy's usual 60 s, so the caller hears "try again" from us rather than a gateway
 * timeout while its picture is still stored.
 */
export const IMAGE_MAX_WAIT_MS = 30_000;

/** The sizes of the work queues (see lib/work-queue.ts): how many run at once, and how many may wait. */
export interface WorkLimits {
  hashConcurrency: number;
  hashQueue: number;
  imageConcurrency: number;
  imageQueue: number;
  /** How long an upload may wait for its turn in the image queue before it is answered 503 BUSY. */
  imageMaxWaitMs: number;
  /** The most pixels an uploaded image may have; checked from its header before it is decoded. */
  imageMaxPixels: number;
}
