import toast from 'react-hot-toast';
import { ERROR_CODES, isLanguage, localName, windowEnds, type Language, type ValidationRule } from '@kade/shared';
import { i18n, isEnglishOnlyPage } from '../i18n/i18n';
import { ApiError, type ApiErrorCode } from './api-client';
import { FIELD_LABEL_KEYS, validationText } from './validation-text';

/** The values each `errorDetail.<key>` sentence puts in: without them the plain `errors.<CODE>` is said. */
const DETAIL_VALUES: Readonly<Partial<Record<ApiErrorCode | 'FEW_LEFT', readonly string[]>>> = {
  OUT_OF_STOCK: ['name'],
  PRODUCT_UNAVAILABLE: ['name'],
  BARCODE_TAKEN: ['name'],
  FEW_LEFT: ['name', 'count'],
  FRESH_CLOSED: ['name', 'from', 'to'],
  SHOP_CLOSED: ['from', 'to'],
  OTP_WRONG: ['count'],
};

/** A refusal's hours in the language (windowEnds); as the server wrote them if they are not a window. */
function hoursIn(from: string, to: string, language: Language): { from: string; to: string } {
  try {
    return windowEnds(`${from}-${to}`, language);
  } catch {
    return { from, to };
  }
}

/**
 * A refusal said with what its details carry (issue 21): the product's name in the shopper's language, how many
 * are left, the hours, the tries left. Null when the details lack what the sentence needs.
 */
function detailText(code: ApiErrorCode, data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const details = data as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  if (typeof details.name === 'string') {
    values.name = localName({ name: details.name, nameSi: details.nameSi as string | null | undefined, nameTa: details.nameTa as string | null | undefined }, language);
  }
  // the hours ('06:00', '21:00' on the shop's clock) as the language writes a time, not as the server's English does
  if (typeof details.from === 'string' && typeof details.to === 'string') Object.assign(values, hoursIn(details.from, details.to, language));
  let key: ApiErrorCode | 'FEW_LEFT' = code;
  // 'Only 2 of … left' (the cart's and the checkout's), not 'out of stock', while some are left
  if ((code === 'OUT_OF_STOCK' || code === 'NOT_ENOUGH_STOCK') && typeof details.available === 'number' && details.available > 0) {
    key = 'FEW_LEFT';
    values.count = details.available;
  }
  if (code === 'OTP_WRONG' && typeof details.triesLeft === 'number' && details.triesLeft > 0) values.count = details.triesLeft;
  const needs = DETAIL_VALUES[key];
  if (!needs || !needs.every((name) => name in values)) return null;
  return i18n.t(`errorDetail.${key}`, values);
}

/** A 400 on a field: the rule it broke (from the shared schemas, `data.rule`) in the shopper's words. */
function fieldText(error: ApiError): string | null {
  const rule = (error.data as Partial<ValidationRule> | undefined)?.rule;
  if (error.code !== 'VALIDATION' || typeof rule !== 'string' || !i18n.exists(`validation.${rule}`)) return null;
  const labelKey = error.field ? FIELD_LABEL_KEYS[error.field] : undefined;
  return validationText(error.data as ValidationRule, labelKey ? i18n.t(labelKey) : null);
}

/** The catalogue's sentence for a code: the shared list's key for the server's codes, `errors.NETWORK` for no answer. */
export function sentenceKey(code: ApiErrorCode): string {
  return code === 'NETWORK' ? 'errors.NETWORK' : ERROR_CODES[code].sentence;
}

/**
 * A failure in the shopper's language: in Sinhala or Tamil said from what the server's answer carries (a
 * field's broken rule, a refusal's details such as the product's name, else the code's sentence from the shared
 * list, which every catalogue has), else (and always in English) the server's own message, else 'Something went wrong'.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    // the staff's screens stay English: they read the server's words
    if (typeof window !== 'undefined' && isEnglishOnlyPage(window.location.pathname)) return error.message || 'Something went wrong';
    // English reads the server's own words (they name the product, the amount); other languages the catalogue's
    if (error.code && i18n.isInitialized && i18n.language !== 'en') {
      const said = fieldText(error) ?? detailText(error.code, error.data);
      if (said) return said;
      const key = sentenceKey(error.code);
      if (i18n.exists(key)) return i18n.t(key);
    }
    if (error.message) return error.message;
  }
  return i18n.isInitialized ? i18n.t('errors.somethingWentWrong') : 'Something went wrong';
}

/** The one handler for failures: an error toast in the shopper's language. */
export function showError(error: unknown): void {
  toast.error(errorText(error));
}
