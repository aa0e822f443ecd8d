// Mobile numbers, the login identity made from them, passwords and one-time codes (SPEC.md sections 1 and 5,
// DESIGN.md section 10).

/** Shown when a login, register, profile or forgot-password number is not exactly 10 digits. */
export const MOBILE_ERROR = 'Please enter a valid 10-digit mobile number.';
/** Shown when the address form's mobile number is empty. */
export const MOBILE_REQUIRED = 'Mobile number is required';
/** Shown when the address form's mobile number is not exactly 10 digits. */
export const MOBILE_EXACT = 'Mobile number must be exactly 10 digits';

/** Digits in a mobile number. */
export const MOBILE_LENGTH = 10;

export const DEFAULT_LOGIN_EMAIL_PREFIX = 'kade';
export const DEFAULT_LOGIN_EMAIL_DOMAIN = 'login.kade.lk';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
/** The reset screen's mismatch (SPEC.md section 5). */
export const RESET_MISMATCH = 'New password and confirm password must be same.';
/** The register screen's mismatch, on the screen and in the server's answer alike. */
export const PASSWORDS_DIFFER = 'Password and confirm password must be same.';

/** Digits in a one-time code. */
export const OTP_LENGTH = 6;

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_LENGTH}}$`);
const OTP_PATTERN = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * What a mobile input keeps of what was typed or pasted: digits only, at most 10. A pasted international
 * '+94' prefix becomes the local leading 0 ('+94 77 123 4567' -> '0771234567').
 */
export function sanitizeMobileInput(text: string): string {
  let digits = text.replace(/\D/g, '');
  if (/^\s*\+\s*94/.test(text)) digits = `0${digits.slice(2)}`;
  return digits.slice(0, MOBILE_LENGTH);
}

/** True when the text is exactly 10 digits and nothing else. */
export function isValidMobile(mobile: string): boolean {
  return MOBILE_PATTERN.test(mobile);
}

/** True when the text is exactly 6 digits. */
export function isValidOtp(otp: string): boolean {
  return OTP_PATTERN.test(otp);
}

export interface LoginEmailOptions {
  prefix?: string;
  domain?: string;
}

function loginParts(opts: LoginEmailOptions | undefined): { prefix: string; domain: string } {
  return {
    prefix: (opts?.prefix ?? DEFAULT_LOGIN_EMAIL_PREFIX).toLowerCase(),
    domain: (opts?.domain ?? DEFAULT_LOGIN_EMAIL_DOMAIN).toLowerCase(),
  };
}

/**
 * The login identity of a mobile number: prefix + the 10 digits + '@' + domain
 * ('0771234567' -> 'kade0771234567@login.kade.lk'). Throws when the number is not 10 digits.
 */
export function mobileToLoginEmail(mobile: string, opts?: LoginEmailOptions): string {
  if (!isValidMobile(mobile)) throw new RangeError(MOBILE_ERROR);
  const { prefix, domain } = loginParts(opts);
  return `${prefix}${mobile}@${domain}`;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The mobile number inside one of our login identities (case ignored), or null when the e-mail is not ours. */
export function loginEmailToMobile(email: string, opts?: LoginEmailOptions): string | null {
  const { prefix, domain } = loginParts(opts);
  const pattern = new RegExp(`^${escapeRegExp(prefix)}(\\d{${MOBILE_LENGTH}})@${escapeRegExp(domain)}$`);
  return pattern.exec(email.trim().toLowerCase())?.[1] ?? null;
}

/**
 * A fresh 6-digit one-time code from the platform's secure random source (`crypto.getRandomValues`, in the
 * browser and in Node). Leading zeros are kept ('004271').
 */
export function generateOtp(): string {
  const limit = 10 ** OTP_LENGTH;
  // Rejection sampling keeps every code equally likely.
  const ceiling = Math.floor(0x1_0000_0000 / limit) * limit;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < ceiling) return String(value % limit).padStart(OTP_LENGTH, '0');
  }
}
