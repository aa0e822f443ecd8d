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
