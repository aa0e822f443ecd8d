import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { ApiError } from './api-client';

/** The one handler for failures: an error toast with the server's message (or a plain one when there is none). */
export function showError(error: unknown): void {
  const message = error instanceof ApiError && error.message ? error.message : TEXT.somethingWentWrong;
  toast.error(message);
}
