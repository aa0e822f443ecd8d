import { useCallback, useState } from 'react';
import { showError } from './show-error';

/**
 * One action of a form at a time: `busy` while `run`'s action is under way (to disable its button), and its
 * failure shown as every failure is (showError) and handed to `onFailure` when given. `run` answers whether the
 * action went through.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>, onFailure?: (error: unknown) => void): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (error) {
      showError(error);
      onFailure?.(error);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
