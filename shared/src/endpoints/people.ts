// The endpoints of accounts (the shopper's own, and the admins' list of them), uploads and saved addresses.
import type { SavedAddressWire } from '../address';
import type { CreatedUserWire, LoginWire, PendingCodeWire, SessionTokensWire, UserPageWire, UserWire } from './answers';
import { answer, endpoint } from './define';

export const account = {
  /** Signs the new account in: answers as login does (issue 36). */
  register: endpoint({ method: 'post', path: '/api/user/register', access: 'public', body: 'registerSchema', answer: answer<LoginWire>() }),
  login: endpoint({ method: 'post', path: '/api/user/login', access: 'public', body: 'loginSchema', answer: answer<LoginWire>() }),
  /** Public: the refresh token itself (bearer or cookie) is the credential. */
  refresh: endpoint({ method: 'post', path: '/api/user/refresh-token', access: 'public', answer: answer<SessionTokensWire>() }),
  /** Public: ending a session never needs a live one. */
  logout: endpoint({ method: 'get', path: '/api/user/logout', access: 'public', answer: answer<null>() }),
  details: endpoint({ method: 'get', path: '/api/user/user-details', access: 'user', answer: answer<UserWire>() }),
  update: endpoint({ method: 'put', path: '/api/user/update-user', access: 'user', body: 'updateUserSchema', answer: answer<UserWire>() }),
  uploadAvatar: endpoint({ method: 'put', path: '/api/user/upload-avatar', access: 'user', upload: 'avatar', answer: answer<{ _id: string; avatar: string }>() }),
  /** `verified` also rides beside `data`, where the spec's client reads it. */
  checkVerification: endpoint({
    method: 'post',
    path: '/api/user/check-email-verification',
    access: 'public',
    body: 'checkVerificationSchema',
    answer: answer<{ verified: boolean }>(),
    extras: answer<{ verified: boolean }>(),
  }),
  forgotPassword: endpoint({ method: 'put', path: '/api/user/forgot-password', access: 'public', body: 'forgotPasswordSchema', answer: answer<null>() }),
  verifyOtp: endpoint({ method: 'put', path: '/api/user/verify-forgot-password-otp', access: 'public', body: 'verifyOtpSchema', answer: answer<{ resetToken: string }>() }),
  resetPassword: endpoint({ method: 'put', path: '/api/user/reset-password', access: 'public', body: 'resetPasswordSchema', answer: answer<null>() }),
};

export const users = {
  pendingCodes: endpoint({ method: 'get', path: '/api/users/all', access: 'users.manage', answer: answer<PendingCodeWire[]>() }),
  list: endpoint({ method: 'get', path: '/api/users/list', access: 'users.manage', query: 'adminUserListQuerySchema', answer: answer<UserPageWire>() }),
  create: endpoint({ method: 'post', path: '/api/users/create', access: 'users.manage', body: 'adminCreateUserSchema', answer: answer<CreatedUserWire>() }),
  setRole: endpoint({ method: 'put', path: '/api/users/update-role', access: 'users.manage', body: 'adminChangeRoleSchema', answer: answer<UserWire>() }),
  setStatus: endpoint({ method: 'put', path: '/api/users/update-status', access: 'users.manage', body: 'adminChangeStatusSchema', answer: answer<UserWire>() }),
};

export const files = {
  /** A catalogue picture: form field `image`; answers where it is served. */
  upload: endpoint({ method: 'post', path: '/api/file/upload', access: 'catalogue.manage', upload: 'image', answer: answer<{ url: string }>() }),
};

export const addresses = {
  create: endpoint({ method: 'post', path: '/api/address/create', access: 'user', body: 'addressCreateSchema', answer: answer<SavedAddressWire>() }),
  listOwn: endpoint({ method: 'get', path: '/api/address/get', access: 'user', answer: answer<SavedAddressWire[]>() }),
  listAll: endpoint({ method: 'get', path: '/api/address/admin/all', access: 'addresses.manage', answer: answer<SavedAddressWire[]>() }),
  /** One's own address; any with addresses.manage (which may also set fields a shopper may not). */
  update: endpoint({ method: 'put', path: '/api/address/update', access: 'user', body: 'addressAdminUpdateSchema', answer: answer<SavedAddressWire>() }),
  disable: endpoint({ method: 'delete', path: '/api/address/disable', access: 'user', body: 'addressDisableSchema', answer: answer<SavedAddressWire>() }),
};
