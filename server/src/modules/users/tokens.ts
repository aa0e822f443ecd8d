import { createHash, randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { AppError } from '../../http/errors';

/** Access tokens: short-lived JWTs, one pinned algorithm, issuer, audience and expiry always checked. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Refresh tokens: opaque, stored hashed, rotated on every use, at most 30 days old. */
export const REFRESH_TOKEN_DAYS = 30;
const ALGORITHM = 'HS256';
const ISSUER = 'kade';
const AUDIENCE = 'kade-api';

export interface AccessClaims {
  sub: string;
  role: 'USER' | 'ADMIN';
  /** The refresh-token family of this login, so logout can end exactly this session. */
  sid: string;
}

export function signAccessToken(secret: string, claims: AccessClaims, clock: Clock): string {
  // iat from our clock (jsonwebtoken counts the expiry from it), so a test's fixed clock and the check agree
  const iat = Math.floor(clock.now().getTime() / 1000);
  return jwt.sign({ role: claims.role, sid: claims.sid, iat }, secret, {
    algorithm: ALGORITHM,
    subject: claims.sub,
    issuer: ISSUER,
    audience: AUDIENCE,
    expiresIn: ACCESS_TOKEN_SECONDS,
  });
}

/** Verifies an access token; anything wrong (tampered, expired, another algorithm, `none`) is a 401. */
export function verifyAccessToken(secret: string, token: string, clock: Clock): AccessClaims {
  try {
    const payload = jwt.verify(token, secret, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: Math.floor(clock.now().getTime() / 1000),
    });
    if (typeof payload === 'string' || typeof payload.sub !== 'string' || (payload.role !== 'USER' && payload.role !== 'ADMIN') || typeof payload.sid !== 'string') {
      throw new Error('malformed claims');
    }
    return { sub: payload.sub, role: payload.role, sid: payload.sid };
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
  db: Knex | Knex.Transaction,
  secret: string,
  clock: Clock,
  user: { id: string; role: 'USER' | 'ADMIN' },
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
