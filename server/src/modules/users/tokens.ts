import { createCipheriv, createDecipheriv, createHash, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isRole, type Role } from '@kade/shared';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { AppError } from '../../http/errors';
import type { Db } from '../../db/database';

/** Access tokens: short-lived JWTs, one pinned algorithm, issuer, audience and expiry always checked. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Refresh tokens: opaque, stored hashed, rotated on every use, at most 30 days old. */
export const REFRESH_TOKEN_DAYS = 30;
const ALGORITHM = 'HS256';
const ISSUER = 'kade';
const AUDIENCE = 'kade-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  sub: string;
  role: Role;
  /** The refresh-token family of this login, so logout can end exactly this session. */
  sid: string;
}

const keys = new Map<string, KeyObject>();

/**
 * The secret as the key object jsonwebtoken works with, made once per secret. Given a string, jsonwebtoken
 * first tries it as a PEM public key on every call and builds the HMAC key only when that throws: a thrown
 * error per request, 8% of the server's CPU while placing orders (CPU profile of `npm run bench`, orders part).
 */
export function secretKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    if (keys.size >= 8) keys.clear(); // a process has one secret; tests make a few
    keys.set(secret, key);
  }
  return key;
}

export function signAccessToken(secret: string, claims: AccessClaims, clock: Clock): string {
  // iat from our clock (jsonwebtoken counts the expiry from it), so a test's fixed clock and the check agree
  const iat = Math.floor(clock.now().getTime() / 1000);
  return jwt.sign({ role: claims.role, sid: claims.sid, iat }, secretKey(secret), {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ACCESS_TOKEN_SECONDS,
  });
}

/** Verifies an access token; anything wrong (tampered, expired, another algorithm, `none`) is a 401. */
export function verifyAccessToken(secret: string, token: string, clock: Clock): AccessClaims & { exp: number } {
  try {
    const payload = jwt.verify(token, secretKey(secret), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: Math.floor(clock.now().getTime() / 1000),
    });
    if (
      typeof payload === 'string' ||
      typeof payload.sub !== 'string' ||
      !UUID.test(payload.sub) ||
      !isRole(payload.role) ||
      typeof payload.sid !== 'string' ||
      !UUID.test(payload.sid) ||
      typeof payload.exp !== 'number'
    ) {
      throw new Error('malformed claims');
    }
    return { sub: payload.sub, role: payload.role, sid: payload.sid, exp: payload.exp };
  } catch (error) {
    const expired = error instanceof jwt.TokenExpiredError;
    throw new AppError(401, expired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID', expired ? 'Your session has expired. Please log in again.' : 'Your session is not valid. Please log in again.');
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  familyId: string;
}

/** Starts a new session family (login) or continues one (rotation), writing the new refresh token hashed. */
export async function issueTokens(
  db: Db,
  secret: string,
  clock: Clock,
  user: { id: string; role: Role },
  options: { familyId?: string; userAgent?: string } = {},
): Promise<IssuedTokens> {
  const familyId = options.familyId ?? randomUUID();
  const refreshToken = randomBytes(32).toString('base64url');
  const now = clock.now();
  await db('refresh_tokens').insert({
    user_id: user.id,
    family_id: familyId,
    token_hash: hashToken(refreshToken),
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000),
    user_agent: options.userAgent?.slice(0, 200) ?? null,
    created_at: now,
  });
  return { accessToken: signAccessToken(secret, { sub: user.id, role: user.role, sid: familyId }, clock), refreshToken, familyId };
}

/** How long a spent refresh token still answers the pair it was rotated into (two tabs refreshing at once). */
export const REFRESH_GRACE_SECONDS = 10;

function sealingKey(refreshToken: string): Buffer {
  // Not the stored hash (sha256 of the token alone): a copy of the database cannot open a sealed pair.
  return createHash('sha256').update(`kade-rotation\u0000${refreshToken}`).digest();
}

/** Seals the pair a rotation answered with a key only the old token's holder can make (AES-256-GCM). */
export function sealSuccessor(oldRefreshToken: string, pair: { accessToken: string; refreshToken: string }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(oldRefreshToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/** Opens a sealed pair with the old token; undefined when it does not open (another token, tampering). */
export function openSuccessor(oldRefreshToken: string, sealed: string): { accessToken: string; refreshToken: string } | undefined {
  try {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(oldRefreshToken), iv);
    decipher.setAuthTag(tag);
    const pair = JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')) as { accessToken?: unknown; refreshToken?: unknown };
    return typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string' ? { accessToken: pair.accessToken, refreshToken: pair.refreshToken } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Live sessions for many accounts at once, without passwords (benches and tests that need many callers): one
 * refresh-token row per account in one insert, and an access token of that session. Answers id → access token.
 */
export async function mintSessions(db: Knex, secret: string, clock: Clock, users: ReadonlyArray<{ id: string; role: Role }>): Promise<Map<string, string>> {
  const now = clock.now();
  const sessions = users.map((user) => ({ user, familyId: randomUUID() }));
  for (let i = 0; i < sessions.length; i += 1000) {
    await db('refresh_tokens').insert(
      sessions.slice(i, i + 1000).map(({ user, familyId }) => ({
        user_id: user.id,
        family_id: familyId,
        token_hash: hashToken(randomBytes(32).toString('base64url')),
        expires_at: new Date(now.getTime() + REFRESH_TOKEN_DAYS * 24 * 3600 * 1000),
        created_at: now,
      })),
    );
  }
  return new Map(sessions.map(({ user, familyId }) => [user.id, signAccessToken(secret, { sub: user.id, role: user.role, sid: familyId }, clock)]));
}
