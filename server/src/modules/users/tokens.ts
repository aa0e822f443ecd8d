import { createCipheriv, createDecipheriv, createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@kade/shared';
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { signAccessToken } from '../../auth/access-token';
import type { Db } from '../../db/database';

/** Refresh tokens: opaque, stored hashed, rotated on every use, at most 30 days old. */
export const REFRESH_TOKEN_DAYS = 30;

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
