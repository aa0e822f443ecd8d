import toast from 'react-hot-toast';
import { i18n, isEnglishOnlyPage } from '../i18n/i18n';
import { ApiError } from './api-client';

/**
 * A failure in the shopper's language: in Sinhala or Tamil the server's stable `code` looked up as
 * `errors.<CODE>` in the catalogue (issue 21), else (and always in English) the server's own message, else
 * 'Something went wrong'.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    // the staff's screens stay English: they read the server's words
    if (typeof window !== 'undefined' && isEnglishOnlyPage(window.location.pathname)) return error.message || 'Something went wrong';
    const key = error.code ? `errors.${error.code}` : null;
    // English reads the server's own words (they name the product, the amount); other languages the catalogue's
    if (key && i18n.isInitialized && i18n.language !== 'en' && i18n.exists(key)) return i18n.t(key);
    if (error.message) return error.message;
  }
  return i18n.isInitialized ? i18n.t('errors.somethingWentWrong') : 'Something went wrong';
}

/** The one handler for failures: an error toast in the shopper's language. */
export function showError(error: unknown): void {
  toast.error(errorText(error));
}
