import { describe, expect, it } from 'vitest';
import {
  checkVerificationSchema,
  forgotPasswordSchema,
  loginSchema,
  mobileSchema,
  registerSchema,
  resetPasswordSchema,
  updateUserSchema,
  verifyOtpSchema,
} from './users';
import { PASSWORDS_DIFFER } from '../mobile';
import { check } from './testing';

const MOBILE = '0771234567';
const LOGIN_EMAIL = 'kade0771234567@login.kade.lk';

describe('mobileSchema', () => {
  it.each([
    [MOBILE, { ok: MOBILE }],
    [` ${MOBILE} `, { ok: MOBILE }],
    ['077123456', { error: 'Please enter a valid 10-digit mobile number.', field: null }],
    ['07712345678', { error: 'Please enter a valid 10-digit mobile number.', field: null }],
    ['077 123 4567', { error: 'Please enter a valid 10-digit mobile number.', field: null }],
    ['', { error: 'Mobile number is required', field: null }],
    [undefined, { error: 'Mobile number is required', field: null }],
    [771234567, { error: 'Please enter a valid 10-digit mobile number.', field: null }],
  ])('%j -> %j', (value, expected) => {
    expect(check(mobileSchema, value)).toEqual(expected);
  });
});

describe('registerSchema', () => {
  const valid = { name: ' Nimali ', mobile: MOBILE, password: 'secret12' };
  it('accepts name, mobile and password, trimming the name', () => {
    expect(check(registerSchema, valid)).toEqual({ ok: { name: 'Nimali', mobile: MOBILE, password: 'secret12' } });
  });

  it('accepts a matching confirmation and an optional e-mail', () => {
    expect(check(registerSchema, { ...valid, confirmPassword: 'secret12', email: 'N@Example.lk' })).toEqual({
      ok: { name: 'Nimali', mobile: MOBILE, password: 'secret12', confirmPassword: 'secret12', email: 'n@example.lk' },
    });
    expect(check(registerSchema, { ...valid, email: '' })).toEqual({ ok: { name: 'Nimali', mobile: MOBILE, password: 'secret12' } });
  });

  it.each([
    [{ ...valid, name: '' }, 'name is required', 'name'],
    [{ ...valid, name: undefined }, 'name is required', 'name'],
    [{ ...valid, mobile: '12345' }, 'Please enter a valid 10-digit mobile number.', 'mobile'],
    [{ ...valid, mobile: undefined }, 'Mobile number is required', 'mobile'],
    [{ ...valid, password: 'secret1' }, 'Password must be at least 8 characters.', 'password'], // 7
    [{ ...valid, password: '' }, 'password is required', 'password'],
    [{ ...valid, password: 'x'.repeat(129) }, 'password must be at most 128 characters', 'password'],
    [{ ...valid, confirmPassword: 'secret13' }, PASSWORDS_DIFFER, 'confirmPassword'],
    [{ ...valid, email: 'not-an-email' }, 'email must be a valid e-mail address', 'email'],
  ])('%j -> %s', (value, message, field) => {
    expect(check(registerSchema, value)).toEqual({ error: message, field });
  });

  it('accepts exactly 8 and 128 characters', () => {
    expect(check(registerSchema, { ...valid, password: '12345678' })).toHaveProperty('ok');
    expect(check(registerSchema, { ...valid, password: 'x'.repeat(128) })).toHaveProperty('ok');
  });
});

describe('loginSchema', () => {
  it.each([
    [{ mobile: MOBILE, password: 'x' }, { mobile: MOBILE, password: 'x' }],
    [{ email: LOGIN_EMAIL, password: 'x' }, { email: LOGIN_EMAIL, password: 'x' }],
    [{ mobile: MOBILE, email: '', password: 'x' }, { mobile: MOBILE, password: 'x' }],
  ])('accepts %j', (value, parsed) => {
    expect(check(loginSchema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [{ password: 'x' }, 'Mobile number is required', 'mobile'],
    [{ mobile: '', password: 'x' }, 'Mobile number is required', 'mobile'],
    [{ mobile: '123', password: 'x' }, 'Please enter a valid 10-digit mobile number.', 'mobile'],
    [{ mobile: MOBILE }, 'password is required', 'password'],
    [{ mobile: MOBILE, password: '' }, 'password is required', 'password'],
  ])('%j -> %s', (value, message, field) => {
    expect(check(loginSchema, value)).toEqual({ error: message, field });
  });
});

describe('forgot password, OTP, reset', () => {
  it.each([
    [forgotPasswordSchema, { mobile: MOBILE }, { mobile: MOBILE }],
    [checkVerificationSchema, { email: LOGIN_EMAIL }, { email: LOGIN_EMAIL }],
    [checkVerificationSchema, {}, {}], // a signed-in caller asking about themself
    [verifyOtpSchema, { mobile: MOBILE, otp: '004271' }, { mobile: MOBILE, otp: '004271' }],
    [verifyOtpSchema, { email: LOGIN_EMAIL, otp: ' 123456 ' }, { email: LOGIN_EMAIL, otp: '123456' }],
  ])('accepts %#', (schema, value, parsed) => {
    expect(check(schema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [forgotPasswordSchema, {}, 'Mobile number is required', 'mobile'],
    [checkVerificationSchema, { email: 'not an e-mail' }, 'email must be a valid e-mail address', 'email'],
    [verifyOtpSchema, { mobile: MOBILE, otp: '12345' }, 'OTP must be exactly 6 digits', 'otp'],
    [verifyOtpSchema, { mobile: MOBILE, otp: '1234567' }, 'OTP must be exactly 6 digits', 'otp'],
    [verifyOtpSchema, { mobile: MOBILE, otp: '12a456' }, 'OTP must be exactly 6 digits', 'otp'],
    [verifyOtpSchema, { mobile: MOBILE }, 'OTP is required', 'otp'],
    [verifyOtpSchema, { otp: '123456' }, 'Mobile number is required', 'mobile'],
  ])('refuses %#: %s', (schema, value, message, field) => {
    expect(check(schema, value)).toEqual({ error: message, field });
  });

  const reset = { mobile: MOBILE, newPassword: 'newpass12', confirmPassword: 'newpass12' };
  it('reset accepts matching passwords', () => {
    expect(check(resetPasswordSchema, reset)).toEqual({ ok: reset });
    expect(check(resetPasswordSchema, { ...reset, otp: '123456' })).toEqual({ ok: { ...reset, otp: '123456' } });
    // the reset token names the account: the number may be left out
    const token = { resetToken: 'Zm9vYmFyYmF6cXV4LTEyMzQ1Njc4OTAxMjM0NTY', newPassword: 'newpass12', confirmPassword: 'newpass12' };
    expect(check(resetPasswordSchema, token)).toEqual({ ok: token });
  });

  it.each([
    [{ ...reset, confirmPassword: 'newpass13' }, 'New password and confirm password must be same.', 'confirmPassword'],
    [{ ...reset, confirmPassword: '' }, 'confirm password is required', 'confirmPassword'],
    [{ ...reset, newPassword: '' }, 'new password is required', 'newPassword'],
    [{ ...reset, newPassword: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.', 'newPassword'],
    [{ ...reset, resetToken: 'short' }, 'resetToken is not valid', 'resetToken'],
    [{ ...reset, resetToken: 'has spaces and ; semicolons in it' }, 'resetToken is not valid', 'resetToken'],
    [{ ...reset, resetToken: 42 }, 'resetToken must be text', 'resetToken'],
  ])('reset refuses %j', (value, message, field) => {
    expect(check(resetPasswordSchema, value)).toEqual({ error: message, field });
  });
});

describe('updateUserSchema', () => {
  it.each([
    [{ name: 'Nimali' }, { name: 'Nimali' }],
    [{ mobile: MOBILE }, { mobile: MOBILE }],
    [{ email: 'a@b.lk', name: null }, { email: 'a@b.lk' }],
    [{ language: 'ta' }, { language: 'ta' }],
    [{ name: 'Nimali', language: 'si' }, { name: 'Nimali', language: 'si' }],
  ])('accepts %j', (value, parsed) => {
    expect(check(updateUserSchema, value)).toEqual({ ok: parsed });
  });

  it.each([
    [{}, 'name, mobile, email or language is required', 'name'],
    [{ language: 'fr' }, 'language must be one of en, si, ta', 'language'],
    [{ language: 7 }, 'language must be one of en, si, ta', 'language'],
    [{ language: 'ta\u0000' }, 'language must be one of en, si, ta', 'language'],
    [{ name: '  ' }, 'name is required', 'name'],
    [{ mobile: '077' }, 'Please enter a valid 10-digit mobile number.', 'mobile'],
  ])('refuses %j', (value, message, field) => {
    expect(check(updateUserSchema, value)).toEqual({ error: message, field });
  });
});
