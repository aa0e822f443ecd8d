import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { userAtom } from '../../../state/atoms';

/** Proceed to checkout; an anonymous shopper is told 'Please Login', logs in, and comes back to /checkout. */
export function useProceed(): () => void {
  const user = useAtomValue(userAtom);
  const navigate = useNavigate();
  return useCallback(() => {
    if (!user) {
      toast.error(TEXT.pleaseLogin);
      navigate('/login', { state: { from: '/checkout' } });
      return;
    }
    navigate('/checkout');
  }, [navigate, user]);
}
