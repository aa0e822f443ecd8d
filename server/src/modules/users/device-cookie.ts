// The device cookie of OWASP's "Slow down online guessing attacks with device cookies": a browser that has logged in
// to an account is given a cookie naming the account and a random nonce, signed with a key made from the server's
// JWT secret. Once a number's failure ceiling is met, strangers are refused before their password is checked, but a
// browser holding a valid cookie for that account still logs in, within a small failure budget of its own (see
// UserService.login). Nothing is stored on the server: the signature and the time inside are the whole check.
// The cookie's name is shared (DEVICE_COOKIE): the counter app keeps it too.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a device stays known after its last successful login. */
export const DEVICE_COOKIE_DAYS = 365;
const VERSION = 'd1';
/** A cookie longer than this is not one of ours (read before anything is computed on it). */
const MAX_LENGTH = 200;

export interface KnownDevice {
  userId: string;
  nonce: string;
}

export interface DeviceCookies {
  /** A fresh cookie value for an account that has just logged in (a new nonce each time). */
  issue(userId: string, now: Date): string;
  /** The account and nonce of a cookie this server signed within DEVICE_COOKIE_DAYS, or undefined. */
  read(value: string | undefined, now: Date): KnownDevice | undefined;
}

export function deviceCookies(jwtSecret: string): DeviceCookies {
  // A key of its own, so a device cookie can never pass for a token, nor a token's signature for a cookie's.
  const key = createHmac('sha256', jwtSecret).update('kade device cookie key v1').digest();
  const sign = (body: string) => Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
  return {
    issue(userId, now) {
      const body = [VERSION, userId, randomBytes(16).toString('base64url'), Math.floor(now.getTime() / 1000).toString(36)].join('.');
      return `${body}.${sign(body).toString()}`;
    },
    read(value, now) {
      if (!value || value.length > MAX_LENGTH) return undefined;
      const parts = value.split('.');
      if (parts.length !== 5 || parts[0] !== VERSION) return undefined;
      const [, userId = '', nonce = '', issued = '', tag = ''] = parts;
      const expected = sign(parts.slice(0, 4).join('.'));
      const given = Buffer.from(tag);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      const issuedAt = parseInt(issued, 36) * 1000;
      if (!Number.isFinite(issuedAt) || now.getTime() - issuedAt > DEVICE_COOKIE_DAYS * 24 * 3600_000) return undefined;
      return { userId, nonce };
    },
  };
}
