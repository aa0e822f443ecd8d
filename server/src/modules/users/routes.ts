import type { Context } from 'koa';
import { DEVICE_COOKIE, ENDPOINTS, type LoginWire } from '@kade/shared';
import type { Database } from '../../db/database';
import { ACCESS_COOKIE, REFRESH_COOKIE, bearerToken } from '../../http/auth';
import { route, type RouteSpec } from '../../http/route';
import { readUploadedFile } from '../../http/upload';
import type { ImageService } from '../files/service';
import { AppError } from '../../http/errors';
import { DEVICE_COOKIE_DAYS } from './device-cookie';
import { ACCESS_TOKEN_SECONDS } from '../../auth/access-token';
import { REFRESH_TOKEN_DAYS, type IssuedTokens } from './tokens';
import { RESET_WINDOW_MINUTES, type SignedIn, type UserService } from './service';

function requestInfo(ctx: Context) {
  const userAgent = ctx.get('User-Agent');
  return { ip: ctx.ip, ...(userAgent ? { userAgent } : {}) };
}

/**
 * The device cookie (device-cookie.ts): sent back only to the login call, for a year after the last login on this
 * browser; logging out keeps it, since the browser stays one that has logged in to the account.
 */
const DEVICE_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'lax' as const, path: '/api/user/login', overwrite: true, maxAge: DEVICE_COOKIE_DAYS * 24 * 3600 * 1000 };

/** A cookie as sent, or undefined when absent or not readable (a malformed value is treated as absent). */
function cookieOf(ctx: Context, name: string): string | undefined {
  try {
    return ctx.cookies.get(name) || undefined;
  } catch {
    return undefined;
  }
}

function setSessionCookies(ctx: Context, tokens: Pick<IssuedTokens, 'accessToken' | 'refreshToken'>) {
  const base = { httpOnly: true, sameSite: 'lax' as const, secure: ctx.secure, path: '/', overwrite: true };
  ctx.cookies.set(ACCESS_COOKIE, tokens.accessToken, { ...base, maxAge: ACCESS_TOKEN_SECONDS * 1000 });
  ctx.cookies.set(REFRESH_COOKIE, tokens.refreshToken, { ...base, maxAge: REFRESH_TOKEN_DAYS * 24 * 3600 * 1000 });
}

/** A session just opened, as login and register answer it: the cookies set, and `data` as SPEC.md section 7 names it. */
function answerSignedIn(ctx: Context, { accessToken, refreshToken, user, deviceCookie }: SignedIn): LoginWire {
  setSessionCookies(ctx, { accessToken, refreshToken });
  ctx.cookies.set(DEVICE_COOKIE, deviceCookie, { ...DEVICE_COOKIE_OPTIONS, secure: ctx.secure });
  return { accesstoken: accessToken, refreshToken, user };
}

/** The reset token rides in a cookie that only the reset call sees, for 10 minutes. */
const RESET_COOKIE = 'resetToken';
const RESET_COOKIE_OPTIONS = { httpOnly: true, sameSite: 'strict' as const, path: '/api/user/reset-password', overwrite: true };

function clearSessionCookies(ctx: Context) {
  for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) ctx.cookies.set(name, '', { httpOnly: true, path: '/', maxAge: 0, overwrite: true });
}

/** The calls of SPEC.md section 7 under /api/user and /api/users. */
export function userRoutes(deps: { db: Database; users: UserService; images: ImageService }): RouteSpec[] {
  const { users } = deps;
  return [
    // Registering signs the new account in (issue 36): the same answer, cookies and device cookie as a login.
    route(ENDPOINTS.account.register, async ({ ctx, body }) => ({
      data: answerSignedIn(ctx, await users.register(body, requestInfo(ctx))),
      message: 'Your account is ready. You are logged in.',
      status: 201,
    })),
    route(ENDPOINTS.account.login, async ({ ctx, body }) => {
      const device = cookieOf(ctx, DEVICE_COOKIE);
      const signedIn = await users.login(body, { ...requestInfo(ctx), ...(device ? { deviceCookie: device } : {}) });
      return { data: answerSignedIn(ctx, signedIn), message: 'Logged in.' };
    }),
    route(ENDPOINTS.account.refresh, async ({ ctx }) => {
      const token = bearerToken(ctx) ?? ctx.cookies.get(REFRESH_COOKIE);
      try {
        const { accessToken, refreshToken } = await users.refresh(token, requestInfo(ctx));
        setSessionCookies(ctx, { accessToken, refreshToken });
        return { data: { accessToken, refreshToken }, message: 'Session renewed.' };
      } catch (error) {
        clearSessionCookies(ctx);
        throw error;
      }
    }),
    route(ENDPOINTS.account.logout, async ({ ctx, user }) => {
      // A GET rides along with a link or a redirect from another site (the session cookies are SameSite=Lax):
      // a browser names such a request cross-site, and only the shop's own pages (or a client that names none,
      // the counter app) may end the session.
      if (ctx.get('Sec-Fetch-Site').toLowerCase() === 'cross-site') {
        throw new AppError('CROSS_SITE', 'Logging out must start from the shop itself: another site cannot end your session.');
      }
      const refreshToken = ctx.cookies.get(REFRESH_COOKIE);
      await users.logout(user?.sessionId, refreshToken);
      clearSessionCookies(ctx);
      return { data: null, message: 'Logged out.' };
    }),
    route(ENDPOINTS.account.details, async ({ user }) => ({ data: await users.details(user!.id) })),
    route(ENDPOINTS.account.update, async ({ user, body }) => ({ data: await users.update(user!.id, body), message: 'Profile updated.' })),
    route(ENDPOINTS.account.uploadAvatar, async ({ ctx, user }) => {
      await deps.images.countUpload(user!.id);
      const file = await readUploadedFile(ctx, 'avatar');
      const stored = await deps.images.store(file.buffer, { originalName: file.originalName, uploadedBy: user!.id, field: 'avatar' });
      const updated = await users.setAvatar(user!.id, stored.url);
      return { data: { _id: updated._id, avatar: updated.avatar }, message: 'Photo updated.' };
    }),
    // The spec's client asks by the login e-mail before it has a session; whether a number has an account is no
    // more than registration tells (MOBILE_TAKEN), and the questions are rate limited per address.
    route(ENDPOINTS.account.checkVerification, async ({ ctx, user, body }) => {
      // asking about oneself with a token that has expired: 401, so the client renews it and asks again
      if (body.mobile === undefined && body.email === undefined && !user && ctx.state.authError) throw ctx.state.authError as Error;
      const { verified, message } = await users.verificationOf(body, user?.id, requestInfo(ctx));
      // `success`, `verified` and `message` side by side at the top, as the spec's client reads them
      return { data: { verified }, message, extras: { verified } };
    }),
    route(ENDPOINTS.account.forgotPassword, async ({ ctx, body }) => ({ data: null, message: await users.forgotPassword(body, requestInfo(ctx)) })),
    route(ENDPOINTS.account.verifyOtp, async ({ ctx, body }) => {
      const { resetToken } = await users.verifyOtp(body, requestInfo(ctx));
      ctx.cookies.set(RESET_COOKIE, resetToken, { ...RESET_COOKIE_OPTIONS, secure: ctx.secure, maxAge: RESET_WINDOW_MINUTES * 60_000 });
      return { data: { resetToken }, message: 'Code verified. Please set a new password.' };
    }),
    route(ENDPOINTS.account.resetPassword, async ({ ctx, body }) => {
      await users.resetPassword(body, body.resetToken ?? ctx.cookies.get(RESET_COOKIE), requestInfo(ctx));
      ctx.cookies.set(RESET_COOKIE, '', { ...RESET_COOKIE_OPTIONS, maxAge: 0 });
      clearSessionCookies(ctx); // every session of the account has ended, this browser's too
      return { data: null, message: 'Your password has been changed. Please log in.' };
    }),
    route(ENDPOINTS.users.pendingCodes, async () => ({ data: await users.pendingCodes() })),
    route(ENDPOINTS.users.list, async ({ query }) => ({ data: await users.list(query) })),
    route(ENDPOINTS.users.create, async ({ body }) => {
      const created = await users.createForCustomer(body);
      return {
        data: created,
        status: 201,
        message: created.temporaryPassword
          ? `Account created. Read this password to the customer: ${created.temporaryPassword}`
          : 'Account created.',
      };
    }),
    route(ENDPOINTS.users.setRole, async ({ body }) => ({ data: await users.changeAccess(body._id, { role: body.role }), message: 'Role updated.' })),
    route(ENDPOINTS.users.setStatus, async ({ body }) => ({
      data: await users.changeAccess(body._id, { status: body.status }),
      message: body.status === 'Disabled' ? 'Account disabled.' : 'Account enabled.',
    })),
  ];
}
