// Control characters in text people type: C0 (U+0000 to U+001F), DEL (U+007F) and C1 (U+0080 to U+009F).
// A thermal printer obeys them (ESC p opens the cash drawer, GS V cuts the paper, ESC @ resets the printer),
// PostgreSQL cannot store NUL, and no name, address or description needs one. The request schemas refuse
// them (schemas/fields.ts); the receipt removes them again from everything it prints, so text saved before
// the rule, or coming from anywhere else, never reaches a printer as a command.

/** Whether a UTF-16 code unit is a C0 or C1 control character (or DEL). */
function isControlCode(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f);
}

/** The controls multi-line text may hold: a line break and a tab (pasted text and lists carry them). */
const MULTI_LINE_ALLOWED = new Set(['\n', '\t']);

/**
 * Whether text holds a control character. `multiLine` text (a product description, an address typed in a
 * box of several lines) may hold line breaks (`\n`) and tabs; single-line text holds none.
 */
export function hasControlCharacters(text: string, options: { multiLine?: boolean } = {}): boolean {
  for (const char of text) {
    if (isControlCode(char.charCodeAt(0)) && !(options.multiLine === true && MULTI_LINE_ALLOWED.has(char))) return true;
  }
  return false;
}

/** Windows (`\r\n`) and old Mac (`\r`) line breaks as `\n`, the one line break text is stored with. */
export function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * Text safe to print or to search for: every control character becomes a space (a line break or a tab
 * separates words, so a space keeps them apart; a printer command loses its ESC or GS and prints as letters).
 * The receipt passes every text it takes from an order through this.
 */
export function printableText(text: string): string {
  let out = '';
  for (const char of text) out += isControlCode(char.charCodeAt(0)) ? ' ' : char;
  return out;
}

/**
 * Characters no name needs that hide or reorder what people see (issue 30): bidirectional embeddings, overrides
 * and isolates (U+202E turns 'Nimal\u202eexe.txt' around), the direction marks, zero-width and other invisible
 * spaces, and the Hangul fillers, letters that draw nothing. The zero-width joiner and non-joiner stay: Sinhala
 * and Tamil spell with them ('ශ්\u200dරී').
 */
const HIDDEN_IN_NAMES = /[\u061C\u115F\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\u3164\uFEFF\uFFA0]|\u1160|\u17B4|\u17B5/u;
/** A letter of any script (Sinhala and Tamil vowel signs are marks: a name has at least one letter beside them). */
const LETTER = /\p{L}/u;

/**
 * What is wrong with a name (a person's, a product's, a counter's) beyond plain text's rules, or undefined: a
 * character that hides or reorders text, or no letter anyone can see.
 */
export function nameProblem(name: string): 'notAllowedCharacter' | 'noLetter' | undefined {
  if (HIDDEN_IN_NAMES.test(name)) return 'notAllowedCharacter';
  return LETTER.test(name) ? undefined : 'noLetter';
}
