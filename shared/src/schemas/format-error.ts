// Turning a zod error into the one sentence a 400 answer carries, and the rule it broke as a stable key, so a
// screen in Sinhala or Tamil says it in the shopper's language instead of showing the English sentence.
import type { z } from 'zod';
import { MOBILE_ERROR, MOBILE_EXACT, MOBILE_REQUIRED, PASSWORD_TOO_SHORT, PASSWORDS_DIFFER, RESET_MISMATCH } from '../mobile';

/**
 * What a field broke, without words: a generic rule ('required', 'tooLong' with its `max` …), or one of the
 * shop's own sentences about mobile numbers and passwords, each of which a screen says as a whole.
 */
export const VALIDATION_RULES = [
  'required',
  'tooLong',
  'tooShort',
  'notAllowedCharacter',
  'noLetter',
  'invalid',
  'mobileInvalid',
  'mobileRequired',
  'mobileExact',
  'passwordTooShort',
  'passwordsDiffer',
  'resetMismatch',
] as const;
export type ValidationRuleName = (typeof VALIDATION_RULES)[number];

export interface ValidationRule {
  rule: ValidationRuleName;
  /** The most characters allowed ('tooLong'). */
  max?: number;
  /** The fewest characters allowed ('tooShort'). */
  min?: number;
}

/** The shop's own sentences (SPEC.md section 5) that screens say whole, by the rule they state. */
const NAMED_SENTENCES: ReadonlyMap<string, ValidationRuleName> = new Map([
  [MOBILE_ERROR, 'mobileInvalid'],
  [MOBILE_REQUIRED, 'mobileRequired'],
  [MOBILE_EXACT, 'mobileExact'],
  [PASSWORD_TOO_SHORT, 'passwordTooShort'],
  [PASSWORDS_DIFFER, 'passwordsDiffer'],
  [RESET_MISMATCH, 'resetMismatch'],
]);

type Issue = z.core.$ZodIssue;

/** A value left out of the request (or null): zod keeps an issue's input only when the parse asks (parseRequest). */
function leftOut(issue: Issue): boolean {
  return 'input' in issue && (issue.input === undefined || issue.input === null);
}

/**
 * The rule one issue broke: a named sentence, a value left out ('required', as a blank text or an empty list
 * that needs one), a custom check's `params.rule`, a text's length, else 'invalid'.
 */
export function issueRule(issue: Issue): ValidationRule {
  const named = NAMED_SENTENCES.get(issue.message);
  if (named) return { rule: named };
  if (leftOut(issue)) return { rule: 'required' };
  if (issue.code === 'custom') {
    // a custom check names its rule with `params: { rule }` (the control-character check does)
    const rule = (issue.params as { rule?: unknown } | undefined)?.rule;
    return { rule: rule === 'notAllowedCharacter' || rule === 'noLetter' ? rule : 'invalid' };
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return { rule: 'tooLong', max: Number(issue.maximum) };
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return Number(issue.minimum) <= 1 ? { rule: 'required' } : { rule: 'tooShort', min: Number(issue.minimum) };
  }
  if (issue.code === 'too_small' && issue.origin === 'array' && Number(issue.minimum) <= 1) return { rule: 'required' };
  return { rule: 'invalid' };
}

export interface FormattedError {
  /** One sentence naming the first bad field, e.g. 'discount must be between 0 and 100'. */
  message: string;
  /** The path of that field ('list_items.0.quantity'), or null when the whole body is wrong. */
  field: string | null;
  /** The rule it broke, for screens that say it in another language. */
  rule: ValidationRule;
}

// zod's own messages, used only where a schema forgot to give one, start like these.
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/**
 * The first problem of a failed parse as `{ message, field, rule }`. Kade's schemas name the field in every
 * message; a zod default message (a schema without its own) is prefixed with the field's path.
 */
export function formatZodError(error: z.ZodError): FormattedError {
  const first = error.issues[0];
  if (!first) return { message: 'the request is not valid', field: null, rule: { rule: 'invalid' } };
  // A bad key of a record (an extra-details label) carries its own checks' issues, which say what is wrong
  // with it; the field is the record, not the bad key itself.
  const keyIssue = first.code === 'invalid_key' ? first.issues[0] : undefined;
  const issue = keyIssue ? { ...keyIssue, path: first.path.slice(0, -1) } : first;
  const field = issue.path.length === 0 ? null : issue.path.map(String).join('.');
  const message = field !== null && ZOD_DEFAULT.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  return { message, field, rule: issueRule(issue as Issue) };
}

/**
 * A request checked as the server checks it (server/src/http/route.ts): the data, or the first problem formatted.
 * Each issue keeps the value it was about (zod's `reportInput`), so a field left out reads as 'required' rather
 * than 'invalid'; the values stay here, only the sentence, the field and the rule go out.
 */
export function parseRequest<T>(schema: z.ZodType<T>, value: unknown): { success: true; data: T } | { success: false; error: FormattedError } {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success ? { success: true, data: result.data } : { success: false, error: formatZodError(result.error) };
}
