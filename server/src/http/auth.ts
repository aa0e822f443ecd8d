import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { verifyAccessToken, type AccessClaims } from '../auth/access-token';
import { statementRows } from '../db/prepared';
import { AppError } from './errors';
import type { AuthUser } from '../auth/caller';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

/**
 * Whether a request comes with a session's credentials (a bearer token, or the access or refresh cookie): its
 * answer is that person's and must never be stored by a browser or a proxy (`Cache-Control: no-store`, issue 30).
 * Judged from the headers alone, so the fast lane, which never looks the caller up, answers the same as Koa.
 */
export function carriesCredentials(headers: { authorization?: string | undefined; cookie?: string | undefined }): boolean {
  if (headers.authorization !== undefined && /^Bearer\s/i.test(headers.authorization)) return true;
  const cookie = headers.cookie;
  return cookie !== undefined && (cookie.includes(`${ACCESS_COOKIE}=`) || cookie.includes(`${REFRESH_COOKIE}=`));
}

/** The bearer token of the request, if any. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The session check's text (values: the token's session id, then its user id); the bench's order baseline runs it too. */
export const CALLER_SQL = `select u.id, u.role, u.status,
  exists (select 1 from refresh_tokens t where t.family_id = ? and t.user_id = u.id and t.revoked_at is null) as live
from users u where u.id = ?`;

/**
 * The caller an access token names, as the database says now: the account must exist and be active, and the
 * session (the token's refresh-token family) must not have ended — by logout, a reused refresh token, a
 * password reset or a disabled account. One statement: a primary-key probe and a partial-index probe, prepared on
 * PostgreSQL (every signed-in request sends it: planning it each time cost several times its run).
 */
export async function findCaller(db: Knex, claims: AccessClaims): Promise<AuthUser> {
  const [row] = await statementRows<{ id: string; role: AuthUser['role']; status: string; live: boolean }>(db, CALLER_SQL, [claims.sid, claims.sub]);
  if (!row) throw new AppError('TOKEN_INVALID', 'Your session is not valid. Please log in again.');
  if (row.status !== 'Active') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact the shop.', { status: 401 });
  if (!row.live) throw new AppError('SESSION_ENDED', 'This session has ended. Please log in again.');
  return { id: row.id, role: row.role, sessionId: claims.sid };
}

/**
 * Works out who is calling from the access token (bearer header first, then the cookie) and checks the
 * account still exists and is active, so a disabled user or a changed role takes effect at once. It never
 * refuses by itself: a route that needs a caller answers 401 with the reason found here.
 */
export function authenticate(deps: { db: Knex; secret: string; clock: Clock }) {
  async function callerThenNext(ctx: Context, next: Next, token: string) {
    try {
      ctx.state.user = await findCaller(deps.db, verifyAccessToken(deps.secret, token, deps.clock));
    } catch (error) {
      ctx.state.authError = error;
    }
    return next();
  }
  // Not async itself: an anonymous request (most of the shop's reads) passes on without a promise of its own.
  return function authenticateCaller(ctx: Context, next: Next) {
    const token = bearerToken(ctx) ?? ctx.cookies.get(ACCESS_COOKIE);
    // The refresh call carries a refresh token as its bearer: not a JWT, and not our business here.
    if (token && token.split('.').length === 3 && !ctx.path.endsWith('/refresh-token')) return callerThenNext(ctx, next, token);
    return next();
  };
}
