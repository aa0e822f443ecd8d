import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createWorkQueue } from '../../lib/work-queue';
import { PASSWORD_COST } from '../../auth/password-cost';
import { createScryptPool } from './password-pool';

/** scrypt's parameters for a cost (log2 N); a cost below PASSWORD_COST is for tests only (config.ts refuses it in production). */
export function scryptParams(cost: number): ScryptParams {
  return { N: 2 ** cost, r: 8, p: 1 };
}

export const SCRYPT_PARAMS = scryptParams(PASSWORD_COST);
const KEY_LENGTH = 32;

type ScryptParams = { N: number; r: number; p: number };
/** Where the key is derived: libuv's pool by default (scripts, the seed); the server's own low-priority threads. */
type Derive = (password: string, salt: Buffer, keyLength: number, options: ScryptParams & { maxmem: number }) => Promise<Buffer>;

const libuvScrypt: Derive = (password, salt, keyLength, options) =>
  new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLength, options as ScryptOptions, (error, key) => (error ? reject(error) : resolve(key)));
  });

function scrypt(password: string, salt: Buffer, params: ScryptParams, derive: Derive): Promise<Buffer> {
  return derive(password.normalize('NFKC'), salt, KEY_LENGTH, { ...params, maxmem: 256 * params.N * params.r });
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS, derive: Derive = libuvScrypt): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params, derive);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Checks a password against a stored hash in constant time; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string, derive: Derive = libuvScrypt): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) }, derive);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Hashing and checking passwords through one bounded queue per instance (see lib/work-queue.ts). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Runs and waits now, for the work-queue's numbers in tests and the bench. */
  stats(): { running: number; waiting: number };
  /** How many password checks this instance has been asked for (tests count them: a refused login asks none). */
  checks(): number;
  /** The nice value of each hashing thread (Linux; null elsewhere), for tests. */
  niceness(): Promise<Array<number | null>>;
  /** Lets the hashing threads go (the server's close). */
  close(): Promise<void>;
}

/**
 * Each scrypt hash takes 128 MiB and a core for most of a second: unbounded, 80 registrations pushed the server
 * past a gigabyte and stalled every page. Here at most `hashConcurrency` run at once, each in a thread of the
 * server's own at a lower CPU priority (password-pool.ts), so a flood of logins takes the CPU the shop's reads
 * leave; at most `hashQueue` wait, and one more is refused with 503 BUSY and a Retry-After.
 */
export function createPasswordHasher(limits: { hashConcurrency: number; hashQueue: number }, params = SCRYPT_PARAMS): PasswordHasher {
  const queue = createWorkQueue({
    name: 'password hashing',
    concurrency: limits.hashConcurrency,
    maxWaiting: limits.hashQueue,
    busyMessage: 'The shop is very busy right now. Please try again in a few seconds.',
  });
  const pool = createScryptPool(limits.hashConcurrency);
  let checks = 0;
  return {
    hash: (password) => queue.run(() => hashPassword(password, params, pool.scrypt)),
    verify: (password, stored) => {
      checks += 1;
      return queue.run(() => verifyPassword(password, stored, pool.scrypt));
    },
    stats: () => queue.stats(),
    checks: () => checks,
    niceness: () => pool.niceness(),
    close: () => pool.close(),
  };
}
