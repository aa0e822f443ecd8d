// The 6-digit code a person types, checked by the server (PUT /api/user/verify-forgot-password-otp): the verify
// screen and the reset screen alike. A wrong or dead code empties the boxes and says why.
import { useState } from 'react';
import type { Answer } from '../../../lib/api-client';
import { accountApi } from '../api/account-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { emptyOtp } from './otp-boxes';

export function useOtpCheck(mobile: string | undefined, onVerified: (answer: Answer<{ resetToken: string }>) => void | Promise<void>) {
  const [digits, setDigits] = useState(emptyOtp);
  const { busy, run, onSubmit } = useBusyAction();
  const complete = digits.every((digit) => digit !== '');

  const submit = onSubmit(
    () => !!mobile && complete,
    async () => onVerified(await accountApi.verifyOtp({ mobile, otp: digits.join('') })),
    () => setDigits(emptyOtp()),
  );

  return { digits, setDigits, busy, run, complete, submit };
}
