import type { Context, Next } from 'koa';
import type { Knex } from 'knex';
import type { Clock } from '../clock';
import { verifyAccessToken } from '../modules/users/tokens';
import { AppError } from './errors';
import type { AuthUser } from './route';

export const ACCESS_COOKIE = 'accessToken';
export const REFRESH_COOKIE = 'refreshToken';

/** The bearer token of the request, if any. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('Authorization');
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Works out who is calling from the access token (bearer header first, then the cookie) and checks the
 * account still exists and is active, so a disabled user or a changed role takes effect at once. It never
 * refuses by itself: a route that needs a caller answers 401 with the reason found here.
 */
export function authenticate(deps: { db: Knex; secret: string; clock: Clock }) {
  return async function authenticateCaller(ctx: Context, next: Next) {
    const token = bearerToken(ctx) ?? ctx.cookies.get(ACCESS_COOKIE);
    // The refresh call carries a refresh token as its bearer: not a JWT, and not our business here.
    if (token && token.split('.').length === 3 && !ctx.path.endsWith('/refresh-token')) {
      try {
        const claims = verifyAccessToken(deps.secret, token, deps.clock);
        const row = await deps.db('users').where({ id: claims.sub }).first('id', 'role', 'status');
        if (!row) throw new AppError(401, 'TOKEN_INVALID', 'Your session is not valid. Please log in again.');
        if (row.status !== 'Active') throw new AppError(401, 'ACCOUNT_DISABLED', 'This account is disabled. Please contact the shop.');
        ctx.state.user = { id: row.id, role: row.role, sessionId: claims.sid } satisfies AuthUser;
      } catch (error) {
        ctx.state.authError = error;
      }
    }
    return next();
  };
}
