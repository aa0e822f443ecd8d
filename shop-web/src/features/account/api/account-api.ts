// The account's calls: registering, logging in, the profile and its photo, and the password reset by code.
import { ENDPOINTS, type BodyOf } from '@kade/shared';
import { call } from '../../../lib/api-client';

const { account } = ENDPOINTS;

export const accountApi = {
  register: (body: BodyOf<typeof account.register>) => call(account.register, { body }),
  login: (body: BodyOf<typeof account.login>) => call(account.login, { body }),
  update: (body: BodyOf<typeof account.update>) => call(account.update, { body }),
  /** The photo as form data, in the endpoint's upload field. */
  uploadAvatar: (photo: File) => {
    const form = new FormData();
    form.append(account.uploadAvatar.upload, photo);
    return call(account.uploadAvatar, { body: form });
  },
  /** Whether the signed-in account's e-mail is verified. */
  checkVerification: () => call(account.checkVerification, { body: {} }),
  forgotPassword: (mobile: string) => call(account.forgotPassword, { body: { mobile } }),
  verifyOtp: (body: BodyOf<typeof account.verifyOtp>) => call(account.verifyOtp, { body }),
  resetPassword: (body: BodyOf<typeof account.resetPassword>) => call(account.resetPassword, { body }),
};
