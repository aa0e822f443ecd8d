import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import {
  generateOtp,
  loginEmailToMobile,
  mobileToLoginEmail,
  type LoginInput,
  type RegisterInput,
  type ResetPasswordInput,
  type UpdateUserInput,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { enforceRateLimits, refundRateLimit } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from './password';
import { hashToken, issueTokens, type IssuedTokens } from './tokens';
import type { OtpSender } from './otp-sender';

export const OTP_VALID_MINUTES = 10;
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** After a code is verified, the new password must be set within this time. */
export const RESET_WINDOW_MINUTES = 15;

export type Role = 'USER' | 'ADMIN';
export type UserStatus = 'Active' | 'Disabled';

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
}

/** The session record of SPEC.md section 3, as the screens read it. Never the password hash. */
export interface UserWire {
  _id: string;
  name: string;
  email: string;
  avatar: string;
  mobile: string;
  verify_email: boolean;
  last_login_date: string;
  status: UserStatus;
  role: Role;
  address_details: string[];
  shopping_cart: string[];
  orderHistory: string[];
  createdAt: string;
}

const USER_COLUMNS = ['id', 'name', 'email', 'mobile', 'avatar', 'role', 'status', 'verify_email', 'last_login_at', 'created_at'];

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
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

const SAME_ANSWER = 'If this number has an account, a 6-digit code is on its way. The shop may also call you with it.';
const WRONG_LOGIN = 'Wrong mobile number or password.';
const CODE_DEAD = 'This code has expired or is no longer valid. Please ask for a new one.';
// A hash to check against when the number is unknown, so a wrong number takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

export interface RequestInfo {
  ip: string;
  userAgent?: string;
}

export interface UserServiceDeps {
  db: Knex;
  config: Config;
  clock: Clock;
  otpSender: OtpSender;
}

export function createUserService({ db, config, clock, otpSender }: UserServiceDeps) {
  const minutesFromNow = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000);

  /** The mobile number a request names, by the number itself or by its login e-mail. */
  function mobileOf(input: { mobile?: string | undefined; email?: string | undefined }): string | undefined {
    if (input.mobile) return input.mobile;
    return input.email ? (loginEmailToMobile(input.email, config.login) ?? undefined) : undefined;
  }

  async function findByMobile(mobile: string | undefined, trx: Knex | Knex.Transaction = db): Promise<UserRow | undefined> {
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
    const passwordHash = await hashPassword(input.password);
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

  async function revokeFamily(familyId: string, trx: Knex | Knex.Transaction = db): Promise<void> {
    await trx('refresh_tokens').where({ family_id: familyId }).whereNull('revoked_at').update({ revoked_at: clock.now() });
  }

  async function revokeAllSessions(userId: string, trx: Knex | Knex.Transaction = db): Promise<void> {
    await trx('refresh_tokens').where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: clock.now() });
  }

  /** The newest code of a user that can still be checked: not used, not expired, not worn out by wrong tries. */
  async function liveCode(userId: string, trx: Knex | Knex.Transaction = db) {
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

    register: (input: RegisterInput) => createAccount({ name: input.name, mobile: input.mobile, password: input.password }),

    async login(input: LoginInput, request: RequestInfo): Promise<IssuedTokens & { user: UserWire }> {
      const mobile = mobileOf(input);
      // The address limit counts only failed logins (refunded below on success): many shoppers share one
      // carrier address behind mobile NAT. The number's limit counts every try.
      const addressKey = `login:ip:${request.ip}`;
      await enforceRateLimits(
        db,
        clock,
        [
          { key: `login:mobile:${mobile ?? input.email ?? ''}`, limit: 10, windowSeconds: 15 * 60 },
          { key: addressKey, limit: 50, windowSeconds: 15 * 60 },
        ],
        'Too many login attempts.',
      );
      const user = await findByMobile(mobile);
      if (!user) {
        await verifyPassword(input.password, await (decoyHash ??= hashPassword('decoy-password')));
        throw new AppError(401, 'WRONG_CREDENTIALS', WRONG_LOGIN, { field: 'password' });
      }
      if (!(await verifyPassword(input.password, user.password_hash))) {
        throw new AppError(401, 'WRONG_CREDENTIALS', WRONG_LOGIN, { field: 'password' });
      }
      if (user.status !== 'Active') throw new AppError(403, 'ACCOUNT_DISABLED', 'This account is disabled. Please contact the shop.');
      await db('users').where({ id: user.id }).update({ last_login_at: clock.now() });
      const tokens = await issueTokens(db, config.jwtSecret, clock, user, request.userAgent ? { userAgent: request.userAgent } : {});
      await refundRateLimit(db, clock, addressKey);
      return { ...tokens, user: await details(user.id) };
    },

    /**
     * Rotates a refresh token: the old one is spent, a new one of the same family is issued. A spent or
     * revoked token presented again means it was stolen or replayed: the whole family is revoked.
     */
    async refresh(refreshToken: string | undefined, request: RequestInfo): Promise<IssuedTokens> {
      if (!refreshToken) throw unauthorized('Please log in to continue.', 'REFRESH_MISSING');
      // A refusal that revokes must commit the revocation first, so it is decided inside and thrown outside.
      const outcome = await db.transaction(async (trx): Promise<IssuedTokens | AppError> => {
        const row = await trx('refresh_tokens')
          .where({ token_hash: hashToken(refreshToken) })
          .forUpdate()
          .first<{ id: string; user_id: string; family_id: string; expires_at: Date; used_at: Date | null; revoked_at: Date | null }>();
        if (!row) return unauthorized('Your session is not valid. Please log in again.', 'REFRESH_INVALID');
        if (row.used_at || row.revoked_at) {
          await revokeFamily(row.family_id, trx);
          return unauthorized('This session was ended for your safety. Please log in again.', 'REFRESH_REUSED');
        }
        if (new Date(row.expires_at) <= clock.now()) return unauthorized('Your session has expired. Please log in again.', 'REFRESH_EXPIRED');
        const user = await trx('users').where({ id: row.user_id }).first<UserRow>('id', 'role', 'status');
        if (!user || user.status !== 'Active') {
          await revokeFamily(row.family_id, trx);
          return unauthorized('This account is disabled. Please contact the shop.', 'ACCOUNT_DISABLED');
        }
        await trx('refresh_tokens').where({ id: row.id }).update({ used_at: clock.now() });
        return issueTokens(trx, config.jwtSecret, clock, user, {
          familyId: row.family_id,
          ...(request.userAgent ? { userAgent: request.userAgent } : {}),
        });
      });
      if (outcome instanceof AppError) throw outcome;
      return outcome;
    },

    /** Ends a session: the family of the access token, and the refresh token sent, if any. */
    async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
      if (sessionId) await revokeFamily(sessionId);
      if (refreshToken) {
        const row = await db('refresh_tokens').where({ token_hash: hashToken(refreshToken) }).first('family_id');
        if (row) await revokeFamily(row.family_id as string);
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
     * Starts a password reset: a fresh 6-digit code, valid 10 minutes, replaces any earlier one. The answer
     * is the same whether or not the number has an account.
     */
    async forgotPassword(input: { mobile?: string | undefined; email?: string | undefined }, request: RequestInfo): Promise<string> {
      const mobile = mobileOf(input);
      await enforceRateLimits(
        db,
        clock,
        [
          { key: `forgot:mobile:${mobile ?? input.email ?? ''}`, limit: 3, windowSeconds: 15 * 60 },
          { key: `forgot:ip:${request.ip}`, limit: 20, windowSeconds: 15 * 60 },
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

    /** Checks a code. Five wrong tries kill it: the sixth is refused even when right. */
    async verifyOtp(input: { mobile?: string | undefined; email?: string | undefined; otp: string }, request: RequestInfo): Promise<void> {
      const mobile = mobileOf(input);
      await enforceRateLimits(
        db,
        clock,
        [
          { key: `otp:mobile:${mobile ?? input.email ?? ''}`, limit: 10, windowSeconds: 15 * 60 },
          { key: `otp:ip:${request.ip}`, limit: 30, windowSeconds: 15 * 60 },
        ],
        'Too many code checks.',
      );
      const user = await findByMobile(mobile);
      // A wrong try must be counted even though the call fails: decided inside, thrown after the commit.
      const refusal = await db.transaction(async (trx): Promise<AppError | undefined> => {
        const code = user ? await liveCode(user.id, trx) : undefined;
        if (!user || !code) return new AppError(400, 'OTP_INVALID', CODE_DEAD, { field: 'otp' });
        const matches = code.code.length === input.otp.length && timingSafeEqual(Buffer.from(code.code), Buffer.from(input.otp));
        if (!matches) {
          const failed = code.failed_attempts + 1;
          await trx('password_reset_codes').where({ id: code.id }).update({ failed_attempts: failed });
          const left = OTP_MAX_FAILED_ATTEMPTS - failed;
          return new AppError(400, 'OTP_WRONG', left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.` : CODE_DEAD, { field: 'otp' });
        }
        await trx('password_reset_codes').where({ id: code.id }).update({ verified_at: clock.now() });
        await trx('users').where({ id: user.id }).update({ verify_email: true });
        return undefined;
      });
      if (refusal) throw refusal;
    },

    /** Sets a new password after a verified code, spends the code and ends every other session. */
    async resetPassword(input: ResetPasswordInput): Promise<void> {
      const user = await findByMobile(mobileOf(input));
      const verifiedSince = new Date(clock.now().getTime() - RESET_WINDOW_MINUTES * 60_000);
      const code = user
        ? await db('password_reset_codes')
            .where({ user_id: user.id })
            .whereNull('used_at')
            .where('verified_at', '>', verifiedSince)
            .orderBy('verified_at', 'desc')
            .first<{ id: string }>('id')
        : undefined;
      if (!user || !code) {
        throw new AppError(400, 'RESET_NOT_VERIFIED', 'Please enter the code we sent before setting a new password.', { field: 'otp' });
      }
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (trx) => {
        const spent = await trx('password_reset_codes').where({ id: code.id }).whereNull('used_at').update({ used_at: clock.now() });
        if (spent === 0) throw new AppError(400, 'RESET_NOT_VERIFIED', 'Please enter the code we sent before setting a new password.', { field: 'otp' });
        await trx('users').where({ id: user.id }).update({ password_hash: passwordHash, updated_at: clock.now() });
        await revokeAllSessions(user.id, trx);
      });
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
      return details(userId);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
