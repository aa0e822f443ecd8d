import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOGIN_EMAIL_DOMAIN,
  DEFAULT_LOGIN_EMAIL_PREFIX,
  MOBILE_ERROR,
  MOBILE_EXACT,
  MOBILE_REQUIRED,
  OTP_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  RESET_MISMATCH,
  generateOtp,
  isValidMobile,
  isValidOtp,
  loginEmailToMobile,
  mobileToLoginEmail,
  sanitizeMobileInput,
} from './mobile';

describe('constants', () => {
  it('carry the exact texts', () => {
    expect(MOBILE_ERROR).toBe('Please enter a valid 10-digit mobile number.');
    expect(MOBILE_REQUIRED).toBe('Mobile number is required');
    expect(MOBILE_EXACT).toBe('Mobile number must be exactly 10 digits');
    expect(RESET_MISMATCH).toBe('New password and confirm password must be same.');
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters.');
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(OTP_LENGTH).toBe(6);
    expect(DEFAULT_LOGIN_EMAIL_PREFIX).toBe('kade');
    expect(DEFAULT_LOGIN_EMAIL_DOMAIN).toBe('login.kade.lk');
  });
});

describe('sanitizeMobileInput', () => {
  it.each([
    ['', ''],
    ['077', '077'],
    ['077 123 4567', '0771234567'],
    ['077-123-4567', '0771234567'],
    ['abc0771234567', '0771234567'],
    ['077123456', '077123456'], // 9 digits stay
    ['0771234567', '0771234567'], // 10
    ['07712345678', '0771234567'], // 11: cut to 10
    ['+94 77 123 4567', '0771234567'],
    ['+94771234567', '0771234567'],
    ['94771234567', '9477123456'], // no plus: just digits, cut to 10
    ['٠٧٧', ''], // only ASCII digits count
  ])('%j -> %j', (typed, kept) => {
    expect(sanitizeMobileInput(typed)).toBe(kept);
  });
});

describe('isValidMobile', () => {
  it.each([
    ['0771234567', true],
    ['1234567890', true],
    ['077123456', false], // 9
    ['07712345678', false], // 11
    ['077 1234567', false],
    ['077123456a', false],
    ['', false],
  ])('%j -> %s', (mobile, valid) => {
    expect(isValidMobile(mobile)).toBe(valid);
  });
});

describe('isValidOtp', () => {
  it.each([
    ['123456', true],
    ['000000', true],
    ['12345', false],
    ['1234567', false],
    ['12345a', false],
    ['', false],
  ])('%j -> %s', (otp, valid) => {
    expect(isValidOtp(otp)).toBe(valid);
  });
});

describe('login e-mail', () => {
  it.each([
    ['0771234567', undefined, 'kade0771234567@login.kade.lk'],
    ['0771234567', { prefix: 'shop', domain: 'example.lk' }, 'shop0771234567@example.lk'],
    ['0771234567', { prefix: 'Shop', domain: 'Example.LK' }, 'shop0771234567@example.lk'],
    ['0771234567', { prefix: '' }, '0771234567@login.kade.lk'],
  ])('%s with %j -> %s and back', (mobile, opts, email) => {
    expect(mobileToLoginEmail(mobile, opts)).toBe(email);
    expect(loginEmailToMobile(email, opts)).toBe(mobile);
  });

  it.each(['077123456', '07712345678', '', '077 123 4567'])('refuses to make one from %j', (mobile) => {
    expect(() => mobileToLoginEmail(mobile)).toThrow(MOBILE_ERROR);
  });

  it.each([
    ['KADE0771234567@LOGIN.KADE.LK', '0771234567'],
    [' kade0771234567@login.kade.lk ', '0771234567'],
    ['kade077123456@login.kade.lk', null], // 9 digits
    ['kade07712345678@login.kade.lk', null], // 11 digits
    ['kade0771234567@login.kade.lk.evil.com', null],
    ['kade0771234567@loginxkade.lk', null], // the dot is literal
    ['x0771234567@login.kade.lk', null],
    ['someone@gmail.com', null],
    ['', null],
  ])('loginEmailToMobile(%j) -> %s', (email, mobile) => {
    expect(loginEmailToMobile(email)).toBe(mobile);
  });
});

describe('generateOtp', () => {
  it('gives 6 digits, varied', () => {
    const codes = Array.from({ length: 200 }, () => generateOtp());
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });
});
