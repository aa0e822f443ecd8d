// The shopper's answer to "If out of stock" (issue 33), per cart line and for the whole order at checkout.
import { DEFAULT_SUBSTITUTION, SUBSTITUTION_PREFERENCES, type SubstitutionPreference } from '@kade/shared';

/** The choices in the order the screens offer them, each with its words in the catalogue (substitution.*). */
export const SUBSTITUTION_CHOICES: ReadonlyArray<{ value: SubstitutionPreference; key: string }> = SUBSTITUTION_PREFERENCES.map((value) => ({
  value,
  key: `substitution.choice.${value.toLowerCase()}`,
}));

/** A line's choice: its own, or the default until the server has told one (a cart kept on the phone). */
export const lineChoice = (line: { substitution?: SubstitutionPreference | null }): SubstitutionPreference => line.substitution ?? DEFAULT_SUBSTITUTION;

/** The one choice every line has, or null when the lines differ (or there are none). */
export function commonChoice(lines: ReadonlyArray<{ substitution?: SubstitutionPreference | null }>): SubstitutionPreference | null {
  if (lines.length === 0) return null;
  const first = lineChoice(lines[0]!);
  return lines.every((line) => lineChoice(line) === first) ? first : null;
}
