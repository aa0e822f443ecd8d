import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, accessSync, constants as fsConstants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_MIN_ORDER_RUPEES,
  DEFAULT_DELIVERY_RADIUS_KM,
  DEFAULT_FRESH_HOURS,
  DEFAULT_LOGIN_EMAIL_DOMAIN,
  DEFAULT_LOGIN_EMAIL_PREFIX,
  DEFAULT_SHOP_HOURS,
  DEFAULT_SUBSTITUTION_ANSWER_MINUTES,
  DEFAULT_SCALE_LABEL_PATTERN,
  DEFAULT_PROBLEM_REPORT_HOURS,
  DEFAULT_WEIGHT_TOLERANCE_PERCENT,
  scaleLabelLayout,
  DEFAULT_TIME_ZONE,
  hasControlCharacters,
  isValidMobile,
  parseTimeWindow,
  type ShopConfigWire,
} from '@kade/shared';
import { IMAGE_MAX_WAIT_MS, parseRateLimits, type RateLimits, type WorkLimits } from './http/limits';
import { PASSWORD_COST } from './auth/password-cost';

/** The repository root: server/src/config.ts is two folders down. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A configuration problem: main prints its message as one line and stops. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], { error: 'must be true or false' })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const number = (min: number, max: number) =>
  z.coerce.number({ error: 'must be a number' }).refine((n) => Number.isFinite(n) && n >= min && n <= max, {
    message: `must be a number from ${min} to ${max}`,
  });

const timeWindow = z.string().refine(
  (v) => {
    try {
      parseTimeWindow(v);
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must look like HH:MM-HH:MM, for example 06:30-22:59' },
);

const timeZone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat('en-IN', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Asia/Colombo' },
);

const databaseUrl = z
  .string()
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'postgres:' || u.protocol === 'postgresql:') && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { message: 'must be a PostgreSQL URL such as postgres://user:password@host:5432/kade' },
  );

const redisUrl = z.string().refine(
  (v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'redis:' || u.protocol === 'rediss:';
    } catch {
      return false;
    }
  },
  { message: 'must be a Redis URL such as redis://127.0.0.1:6379' },
);

const mobile = z.string().refine(isValidMobile, { message: 'must be exactly 10 digits' });

const origins = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
  .refine((list) => list.every((o) => o === '*' || /^https?:\/\/[^/]+$/.test(o)), {
    message: 'must be a comma-separated list of origins such as https://shop.example.lk',
  });

/** Every variable the server reads, with the default that makes `npm start` work on a fresh clone. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Loopback unless asked: a demo with its admin password printed is not on the network by accident.
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  DATABASE_URL: databaseUrl.optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  REDIS_URL: redisUrl.optional(),
  JWT_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_NAME: z.string().min(1).default('Kade'),
  STORE_URL: z.url({ message: 'must be a URL' }).default('https://play.google.com/store/apps/details?id=lk.kade.shop'),
  STORE_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@kade.lk'),
  STORE_PHONE: z.string().min(1).default('+94 11 234 5678'),
  STORE_WEBSITE: z.url({ message: 'must be a URL' }).default('https://kade.lk'),
  STORE_ADDRESS: z.string().min(1).default('42 Galle Road, Wellawatte, Colombo 06, Sri Lanka'),
  TIME_ZONE: timeZone.default(DEFAULT_TIME_ZONE),
  DELIVERY_CENTER_LAT: number(-90, 90).default(6.8741),
  DELIVERY_CENTER_LNG: number(-180, 180).default(79.8605),
  DELIVERY_RADIUS_KM: number(0.1, 50).default(DEFAULT_DELIVERY_RADIUS_KM),
  LOGIN_EMAIL_PREFIX: z.string().regex(/^[a-z0-9._-]*$/, { message: 'may hold only a-z, 0-9, dot, dash and underscore' }).default(DEFAULT_LOGIN_EMAIL_PREFIX),
  LOGIN_EMAIL_DOMAIN: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, { message: 'must be a domain such as login.kade.lk' }).default(DEFAULT_LOGIN_EMAIL_DOMAIN),
  APP_SHELL_ONLY: bool.default(false),
  APP_SHELL_UA_TOKEN: z.string().min(3).regex(/^\S+$/, { message: 'must be one word' }).default('KadeShell'),
  ADMIN_MOBILE: mobile.optional(),
  ADMIN_PASSWORD: z.string().min(8, { message: 'must be at least 8 characters' }).optional(),
  SHOP_HOURS: timeWindow.default(DEFAULT_SHOP_HOURS),
  FRESH_HOURS: timeWindow.default(DEFAULT_FRESH_HOURS),
  CORS_ORIGINS: origins.default([]),
  SEED_DEMO: bool.default(true),
  SEED_IMAGE_CACHE_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'shop-web', 'dist')),
  BODY_LIMIT_KB: z.coerce.number().int().min(1).max(10_240).default(512),
  MIN_ORDER_RUPEES: z.coerce.number({ error: 'must be a whole number of rupees' }).int({ error: 'must be a whole number of rupees' }).min(0).max(100_000).default(DEFAULT_MIN_ORDER_RUPEES),
  TRUST_PROXY: bool.default(false),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, { message: 'may hold only letters, digits, colon, dot, dash and underscore' }).default('kade'),
  RATE_LIMITS: z
    .string()
    .default('')
    .transform((text, ctx) => {
      try {
        return parseRateLimits(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  HASH_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  PASSWORD_COST: z.coerce.number().int().min(10).max(PASSWORD_COST).default(PASSWORD_COST),
  HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  IMAGE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  IMAGE_MAX_WAIT_SECONDS: z.coerce.number().int().min(1).max(600).default(IMAGE_MAX_WAIT_MS / 1000),
  TAKE_ALERT_MINUTES: z.coerce.number().int().min(1).max(120).default(3),
  SUBSTITUTION_ANSWER_MINUTES: z.coerce.number().int().min(1).max(60).default(DEFAULT_SUBSTITUTION_ANSWER_MINUTES),
  PROBLEM_REPORT_HOURS: z.coerce.number().int().min(1).max(720).default(DEFAULT_PROBLEM_REPORT_HOURS),
  WEIGHT_TOLERANCE_PERCENT: z.coerce.number().int().min(0).max(50).default(DEFAULT_WEIGHT_TOLERANCE_PERCENT),
  SCALE_LABEL_PATTERN: z
    .string()
    .trim()
    .refine((v) => scaleLabelLayout(v) !== null, {
      message: 'must be a scale label layout of 12 or 13 characters such as 2PPPPPWWWWWC: a prefix 2 or 2x, the product code as P, the grams as W, C last',
    })
    .default(DEFAULT_SCALE_LABEL_PATTERN),
  REQUIRE_COUNTER_ONLINE: bool.default(false),
  RECEIPT_FOOTER: z
    .string()
    .max(96, { message: 'must be at most 96 characters (two receipt lines)' })
    .refine((v) => !hasControlCharacters(v), { message: 'must not hold control characters' })
    .default(''),
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().min(1).max(100).default(40),
});

export type Env = z.infer<typeof envSchema>;

/** The name of every variable the server reads (docker-compose.yml and .env.example are checked against it). */
export const ENV_NAMES = Object.keys(envSchema.shape) as ReadonlyArray<keyof Env>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string | undefined };
  dataDir: string;
  redisUrl: string | undefined;
  /** The prefix of this shop's Redis channels (several shops, or test runs, can share one Redis). */
  redisPrefix: string;
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  /** The store as GET /api/shop/config answers it (ShopConfigWire documents each field). */
  shop: Pick<ShopConfigWire, 'name' | 'storeUrl' | 'email' | 'phone' | 'website' | 'address' | 'timeZone' | 'shopHours' | 'freshHours' | 'takeAlertMinutes' | 'receiptFooter' | 'minOrderRupees' | 'weightTolerancePercent' | 'scaleLabelPattern'>;
  zone: { centre: { lat: number; lng: number }; radiusKm: number };
  login: { prefix: string; domain: string };
  appShell: { only: boolean; uaToken: string };
  /** Take orders only while a counter or staff dashboard is connected (REQUIRE_COUNTER_ONLINE). */
  requireAttended: boolean;
  admin: { mobile: string | undefined; password: string | undefined };
  corsOrigins: string[];
  seedDemo: boolean;
  /** Where the demo seed keeps the pictures it drew, to read them back at the next seed (unset: drawn every time). */
  seedImageCacheDir: string | undefined;
  webDistDir: string;
  bodyLimitKb: number;
  /** Behind a reverse proxy: read the client address from X-Forwarded-For (never on a bare server). */
  trustProxy: boolean;
  rateLimits: RateLimits;
  work: WorkLimits;
  /** scrypt's cost for new password hashes, log2 N (stored in each hash, so older hashes still check). */
  passwordCost: number;
  /** How long a shopper has to answer a proposed substitute (issue 33), in minutes. */
  substitutionAnswerMinutes: number;
  /** How long after delivery a problem may be reported (PROBLEM_REPORT_HOURS, issue 35). */
  problemReportHours: number;
}

/** Reads the data folder's JWT secret, creating it on first start. */
function jwtSecretFromDataDir(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: no secret yet
  }
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Makes sure the data folder exists and can be written, or says what to fix. */
export function ensureWritableDir(dir: string, variable = 'DATA_DIR'): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, fsConstants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'not writable';
    throw new ConfigError(`${variable}=${dir} cannot be written (${reason}): choose a folder this user may write, or fix its permissions.`);
  }
}

/**
 * Reads and checks the environment once. A bad value throws a ConfigError naming the variable.
 * `options.inMemory` keeps PGlite in memory (tests); otherwise it lives in DATA_DIR/pglite.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env, options: { inMemory?: boolean } = {}): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${variable} ${issue?.message ?? 'is not valid'} (got "${String(cleaned[variable] ?? '')}").`);
  }
  const env = parsed.data;
  if ((env.ADMIN_MOBILE === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('ADMIN_MOBILE and ADMIN_PASSWORD go together: set both, or neither to have an admin generated.');
  }
  // Only the test servers lower it (NODE_ENV=test): `npm start` runs without NODE_ENV=production, and a shop must never
  // hash at a test's cost. Nor can it be raised: every stored hash and the decoy for unknown numbers must cost the
  // same, or the time a login takes would tell which numbers have accounts (and 2^18 and more is 256 MiB a hash).
  if (env.NODE_ENV !== 'test' && env.PASSWORD_COST < PASSWORD_COST) {
    throw new ConfigError(`PASSWORD_COST below ${PASSWORD_COST} is for tests only (NODE_ENV=test): a shop hashes passwords at ${PASSWORD_COST} (got "${env.PASSWORD_COST}").`);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  const needsDataDir = env.DATABASE_URL === undefined && !options.inMemory;
  if (needsDataDir || env.JWT_SECRET === undefined) ensureWritableDir(dataDir);

  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: options.inMemory ? undefined : path.join(dataDir, 'pglite') },
    dataDir,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    jwtSecret: env.JWT_SECRET ?? jwtSecretFromDataDir(dataDir),
    logLevel: env.LOG_LEVEL,
    shop: {
      name: env.SHOP_NAME,
      storeUrl: env.STORE_URL,
      email: env.STORE_EMAIL,
      phone: env.STORE_PHONE,
      website: env.STORE_WEBSITE,
      address: env.STORE_ADDRESS,
      timeZone: env.TIME_ZONE,
      shopHours: env.SHOP_HOURS,
      freshHours: env.FRESH_HOURS,
      takeAlertMinutes: env.TAKE_ALERT_MINUTES,
      receiptFooter: env.RECEIPT_FOOTER.trim(),
      minOrderRupees: env.MIN_ORDER_RUPEES,
      weightTolerancePercent: env.WEIGHT_TOLERANCE_PERCENT,
      scaleLabelPattern: env.SCALE_LABEL_PATTERN,
    },
    zone: { centre: { lat: env.DELIVERY_CENTER_LAT, lng: env.DELIVERY_CENTER_LNG }, radiusKm: env.DELIVERY_RADIUS_KM },
    login: { prefix: env.LOGIN_EMAIL_PREFIX, domain: env.LOGIN_EMAIL_DOMAIN },
    appShell: { only: env.APP_SHELL_ONLY, uaToken: env.APP_SHELL_UA_TOKEN },
    requireAttended: env.REQUIRE_COUNTER_ONLINE,
    admin: { mobile: env.ADMIN_MOBILE, password: env.ADMIN_PASSWORD },
    corsOrigins: env.CORS_ORIGINS,
    seedDemo: env.SEED_DEMO,
    seedImageCacheDir: env.SEED_IMAGE_CACHE_DIR === undefined ? undefined : path.resolve(env.SEED_IMAGE_CACHE_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    bodyLimitKb: env.BODY_LIMIT_KB,
    trustProxy: env.TRUST_PROXY,
    rateLimits: env.RATE_LIMITS,
    passwordCost: env.PASSWORD_COST,
    substitutionAnswerMinutes: env.SUBSTITUTION_ANSWER_MINUTES,
    problemReportHours: env.PROBLEM_REPORT_HOURS,
    work: {
      hashConcurrency: env.HASH_CONCURRENCY,
      hashQueue: env.HASH_QUEUE,
      imageConcurrency: env.IMAGE_CONCURRENCY,
      imageQueue: env.IMAGE_QUEUE,
      imageMaxWaitMs: env.IMAGE_MAX_WAIT_SECONDS * 1000,
      imageMaxPixels: Math.round(env.IMAGE_MAX_MEGAPIXELS * 1_000_000),
    },
  };
}
