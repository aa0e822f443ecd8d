// A field's broken rule in the shopper's words (issue 21). The shared schemas say what a field broke as a stable
// rule (`issueRule`: 'required', 'tooLong' with its max, the mobile and password sentences …); the address form
// checks with them on the phone, and the server sends the same rule with a 400, so both are said from the
// catalogue's `validation.*` instead of the schemas' English sentences.
import { PASSWORD_MIN_LENGTH, type ValidationRule } from '@kade/shared';
import { i18n } from '../i18n/i18n';

/** The address form's fields (SPEC.md's wire names) by the catalogue key of their label. */
export const ADDRESS_LABEL_KEYS = {
  address_line: 'address.fields.name',
  city: 'address.fields.address',
  state: 'address.fields.landmark',
  pincode: 'address.fields.mobile',
  mobile: 'address.fields.place',
} as const;

/**
 * A request field a shopper types, by the catalogue key of its label, for a 400 naming it. The address's
 * `mobile` (its place type, chosen from a list) is left out: on the account's calls `mobile` is the number,
 * whose rules are whole sentences.
 */
export const FIELD_LABEL_KEYS: Readonly<Record<string, string>> = {
  name: 'auth.name',
  password: 'auth.password',
  newPassword: 'auth.newPassword',
  confirmPassword: 'auth.confirmPassword',
  otp: 'auth.code',
  address_line: ADDRESS_LABEL_KEYS.address_line,
  city: ADDRESS_LABEL_KEYS.city,
  state: ADDRESS_LABEL_KEYS.state,
  pincode: ADDRESS_LABEL_KEYS.pincode,
};

/** The rules said about a named field ('Landmark must be at most 200 characters'); the others are whole sentences. */
const ABOUT_A_FIELD = new Set(['required', 'tooLong', 'tooShort', 'notAllowedCharacter', 'noLetter', 'invalid']);

/** The rule as a sentence; `field` is the field's label in the shopper's language, or null when it has none. */
export function validationText(rule: ValidationRule, field: string | null): string {
  if (ABOUT_A_FIELD.has(rule.rule)) {
    return field === null ? i18n.t('validation.check') : i18n.t(`validation.${rule.rule}`, { field, max: rule.max, min: rule.min });
  }
  return i18n.t(`validation.${rule.rule}`, { min: PASSWORD_MIN_LENGTH });
}
