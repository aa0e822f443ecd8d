import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { i18n } from '../../../i18n/i18n';
import { accountApi } from '../api/account-api';

/** Whether the account's number is verified: null while checking, 'error' when the check failed. */
export type Verification = boolean | null | 'error';

/** Asks the server whether the number is verified; a failed check says 'Error checking email verification' (in the shopper's language). */
export function useVerification(enabled: boolean): { verified: Verification; recheck: () => Promise<void> } {
  const [verified, setVerified] = useState<Verification>(null);
  const recheck = useCallback(async () => {
    try {
      const answer = await accountApi.checkVerification();
      setVerified(answer.data.verified);
    } catch {
      setVerified('error');
      toast.error(i18n.t('auth.verifyError'));
    }
  }, []);
  useEffect(() => {
    if (enabled) void recheck();
  }, [enabled, recheck]);
  return { verified, recheck };
}
