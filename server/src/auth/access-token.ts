// Access tokens: what every request and every socket handshake verifies (http/auth.ts, the socket's handshake) and
// the users module signs at login. Below the features, so the HTTP layer checks a token without importing one.
import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { isRole, type Role } from '@kade/shared';
import type { Clock } from '../clock';
import { AppError } from '../http/errors';

/** Access tokens: short-lived JWTs, one pinned algorithm, issuer, audience and expiry always checked. */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
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
    throw new AppError(expired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID', expired ? 'Your session has expired. Please log in again.' : 'Your session is not valid. Please log in again.');
  }
}
