/**
 * Where a password-reset code goes. The default keeps it for the admins' "users with a pending code" list
 * (staff read it to the customer by phone), so it sends nothing; an SMS gateway implements this same
 * interface and is passed to the user service at start, with no change to the flow.
 */
export interface OtpSender {
  readonly name: string;
  send(message: { mobile: string; code: string; expiresAt: Date }): Promise<void>;
}

export const adminVisibleOtpSender: OtpSender = {
  name: 'admin-visible',
  send: async () => undefined,
};
