// Turning a zod error into the one sentence a 400 answer carries.
import type { z } from 'zod';

export interface FormattedError {
  /** One sentence naming the first bad field, e.g. 'discount must be between 0 and 100'. */
  message: string;
  /** The path of that field ('list_items.0.quantity'), or null when the whole body is wrong. */
  field: string | null;
}

// zod's own messages, used only where a schema forgot to give one, start like these.
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/**
 * The first problem of a failed parse as `{ message, field }`. Kade's schemas name the field in every
 * message; a zod default message (a schema without its own) is prefixed with the field's path.
 */
export function formatZodError(error: z.ZodError): FormattedError {
  const first = error.issues[0];
  if (!first) return { message: 'the request is not valid', field: null };
  // A bad key of a record (an extra-details label) carries its own checks' issues, which say what is wrong
  // with it; the field is the record, not the bad key itself.
  const keyIssue = first.code === 'invalid_key' ? first.issues[0] : undefined;
  const issue = keyIssue ? { ...keyIssue, path: first.path.slice(0, -1) } : first;
  const field = issue.path.length === 0 ? null : issue.path.map(String).join('.');
  const message = field !== null && ZOD_DEFAULT.test(issue.message) ? `${field}: ${issue.message}` : issue.message;
  return { message, field };
}
