import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { fixedClock } from '../clock';
import { secretKey, signAccessToken, verifyAccessToken } from './access-token';

const SECRET = 'a-test-secret-that-is-long-enough-32';
const clock = fixedClock('2026-11-24T10:00:00Z');
const claims = { sub: '8f1c0a52-2f7e-4a59-9d4b-6a0f5a1c2b3d', role: 'USER' as const, sid: '1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d' };

describe('access tokens signed with a key object made once', () => {
  it('makes one key per secret and reuses it', () => {
    expect(secretKey(SECRET)).toBe(secretKey(SECRET));
    expect(secretKey(SECRET)).not.toBe(secretKey(`${SECRET}-other`));
    expect(secretKey(SECRET).type).toBe('secret');
  });

  it('is the plain HS256 token a string secret would give: either side verifies the other', () => {
    const token = signAccessToken(SECRET, claims, clock);
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(jwt.verify(token, SECRET, { algorithms: ['HS256'], clockTimestamp: now })).toMatchObject({ sub: claims.sub, role: 'USER' });
    const byString = jwt.sign({ role: 'USER', sid: claims.sid, iat: now }, SECRET, { algorithm: 'HS256', subject: claims.sub, issuer: 'kade', audience: 'kade-api', expiresIn: 900 });
    expect(verifyAccessToken(SECRET, byString, clock)).toMatchObject(claims);
  });

  it('still refuses another secret, a changed payload and the none algorithm', () => {
    const token = signAccessToken(SECRET, claims, clock);
    expect(() => verifyAccessToken(`${SECRET}x`, token, clock)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
    const [head, , sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN', iat: 1, exp: 4102444800 })).toString('base64url');
    expect(() => verifyAccessToken(SECRET, `${head}.${forged}.${sig}`, clock)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${token.split('.')[1]}.`;
    expect(() => verifyAccessToken(SECRET, none, clock)).toThrow(expect.objectContaining({ code: 'TOKEN_INVALID' }));
  });
});
