import { useCallback, useState, type FormEvent } from 'react';
import { showError } from './show-error';

/**
 * One action of a form at a time: `busy` while `run`'s action is under way (to disable its button), and its
 * failure shown as every failure is (showError) and handed to `onFailure` when given. `run` answers whether the
 * action went through. `onSubmit` makes a form's submit handler of it: the browser does not send the form,
 * `valid` is asked first (it shows what is wrong and answers false to stop), then the action runs as `run` runs it.
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
  const onSubmit = useCallback(
    (valid: () => boolean, action: () => Promise<void>, onFailure?: (error: unknown) => void) => (event: FormEvent) => {
      event.preventDefault();
      if (valid()) void run(action, onFailure);
    },
    [run],
  );
  return { busy, run, onSubmit };
}
