// Request bodies of /api/user/* (SPEC.md section 7, DESIGN.md section 10).
import { z } from 'zod';
import {
  MOBILE_ERROR,
  MOBILE_REQUIRED,
  OTP_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DIFFER,
  RESET_MISMATCH,
  isValidMobile,
} from '../mobile';
import { USERS_PAGE_SIZE } from '../constants';
import { ROLES } from '../permissions';
import { requestBody, emailField, nameField, idField, pageField, limitField, searchTextField } from './fields';
import { LANGUAGES } from '../language';

/** A 10-digit mobile number: 'Mobile number is required', 'Please enter a valid 10-digit mobile number.' */
export const mobileSchema = z
  .string({ error: (issue) => (issue.input == null ? MOBILE_REQUIRED : MOBILE_ERROR) })
  .trim()
  .min(1, MOBILE_REQUIRED)
  .refine(isValidMobile, MOBILE_ERROR);

/** A new password: at least 8 characters ('Password must be at least 8 characters.'), at most 128. */
export function newPasswordField(field = 'password') {
  return z
    .string({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be text`) })
    .min(1, `${field} is required`)
    .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX_LENGTH, `${field} must be at most ${PASSWORD_MAX_LENGTH} characters`);
}

/** A password being checked (login): only required; the length rule is not revealed. */
const passwordToCheck = z
  .string({ error: (issue) => (issue.input == null ? 'password is required' : 'password must be text') })
  .min(1, 'password is required')
  .max(PASSWORD_MAX_LENGTH, `password must be at most ${PASSWORD_MAX_LENGTH} characters`);

const optionalEmail = z.preprocess((value) => (value === null || value === '' ? undefined : value), emailField().optional());
const optionalMobile = z.preprocess((value) => (value === null || value === '' ? undefined : value), mobileSchema.optional());

/** Who the request is about: a mobile number or (the login e-mail made from it); at least one. */
const identityShape = { mobile: optionalMobile, email: optionalEmail };

function needsIdentity(value: { mobile?: string | undefined; email?: string | undefined }): boolean {
  return value.mobile !== undefined || value.email !== undefined;
}
const identityRule = { error: MOBILE_REQUIRED, path: ['mobile'] };

/**
 * POST /api/user/register: name, the mobile number or (as SPEC.md section 7 sends it) its login e-mail, and the
 * password (twice when confirmPassword is sent). Which e-mails are login e-mails is the server's setting
 * (LOGIN_EMAIL_PREFIX/DOMAIN): it turns the e-mail into the number, or answers 400 naming `email`.
 */
export const registerSchema = requestBody({
  name: nameField('name', 100),
  ...identityShape,
  password: newPasswordField('password'),
  confirmPassword: z.string({ error: 'confirm password must be text' }).optional(),
})
  .refine(needsIdentity, identityRule)
  .refine((value) => value.confirmPassword === undefined || value.confirmPassword === value.password, {
    error: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** POST /api/user/login: mobile (or its login e-mail) and password. */
export const loginSchema = requestBody({ ...identityShape, password: passwordToCheck }).refine(needsIdentity, identityRule);
export type LoginInput = z.infer<typeof loginSchema>;

/** PUT /api/user/forgot-password: mobile (or its login e-mail). */
export const forgotPasswordSchema = requestBody(identityShape).refine(needsIdentity, identityRule);
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A one-time code: exactly 6 digits. */
export const otpSchema = z
  .string({ error: (issue) => (issue.input == null ? 'OTP is required' : 'OTP must be text') })
  .trim()
  .min(1, 'OTP is required')
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `OTP must be exactly ${OTP_LENGTH} digits`);

/** PUT /api/user/verify-forgot-password-otp: the 6-digit code and the mobile (or login e-mail). */
export const verifyOtpSchema = requestBody({ ...identityShape, otp: otpSchema }).refine(needsIdentity, identityRule);
export type VerifyOtpInput = z.infer<typeof verifyOtpSchema>;

/**
 * PUT /api/user/reset-password: the new password twice ('New password and confirm password must be same.')
 * and the reset token that verify-forgot-password-otp answered (here, or in its httpOnly cookie). The mobile
 * (or login e-mail) may come too and must then be the token's.
 */
export const resetPasswordSchema = requestBody({
  ...identityShape,
  otp: otpSchema.optional(),
  resetToken: z.preprocess(
    (value) => (value === null || value === '' ? undefined : value),
    z.string({ error: 'resetToken must be text' }).regex(/^[\w-]{16,128}$/, 'resetToken is not valid').optional(),
  ),
  newPassword: newPasswordField('new password'),
  confirmPassword: z
    .string({ error: (issue) => (issue.input == null ? 'confirm password is required' : 'confirm password must be text') })
    .min(1, 'confirm password is required'),
}).refine((value) => value.newPassword === value.confirmPassword, { error: RESET_MISMATCH, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** PUT /api/user/update-user: any of name, mobile, e-mail and the shop's language (issue 21); at least one. */
export const updateUserSchema = requestBody({
  name: z.preprocess((value) => (value === null ? undefined : value), nameField('name', 100).optional()),
  mobile: optionalMobile,
  email: optionalEmail,
  language: z.enum(LANGUAGES, { error: `language must be one of ${LANGUAGES.join(', ')}` }).optional(),
}).refine((value) => value.name !== undefined || value.mobile !== undefined || value.email !== undefined || value.language !== undefined, {
  error: 'name, mobile, email or language is required',
  path: ['name'],
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/**
 * POST /api/user/check-email-verification: whose verification to tell, by the login e-mail (as SPEC.md section 7
 * sends it) or the mobile number; with neither, a signed-in caller's own (the server says what is missing).
 */
export const checkVerificationSchema = requestBody(identityShape);
export type CheckVerificationInput = z.infer<typeof checkVerificationSchema>;

/** GET /api/users/list (admin): search by name or mobile, paged. */
export const adminUserListQuerySchema = z.object({
  search: searchTextField().optional(),
  page: pageField(),
  limit: limitField(100, USERS_PAGE_SIZE),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** POST /api/users/create (admin): an account for a customer who phones in; a password is generated when none is given. */
export const adminCreateUserSchema = requestBody({
  name: nameField('name', 100),
  mobile: mobileSchema,
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), newPasswordField('password').optional()),
});
export type AdminCreateUserInput = z.infer<typeof adminCreateUserSchema>;

/** PUT /api/users/update-role (admin). */
export const adminChangeRoleSchema = requestBody({
  _id: idField('_id'),
  role: z.enum(ROLES, { error: (issue) => (issue.input == null ? 'role is required' : `role must be ${ROLES.join(', ')}`) }),
});
export type AdminChangeRoleInput = z.infer<typeof adminChangeRoleSchema>;

/** Whether an account may log in. */
export const USER_STATUSES = ['Active', 'Disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** PUT /api/users/update-status (admin): disable or re-enable an account. */
export const adminChangeStatusSchema = requestBody({
  _id: idField('_id'),
  status: z.enum(USER_STATUSES, { error: (issue) => (issue.input == null ? 'status is required' : 'status must be Active or Disabled') }),
});
export type AdminChangeStatusInput = z.infer<typeof adminChangeStatusSchema>;
