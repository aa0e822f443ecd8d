import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { userAtom } from '../../../state/atoms';
import { paths } from '../../../lib/paths';

/** Proceed to checkout; an anonymous shopper is told 'Please Login', logs in, and comes back to /checkout. */
export function useProceed(): () => void {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  const { t } = useTranslation();
  return useCallback(() => {
    if (!user) {
      toast.error(t('cart.pleaseLogin'));
      navigate(paths.login, { state: { from: paths.checkout } });
      return;
    }
    navigate(paths.checkout);
  }, [navigate, t, user]);
}
