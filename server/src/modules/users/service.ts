import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  generateOtp,
  isLanguage,
  type Language,
  loginEmailToMobile,
  MOBILE_REQUIRED,
  mobileToLoginEmail,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type Role,
  type UpdateUserInput,
  type UserWire,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { countHits, enforceRateLimits, rateLimitAddress, rateLimited, refundRateLimit, rule, type Counted } from '../../http/rate-limit';
import { deviceCookies } from './device-cookie';
import type { SessionEvents } from '../realtime/events';
import type { PasswordHasher } from './password';
import { hashToken, issueTokens, openSuccessor, REFRESH_GRACE_SECONDS, sealSuccessor, type IssuedTokens } from './tokens';
import type { OtpSender } from './otp-sender';
import type { Db } from '../../db/database';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** After a code is verified, the new password must be set within this time, with the reset token it gave. */
export const RESET_WINDOW_MINUTES = 10;

export type { Role };
export type UserStatus = 'Active' | 'Disabled';
export type { UserWire };

interface UserRow {
  id: string;
  name: string;
  email: string;
  mobile: string;
  password_hash: string;
  avatar: string;
  role: Role;
  status: UserStatus;
  verify_email: boolean;
  last_login_at: Date | null;
  created_at: Date;
  language: Language | null;
}

/** The session record of SPEC.md section 3, as the screens read it. Never the password hash. */

const USER_COLUMNS = ['id', 'name', 'email', 'mobile', 'avatar', 'role', 'status', 'verify_email', 'last_login_at', 'created_at', 'language'];

function toWire(row: Omit<UserRow, 'password_hash'>, lists: Partial<Pick<UserWire, 'address_details' | 'shopping_cart' | 'orderHistory'>> = {}): UserWire {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    mobile: row.mobile,
    verify_email: row.verify_email,
    last_login_date: row.last_login_at ? new Date(row.last_login_at).toISOString() : '',
    status: row.status,
    role: row.role,
    address_details: lists.address_details ?? [],
    shopping_cart: lists.shopping_cart ?? [],
    orderHistory: lists.orderHistory ?? [],
    createdAt: new Date(row.created_at).toISOString(),
    language: isLanguage(row.language) ? row.language : null,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

const SAME_ANSWER = 'If this number has an account, a 6-digit code is on its way. The shop may also call you with it.';
const WRONG_LOGIN = 'Wrong mobile number or password.';
/** The answer about a number that is not verified, and about one without an account: the same words. */
const NOT_VERIFIED = 'This number is not verified yet, or has no account.';
const CODE_DEAD = 'This code has expired or is no longer valid. Please ask for a new one.';
const RESET_TOKEN_NEEDED = 'Please enter the code we sent before setting a new password.';
const RESET_TOKEN_DEAD = 'This password reset has expired or was already used. Please ask for a new code.';

/** A session just opened: its tokens, the account, and the device cookie that names this browser as the account's. */
export type SignedIn = IssuedTokens & { user: UserWire; deviceCookie: string };

export interface RequestInfo {
  ip: string;
  userAgent?: string;
  /** The device cookie the browser sent (device-cookie.ts), for a login. */
  deviceCookie?: string;
}

export interface UserServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  otpSender: OtpSender;
  /** Where ended sessions are announced, so their live connections are cut on every instance. */
  events: SessionEvents;
  /** Password hashing through the instance's bounded queue. */
  hasher: PasswordHasher;
}

export function createUserService({ db, config, clock, otpSender, events, hasher }: UserServiceDeps) {
  const limits = config.rateLimits;
  const devices = deviceCookies(config.jwtSecret);
  // A hash to check against when the number is unknown, so a wrong number takes as long as a wrong password
  // (made by this server's hasher, so at its cost).
  let decoyHash: Promise<string> | undefined;
  const minutesFromNow = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

  /** The mobile number a request names, by the number itself or by its login e-mail. */
  function mobileOf(input: { mobile?: string | undefined; email?: string | undefined }): string | undefined {
    if (input.mobile) return input.mobile;
    return input.email ? (loginEmailToMobile(input.email, config.login) ?? undefined) : undefined;
  }

  /**
   * The number a sign-up is for: `mobile`, or the number inside `email` when the spec's client sends the login
   * e-mail instead. An e-mail that is not one of this shop's login e-mails (another domain, a number that is not
   * 10 digits), or one naming another number than `mobile`, answers 400 naming `email`.
   */
  function registeringMobile(input: { mobile?: string | undefined; email?: string | undefined }): string {
    const fromEmail = input.email === undefined ? undefined : loginEmailToMobile(input.email, config.login);
    if (fromEmail === null) {
      const example = mobileToLoginEmail('0771234567', config.login);
      throw new AppError('VALIDATION', `email must be the login e-mail of a 10-digit mobile number, such as ${example}`, { field: 'email' });
    }
    if (fromEmail !== undefined && input.mobile !== undefined && fromEmail !== input.mobile) {
      throw new AppError('VALIDATION', 'email and mobile name different numbers: send one of them', { field: 'email' });
    }
    const mobile = input.mobile ?? fromEmail;
    if (mobile === undefined) throw new AppError('VALIDATION', MOBILE_REQUIRED, { field: 'mobile' });
    return mobile;
  }

  async function findByMobile(mobile: string | undefined, trx: Db = db): Promise<UserRow | undefined> {
    if (!mobile) return undefined;
    return trx('users').where({ mobile }).first<UserRow>();
  }

  async function userLists(userId: string) {
    const [addresses, cart, orders] = await Promise.all([
      db('addresses').where({ user_id: userId, status: true }).orderBy('created_at').pluck('id'),
      db('cart_items').where({ user_id: userId }).orderBy('created_at').pluck('id'),
      db('orders').where({ user_id: userId }).orderBy('created_at', 'desc').pluck('id'),
    ]);
    return { address_details: addresses as string[], shopping_cart: cart as string[], orderHistory: orders as string[] };
  }

  async function details(userId: string): Promise<UserWire> {
    const row = await db('users').where({ id: userId }).first<UserRow>(USER_COLUMNS);
    if (!row) throw notFound('That account no longer exists.');
    return toWire(row, await userLists(userId));
  }

  async function createAccount(input: { name: string; mobile: string; password: string; role?: Role; verified?: boolean }): Promise<UserWire> {
    const passwordHash = await hasher.hash(input.password);
    try {
      const [row] = await db('users')
        .insert({
          name: input.name,
          mobile: input.mobile,
          email: mobileToLoginEmail(input.mobile, config.login),
          password_hash: passwordHash,
          role: input.role ?? 'USER',
          verify_email: input.verified ?? false,
        })
        .returning(USER_COLUMNS);
      return toWire(row as UserRow);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('An account with this mobile number already exists. Please log in.', 'MOBILE_TAKEN');
      }
      throw error;
    }
  }

  /**
   * Opens a session for an account whose password was just proved (a login) or chosen (a registration): the last
   * login time, a new token pair and a fresh device cookie.
   */
  async function signIn(user: Pick<UserRow, 'id' | 'role'>, request: RequestInfo): Promise<SignedIn> {
    await db('users').where({ id: user.id }).update({ last_login_at: clock.now() });
    const tokens = await issueTokens(db, config.jwtSecret, clock, user, request.userAgent ? { userAgent: request.userAgent } : {});
    return { ...tokens, user: await details(user.id), deviceCookie: devices.issue(user.id, clock.now()) };
  }

  /** Ends one session (a refresh-token family). The caller announces it after its commit. */
  async function revokeFamily(familyId: string, trx: Db = db): Promise<void> {
    await trx('refresh_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: clock.now() });
  }

  async function revokeAllSessions(userId: string, trx: Db = db): Promise<void> {
    await trx('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: clock.now() });
  }

  /** The newest code of a user that can still be checked: not used, not expired, not worn out by wrong tries. */
  async function liveCode(userId: string, trx: Db = db) {
    return trx('password_reset_codes')
      .where({ user_id: userId })
      .whereNull('used_at')
      .whereNull('verified_at')
      .where('expires_at', '>', clock.now())
      .where('failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
      .orderBy('created_at', 'desc')
      .first<{ id: string; code: string; failed_attempts: number; expires_at: Date }>();
  }

  return {
    details,

    /**
     * A new account. Every try costs a password hash, so tries are limited per address and per number, and a
     * number that already has an account is answered before any hashing.
     */
    async register(input: RegisterInput, request: RequestInfo): Promise<SignedIn> {
      const mobile = registeringMobile(input);
      await enforceRateLimits(
        db,
        clock,
        [rule(`register:ip:${rateLimitAddress(request.ip)}`, limits['register.address']), rule(`register:mobile:${mobile}`, limits['register.number'])],
        'Too many sign-ups from here.',
      );
      if (await findByMobile(mobile)) throw conflict('An account with this mobile number already exists. Please log in.', 'MOBILE_TAKEN');
      const created = await createAccount({ name: input.name, mobile, password: input.password });
      // The password was just chosen: the new account is signed in as a login would sign it in (issue 36).
      return signIn({ id: created._id, role: created.role }, request);
    },

    /**
     * Failed logins are counted per number and address (the ordinary guessing limit), per number from every
     * address (the ceiling, ASVS's 100 an hour) and per address across numbers. A try that succeeds, or is refused
     * before its password is checked, gives its hits back, so the counters hold failures (and tries in flight).
     * Once the ceiling is met every further try for the number is refused before its password is checked, from any
     * address; strangers still cannot lock the owner out, because a browser holding the signed device cookie of an
     * earlier login to the account (device-cookie.ts) is counted apart: against that device's own small budget
     * (`login.device`), not the number's or the address's. A device past its budget is counted as a stranger.
     * Every successful login answers a fresh device cookie.
     */
    async login(input: LoginInput, request: RequestInfo): Promise<SignedIn> {
      const mobile = mobileOf(input);
      const who = mobile ?? input.email ?? '';
      const user = await findByMobile(mobile);
      const device = devices.read(request.deviceCookie, clock.now());
      let keys: string[] = [];
      let over: Counted[] = [];
      if (user && device?.userId === user.id) {
        keys = [`login:device:${user.id}:${device.nonce}`];
        const [mine] = await countHits(db, clock, [rule(keys[0] as string, limits['login.device'])]);
        if (mine!.hits > limits['login.device'].limit) {
          await refundRateLimit(db, clock, keys);
          keys = [];
        }
      }
      if (keys.length === 0) {
        const address = rateLimitAddress(request.ip);
        keys = [`login:pair:${who}:${address}`, `login:mobile:${who}`, `login:ip:${address}`];
        const counted = await countHits(db, clock, [
          rule(keys[0] as string, limits['login.pair']),
          rule(keys[1] as string, limits['login.number']),
          rule(keys[2] as string, limits['login.address']),
        ]);
        const allowed = [limits['login.pair'].limit, limits['login.number'].limit, limits['login.address'].limit];
        over = counted.filter((c, i) => c.hits > (allowed[i] as number));
      }
      if (over.length > 0) {
        await refundRateLimit(db, clock, keys);
        throw rateLimited('Too many login attempts.', Math.max(...over.map((c) => c.retryAfter)));
      }
      if (!user) {
        await hasher.verify(input.password, await (decoyHash ??= hasher.hash('decoy-password')));
        throw new AppError('WRONG_CREDENTIALS', WRONG_LOGIN, { field: 'password' });
      }
      if (!(await hasher.verify(input.password, user.password_hash))) {
        throw new AppError('WRONG_CREDENTIALS', WRONG_LOGIN, { field: 'password' });
      }
      await refundRateLimit(db, clock, keys);
      if (user.status !== 'Active') throw new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact the shop.');
      return signIn(user, request);
    },

    /**
     * Rotates a refresh token: the old one is spent, a new one of the same family is issued. Within
     * REFRESH_GRACE_SECONDS of its rotation a spent token answers the same pair again (two tabs refreshing at
     * once); after that, a spent or revoked token presented again means it was stolen or replayed: the whole
     * family is revoked and its live connections are cut.
     */
    async refresh(refreshToken: string | undefined, request: RequestInfo): Promise<Pick<IssuedTokens, 'accessToken' | 'refreshToken'>> {
      if (!refreshToken) throw unauthorized('Please log in to continue.', 'REFRESH_MISSING');
      let revoked: string | undefined;
      // A refusal that revokes must commit the revocation first, so it is decided inside and thrown outside.
      const outcome = await db.transaction(async (trx): Promise<Pick<IssuedTokens, 'accessToken' | 'refreshToken'> | AppError> => {
        const row = await trx('refresh_tokens')
          .where({ token_hash: hashToken(refreshToken) })
          .forUpdate()
          .first<{ id: string; user_id: string; family_id: string; expires_at: Date; used_at: Date | null; revoked_at: Date | null; successor_sealed: string | null }>();
        if (!row) return unauthorized('Your session is not valid. Please log in again.', 'REFRESH_INVALID');
        const user = await trx('users').where({ id: row.user_id }).first<UserRow>('id', 'role', 'status');
        if (row.used_at && !row.revoked_at && user?.status === 'Active') {
          const spentFor = clock.now().getTime() - new Date(row.used_at).getTime();
          const again = row.successor_sealed && spentFor <= REFRESH_GRACE_SECONDS * 1000 ? openSuccessor(refreshToken, row.successor_sealed) : undefined;
          if (again) return again;
        }
        if (row.used_at || row.revoked_at) {
          await revokeFamily(row.family_id, trx);
          revoked = row.family_id;
          return unauthorized('This session was ended for your safety. Please log in again.', 'REFRESH_REUSED');
        }
        if (new Date(row.expires_at) <= clock.now()) return unauthorized('Your session has expired. Please log in again.', 'REFRESH_EXPIRED');
        if (!user || user.status !== 'Active') {
          await revokeFamily(row.family_id, trx);
          revoked = row.family_id;
          return new AppError('ACCOUNT_DISABLED', 'This account is disabled. Please contact the shop.', { status: 401 });
        }
        const issued = await issueTokens(trx, config.jwtSecret, clock, user, {
          familyId: row.family_id,
          ...(request.userAgent ? { userAgent: request.userAgent } : {}),
        });
        await trx('refresh_tokens').where({ id: row.id }).update({ used_at: clock.now(), successor_sealed: sealSuccessor(refreshToken, issued) });
        return issued;
      });
      if (revoked) events.sessionEnded(revoked);
      if (outcome instanceof AppError) throw outcome;
      return { accessToken: outcome.accessToken, refreshToken: outcome.refreshToken };
    },

    /** Ends a session: the family of the access token, and the refresh token sent, if any; its sockets go too. */
    async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
      const families = new Set<string>();
      if (sessionId) families.add(sessionId);
      if (refreshToken) {
        const row = await db('refresh_tokens').where({ token_hash: hashToken(refreshToken) }).first('family_id');
        if (row) families.add(row.family_id as string);
      }
      for (const family of families) {
        await revokeFamily(family);
        events.sessionEnded(family);
      }
    },

    async update(userId: string, input: UpdateUserInput): Promise<UserWire> {
      let mobile = input.mobile;
      if (input.email !== undefined) {
        const fromEmail = loginEmailToMobile(input.email, config.login);
        if (!fromEmail) throw badRequest('email must be the login e-mail made from your mobile number', 'email');
        if (mobile !== undefined && mobile !== fromEmail) throw badRequest('email and mobile must be the same number', 'email');
        mobile = fromEmail;
      }
      const current = await db('users').where({ id: userId }).first<UserRow>('mobile');
      if (!current) throw notFound('That account no longer exists.');
      const changes: Record<string, unknown> = { updated_at: clock.now() };
      if (input.name !== undefined) changes.name = input.name;
      if (input.language !== undefined) changes.language = input.language;
      if (mobile !== undefined && mobile !== current.mobile) {
        changes.mobile = mobile;
        changes.email = mobileToLoginEmail(mobile, config.login);
        changes.verify_email = false; // a new number is not verified yet
      }
      try {
        await db('users').where({ id: userId }).update(changes);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Another account already uses this mobile number.', 'MOBILE_TAKEN');
        throw error;
      }
      return details(userId);
    },

    async setAvatar(userId: string, url: string): Promise<UserWire> {
      await db('users').where({ id: userId }).update({ avatar: url, updated_at: clock.now() });
      return details(userId);
    },

    async verification(userId: string): Promise<{ verified: boolean }> {
      const row = await db('users').where({ id: userId }).first<UserRow>('verify_email');
      if (!row) throw notFound('That account no longer exists.');
      return { verified: row.verify_email };
    },

    /**
     * POST /api/user/check-email-verification: whether the account of a login e-mail (or number) is verified;
     * with neither, the signed-in caller's own. A number without an account is answered as an unverified one (the
     * same words), so the question does not tell who has an account; it is limited per address and, across
     * addresses, per number.
     */
    async verificationOf(
      input: { mobile?: string | undefined; email?: string | undefined },
      callerId: string | undefined,
      request: RequestInfo,
    ): Promise<{ verified: boolean; message: string }> {
      await enforceRateLimits(db, clock, [rule(`verification:ip:${rateLimitAddress(request.ip)}`, limits['verification.address'])], 'Too many questions from here.');
      if (input.mobile === undefined && input.email === undefined) {
        if (!callerId) throw new AppError('VALIDATION', 'email is required: the login e-mail of the account to check', { field: 'email' });
        const { verified } = await this.verification(callerId);
        return { verified, message: verified ? 'Your number is verified.' : 'Your number is not verified yet.' };
      }
      const mobile = registeringMobile(input);
      await enforceRateLimits(db, clock, [rule(`verification:mobile:${mobile}`, limits['verification.number'])], 'Too many questions about this number.');
      const row = await findByMobile(mobile);
      const verified = row?.verify_email === true;
      return { verified, message: verified ? 'This number is verified.' : NOT_VERIFIED };
    },

    /**
     * Starts a password reset: a fresh 6-digit code, valid 10 minutes, replaces any earlier one. The answer
     * is the same whether or not the number has an account.
     */
    async forgotPassword(input: { mobile?: string | undefined; email?: string | undefined }, request: RequestInfo): Promise<string> {
      const mobile = mobileOf(input);
      await enforceRateLimits(
        db,
        clock,
        [
          rule(`forgot:mobile:${mobile ?? input.email ?? ''}`, limits['forgot.number']),
          rule(`forgot:ip:${rateLimitAddress(request.ip)}`, limits['forgot.address']),
        ],
        'Too many code requests.',
      );
      const user = await findByMobile(mobile);
      if (user && user.status === 'Active') {
        const expiresAt = minutesFromNow(OTP_VALID_MINUTES);
        const code = generateOtp();
        await db.transaction(async (trx) => {
          await trx('password_reset_codes').where({ user_id: user.id }).whereNull('used_at').update({ used_at: clock.now() });
          await trx('password_reset_codes').insert({ user_id: user.id, code, expires_at: expiresAt, created_at: clock.now() });
        });
        await otpSender.send({ mobile: user.mobile, code, expiresAt });
      }
      return SAME_ANSWER;
    },

    /**
     * Checks a code. Five wrong tries kill it: the sixth is refused even when right. A right code answers a
     * single-use reset token, valid RESET_WINDOW_MINUTES: only whoever verified the code can set the password.
     */
    async verifyOtp(input: { mobile?: string | undefined; email?: string | undefined; otp: string }, request: RequestInfo): Promise<{ resetToken: string }> {
      const mobile = mobileOf(input);
      await enforceRateLimits(
        db,
        clock,
        [
          rule(`otp:mobile:${mobile ?? input.email ?? ''}`, limits['otp.number']),
          rule(`otp:ip:${rateLimitAddress(request.ip)}`, limits['otp.address']),
        ],
        'Too many code checks.',
      );
      const user = await findByMobile(mobile);
      const resetToken = randomBytes(32).toString('base64url');
      // A wrong try must be counted even though the call fails: decided inside, thrown after the commit.
      const refusal = await db.transaction(async (trx): Promise<AppError | undefined> => {
        const code = user ? await liveCode(user.id, trx) : undefined;
        if (!user || !code) return new AppError('OTP_INVALID', CODE_DEAD, { field: 'otp' });
        const matches = code.code.length === input.otp.length && timingSafeEqual(Buffer.from(code.code), Buffer.from(input.otp));
        if (!matches) {
          const failed = code.failed_attempts + 1;
          await trx('password_reset_codes').where({ id: code.id }).update({ failed_attempts: failed });
          const left = OTP_MAX_FAILED_ATTEMPTS - failed;
          // the tries left go in the details too, for a screen that says it in the shopper's language
          return new AppError('OTP_WRONG', left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.` : CODE_DEAD, { field: 'otp', details: { triesLeft: left } });
        }
        await trx('password_reset_codes').where({ id: code.id }).update({ verified_at: clock.now(), reset_token_hash: hashToken(resetToken) });
        await trx('users').where({ id: user.id }).update({ verify_email: true });
        return undefined;
      });
      if (refusal) throw refusal;
      return { resetToken };
    },

    /**
     * Sets a new password with the reset token a verified code gave (from the cookie or the body), spends it,
     * and ends every session of the account, its live connections included. A number named in the body must
     * be the token's. Limited per address and per number, like the other code calls.
     */
    async resetPassword(input: ResetPasswordInput, resetToken: string | undefined, request: RequestInfo): Promise<void> {
      if (!resetToken) throw new AppError('RESET_TOKEN_MISSING', RESET_TOKEN_NEEDED, { field: 'resetToken' });
      await enforceRateLimits(db, clock, [rule(`reset:ip:${rateLimitAddress(request.ip)}`, limits['reset.address'])], 'Too many password changes from here.');
      const verifiedSince = new Date(clock.now().getTime() - RESET_WINDOW_MINUTES * 60_000);
      const code = await db('password_reset_codes as c')
        .join('users as u', 'u.id', 'c.user_id')
        .where('c.reset_token_hash', hashToken(resetToken))
        .whereNull('c.used_at')
        .where('c.verified_at', '>', verifiedSince)
        .first<{ id: string; user_id: string; mobile: string; status: UserStatus }>('c.id', 'c.user_id', 'u.mobile', 'u.status');
      const named = mobileOf(input);
      if (!code || code.status !== 'Active' || (named !== undefined && named !== code.mobile)) {
        throw new AppError('RESET_TOKEN_INVALID', RESET_TOKEN_DEAD, { field: 'resetToken' });
      }
      await enforceRateLimits(db, clock, [rule(`reset:mobile:${code.mobile}`, limits['reset.number'])], 'Too many password changes for this number.');
      const passwordHash = await hasher.hash(input.newPassword);
      await db.transaction(async (trx) => {
        const spent = await trx('password_reset_codes').where({ id: code.id }).whereNull('used_at').update({ used_at: clock.now() });
        if (spent === 0) throw new AppError('RESET_TOKEN_INVALID', RESET_TOKEN_DEAD, { field: 'resetToken' });
        await trx('users').where({ id: code.user_id }).update({ password_hash: passwordHash, updated_at: clock.now() });
        await revokeAllSessions(code.user_id, trx);
      });
      events.accountSessionsEnded(code.user_id);
    },

    /** Users with a live reset code, and the code: staff read it to the customer by phone. */
    async pendingCodes() {
      const rows = await db('users as u')
        .join('password_reset_codes as c', 'c.user_id', 'u.id')
        .whereNull('c.used_at')
        .whereNull('c.verified_at')
        .where('c.expires_at', '>', clock.now())
        .where('c.failed_attempts', '<', OTP_MAX_FAILED_ATTEMPTS)
        .orderBy('c.created_at', 'desc')
        .select('u.id', 'u.name', 'u.email', 'u.mobile', 'u.status', 'u.role', 'c.code', 'c.expires_at');
      return rows.map((r: { id: string; name: string; email: string; mobile: string; status: string; role: string; code: string; expires_at: Date }) => ({
        _id: r.id,
        name: r.name,
        email: r.email,
        mobile: r.mobile,
        status: r.status,
        role: r.role,
        forgot_password_otp: r.code,
        forgot_password_expiry: new Date(r.expires_at).toISOString(),
      }));
    },

    /** Admin: list and search users by name or mobile, newest first. */
    async list(query: { search?: string | undefined; page: number; limit: number }) {
      const base = db('users');
      const search = query.search?.trim();
      if (search) {
        const digits = search.replace(/\D/g, '');
        const escaped = search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
        base.where((q) => {
          q.whereRaw('lower(name) like ?', [`%${escaped}%`]);
          if (digits.length >= 3) q.orWhere('mobile', 'like', `%${digits}%`);
        });
      }
      const [countRow] = await base.clone().count('* as count');
      const rows = await base
        .clone()
        .orderBy('created_at', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .select<UserRow[]>(USER_COLUMNS);
      const total = Number((countRow as { count: unknown } | undefined)?.count ?? 0);
      return { users: rows.map((r) => toWire(r)), total, page: query.page, totalPage: Math.max(1, Math.ceil(total / query.limit)) };
    },

    /** Admin: an account for a customer who phones in. Without a password one is generated and shown once. */
    async createForCustomer(input: { name: string; mobile: string; password?: string | undefined }) {
      const password = input.password ?? randomBytes(6).toString('base64url');
      const user = await createAccount({ name: input.name, mobile: input.mobile, password, verified: true });
      return { user, temporaryPassword: input.password ? undefined : password };
    },

    /** Admin: change a role or an account's status; the last active admin can be neither demoted nor disabled. */
    async changeAccess(userId: string, change: { role?: Role; status?: UserStatus }): Promise<UserWire> {
      await db.transaction(async (trx) => {
        const admins = await trx('users').where({ role: 'ADMIN', status: 'Active' }).forUpdate().select('id');
        const target = await trx('users').where({ id: userId }).forUpdate().first<UserRow>('id', 'role', 'status');
        if (!target) throw notFound('There is no such user.');
        const staysActiveAdmin = (change.role ?? target.role) === 'ADMIN' && (change.status ?? target.status) === 'Active';
        const isActiveAdmin = target.role === 'ADMIN' && target.status === 'Active';
        if (isActiveAdmin && !staysActiveAdmin && admins.length <= 1) {
          throw conflict('The shop needs at least one active admin: make someone else an admin first.', 'LAST_ADMIN');
        }
        await trx('users').where({ id: userId }).update({ ...change, updated_at: clock.now() });
        if (change.status === 'Disabled') await revokeAllSessions(userId, trx);
      });
      // A disabled account, or one whose rights changed, keeps no live connection: it reconnects as what it is now.
      if (change.status === 'Disabled' || change.role !== undefined) events.accountSessionsEnded(userId);
      return details(userId);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
