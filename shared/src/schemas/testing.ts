// Test helper for the schema tests (not exported from the package).
import type { z } from 'zod';
import { formatZodError } from './format-error';

export type Checked = { ok: unknown } | { error: string; field: string | null };

/** The parsed value as `{ ok }`, or the first problem as `{ error, field }`, as the server would answer. */
export function check(schema: z.ZodType, value: unknown): Checked {
  const result = schema.safeParse(value);
  if (result.success) return { ok: result.data };
  const { message, field } = formatZodError(result.error);
  return { error: message, field };
}
