// SPEC.md section 4: at most 20 toasts are kept. The number is TOAST.limit (ui-constants.ts), applied here rather
// than left to react-hot-toast's own default, which only happens to be the same.
import { useEffect } from 'react';
import toast, { useToasterStore, type Toast } from 'react-hot-toast';
import { TOAST } from './ui-constants';

/** The toasts to dismiss so that at most `limit` show: the oldest beyond it (the toaster keeps the newest first). */
export function toastsOverLimit(toasts: ReadonlyArray<Pick<Toast, 'id' | 'visible'>>, limit: number = TOAST.limit): string[] {
  return toasts
    .filter((shown) => shown.visible)
    .slice(limit)
    .map((shown) => shown.id);
}

/** Mounted once beside the Toaster: dismisses the toasts beyond TOAST.limit as new ones come. */
export function ToastLimit(): null {
  const { toasts } = useToasterStore();
  useEffect(() => {
    for (const id of toastsOverLimit(toasts)) toast.dismiss(id);
  }, [toasts]);
  return null;
}
