// The scale's printed labels for weighed products (issue 34): their layout, reading one a scanner typed, and
// making one. A module of its own, apart from weight.ts: only the packing screen and the server read labels, and
// the shop's first script (which prices weighed lines) does not carry them.
import { ean13CheckDigit } from './barcode';
import { assertGrams } from './grams';
import { DEFAULT_SCALE_LABEL_PATTERN } from './weight-rule';

/** Why a scanned scale label is refused. */
export const SCALE_LABEL_PROBLEMS = ['BAD_PATTERN', 'NOT_A_SCALE_LABEL', 'CHECK_DIGIT'] as const;
export type ScaleLabelProblem = (typeof SCALE_LABEL_PROBLEMS)[number];

/** A label layout, read once from its pattern: where the product code and the grams sit in the 13 digits. */
export interface ScaleLabelLayout {
  /** The literal digits the label starts with (its GS1 in-store prefix, 20-29). */
  prefix: string;
  /** The 13-character layout, a free digit ('X') filled in after the prefix when the pattern has 12. */
  layout: string;
  codeStart: number;
  codeLength: number;
  gramsStart: number;
  gramsLength: number;
}

const EAN13_LENGTH = 13;

/**
 * The layout a pattern describes, or null when it is no layout (the shop's SCALE_LABEL_PATTERN is checked with
 * this at start). A pattern reads the EAN-13's digits left to right: a literal prefix of digits starting with 2
 * (GS1 keeps 20-29 for in-store labels, so a pattern can never read a real product's barcode), then one run of P
 * (the product code, 1-6 digits), one run of W (grams, 1-6 digits), any X (a digit ignored, such as a price check
 * digit), and C (the check digit) last. A 12-character pattern, like the default 2PPPPPWWWWWC, leaves the digit
 * after its prefix free, so '2' accepts every prefix from 20 to 29. Labels with a price instead of a weight are
 * not read: Kade charges the grams by its own price.
 */
export function scaleLabelLayout(pattern: string): ScaleLabelLayout | null {
  const shape = /^(2\d?)(?=[PWX])([PWX]+)C$/.exec(pattern);
  if (!shape || (pattern.length !== EAN13_LENGTH && pattern.length !== EAN13_LENGTH - 1)) return null;
  const prefix = shape[1]!;
  const layout = pattern.length === EAN13_LENGTH ? pattern : `${prefix}X${pattern.slice(prefix.length)}`;
  const code = /P+/.exec(layout);
  const grams = /W+/.exec(layout);
  if (!code || !grams) return null;
  if ((layout.match(/P/g) ?? []).length !== code[0].length || (layout.match(/W/g) ?? []).length !== grams[0].length) return null;
  if (code[0].length > 6 || grams[0].length > 6) return null;
  return { prefix, layout, codeStart: code.index, codeLength: code[0].length, gramsStart: grams.index, gramsLength: grams[0].length };
}

/** A scale label read: the product's scale code and the grams, or why it is refused. */
export type ScaleLabelReading = { ok: true; scaleCode: string; grams: number } | { ok: false; problem: ScaleLabelProblem };

/**
 * Reads a scanned scale label against the shop's pattern, so packing takes the scale's grams without typing:
 * spaces and hyphens are ignored as in barcode.ts; anything but 13 digits starting with the pattern's prefix is
 * NOT_A_SCALE_LABEL (it may be a product's barcode); a wrong EAN-13 check digit (barcode.ts's rule) is CHECK_DIGIT.
 */
export function parseScaleLabel(scanned: string, pattern: string = DEFAULT_SCALE_LABEL_PATTERN): ScaleLabelReading {
  const layout = scaleLabelLayout(pattern);
  if (!layout) return { ok: false, problem: 'BAD_PATTERN' };
  const digits = scanned.replace(/[ -]/g, '');
  if (!/^\d{13}$/.test(digits) || !digits.startsWith(layout.prefix)) return { ok: false, problem: 'NOT_A_SCALE_LABEL' };
  if (ean13CheckDigit(digits.slice(0, 12)) !== Number(digits[12])) return { ok: false, problem: 'CHECK_DIGIT' };
  return {
    ok: true,
    scaleCode: digits.slice(layout.codeStart, layout.codeStart + layout.codeLength),
    grams: Number(digits.slice(layout.gramsStart, layout.gramsStart + layout.gramsLength)),
  };
}

/** Whether a product's scaleCode fits the pattern's product code (5 digits for the default), for the product form and server. */
export function isScaleCode(value: unknown, pattern: string = DEFAULT_SCALE_LABEL_PATTERN): value is string {
  const layout = scaleLabelLayout(pattern);
  return layout !== null && typeof value === 'string' && value.length === layout.codeLength && /^\d+$/.test(value);
}

/**
 * The label a scale would print for a product code and a weight (free digits 0), for tests, the demo and a
 * counter without a scale printer; throws when the code or weight does not fit the pattern.
 */
export function buildScaleLabel(scaleCode: string, grams: number, pattern: string = DEFAULT_SCALE_LABEL_PATTERN): string {
  const layout = scaleLabelLayout(pattern);
  if (!layout) throw new RangeError(`not a scale label pattern: "${pattern}"`);
  if (!isScaleCode(scaleCode, pattern)) throw new RangeError(`scale code must be ${layout.codeLength} digits, got "${scaleCode}"`);
  assertGrams(grams, 'weight');
  const weight = String(grams);
  if (weight.length > layout.gramsLength) throw new RangeError(`${grams} g does not fit ${layout.gramsLength} digits`);
  const first12 = layout.layout
    .slice(0, 12)
    .replace(/P+/, scaleCode)
    .replace(/W+/, weight.padStart(layout.gramsLength, '0'))
    .replace(/X/g, '0');
  return `${first12}${ean13CheckDigit(first12)}`;
}
