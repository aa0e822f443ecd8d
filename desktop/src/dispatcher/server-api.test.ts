// The device cookie as the counter reads it from a login's answer: only its own cookie, only a value it can send
// back as it came (the server's cookies are at most 200 characters of letters, digits, '.', '-' and '_').
import { describe, expect, it } from 'vitest';
import { deviceCookieOf } from './server-api';

const VALUE = 'd1.4f6c2a9e-1b7d-4c1e-9a55-0c2b6e7d8f90.Zm9vYmFy_-x.lz3k1q.c2lnbmF0dXJl-_A';

describe("the counter's reading of the device cookie", () => {
  it('finds it among the answer\'s cookies, without its attributes', () => {
    expect(deviceCookieOf([`refreshToken=abc; Path=/api/user/refresh-token; HttpOnly`, `kadeDevice=${VALUE}; path=/api/user/login; expires=Tue, 30 Nov 2027 16:00:00 GMT; samesite=lax; httponly`])).toBe(VALUE);
    expect(deviceCookieOf([` kadeDevice = ${VALUE} ;Secure`])).toBe(VALUE);
  });

  it('answers undefined when there is none, or another cookie only shares its name\'s start', () => {
    expect(deviceCookieOf([])).toBeUndefined();
    expect(deviceCookieOf([`kadeDeviceOld=${VALUE}`, `xkadeDevice=${VALUE}`, 'kadeDevice'])).toBeUndefined();
  });

  it('refuses a value it could not send back as it came: too long, empty, or holding a space, a quote or a control character', () => {
    for (const value of ['', 'a'.repeat(201), 'd1 .x', 'd1."x"', 'd1.\u0000x', 'd1.\rx', 'd1.%0d%0ax', 'd1.x,kadeAdmin=1']) {
      expect(deviceCookieOf([`kadeDevice=${value}; path=/`]), JSON.stringify(value)).toBeUndefined();
    }
    expect(deviceCookieOf([`kadeDevice=${'a'.repeat(200)}`])).toBe('a'.repeat(200));
  });
});
