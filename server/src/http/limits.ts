// The limits that keep expensive or guessable doors from being used without end: one table of rate limits
// (counted in the database, so they hold across instances) and the sizes of the work queues that keep a
// flood of password hashes or image decodes from starving the shop. Every value can be changed by
// configuration (RATE_LIMITS, HASH_*, IMAGE_*); README.md's configuration table lists them.

export interface RateLimit {
  /** How many hits the window allows. */
  limit: number;
  windowSeconds: number;
}

/** Every rate limit the server applies, its default, and what it counts (for the README and errors). */
export const RATE_LIMIT_DEFAULTS = {
  /** Failed logins for one number from one address: the ordinary guessing limit. */
  'login.pair': { limit: 10, windowSeconds: 15 * 60 },
  /** Failed logins for one number from every address (ASVS 2.2.1: at most 100 an hour per account). */
  'login.number': { limit: 100, windowSeconds: 60 * 60 },
  /** Failed logins from one address across numbers (credential stuffing); successes give theirs back. */
  'login.address': { limit: 50, windowSeconds: 15 * 60 },
  /** Reset codes asked for one number. */
  'forgot.number': { limit: 3, windowSeconds: 15 * 60 },
  'forgot.address': { limit: 20, windowSeconds: 15 * 60 },
  /** Reset codes checked for one number, and from one address. */
  'otp.number': { limit: 10, windowSeconds: 15 * 60 },
  'otp.address': { limit: 30, windowSeconds: 15 * 60 },
  /** New passwords set (each one hashes): per number and per address. */
  'reset.number': { limit: 5, windowSeconds: 15 * 60 },
  'reset.address': { limit: 20, windowSeconds: 15 * 60 },
  /** Accounts registered (each one hashes a password): per address and per number tried. */
  'register.address': { limit: 10, windowSeconds: 60 * 60 },
  'register.number': { limit: 5, windowSeconds: 60 * 60 },
  /** Verification questions (POST /api/user/check-email-verification) from one address. */
  'verification.address': { limit: 30, windowSeconds: 15 * 60 },
  /** Images uploaded by one account (avatars, and an admin's catalogue pictures). */
  'upload.user': { limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimits = Record<RateLimitName, RateLimit>;

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[];

/**
 * Reads `RATE_LIMITS`: comma-separated `name=limit/seconds` overrides of the defaults, for example
 * `register.address=20/3600,login.pair=5/900`. Throws a message naming what is wrong.
 */
export function parseRateLimits(text: string | undefined): RateLimits {
  const limits: RateLimits = { ...RATE_LIMIT_DEFAULTS };
  for (const part of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([a-z.]+)=(\d{1,7})\/(\d{1,7})$/.exec(part);
    if (!match) throw new Error(`"${part}" must look like name=limit/seconds, for example login.pair=10/900`);
    const [, name, limit, seconds] = match as unknown as [string, string, string, string];
    if (!(RATE_LIMIT_NAMES as string[]).includes(name)) throw new Error(`"${name}" is not a rate limit; the names are ${RATE_LIMIT_NAMES.join(', ')}`);
    if (Number(limit) < 1 || Number(seconds) < 1) throw new Error(`"${part}" needs a limit and a window of at least 1`);
    limits[name as RateLimitName] = { limit: Number(limit), windowSeconds: Number(seconds) };
  }
  return limits;
}

/** The sizes of the work queues (see lib/work-queue.ts): how many run at once, and how many may wait. */
export interface WorkLimits {
  hashConcurrency: number;
  hashQueue: number;
  imageConcurrency: number;
  imageQueue: number;
  /** The most pixels an uploaded image may have; checked from its header before it is decoded. */
  imageMaxPixels: number;
}
