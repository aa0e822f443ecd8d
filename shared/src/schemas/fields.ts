// Field builders for the request schemas. Each takes the field's name in plain words and gives every error
// a sentence that names it ('price must be 0 or more'), so a 400 answer tells people what to fix.
import { z } from 'zod';
import { barcodeProblem, normalizeBarcode } from '../barcode';
import { UPLOADED_IMAGE_PATTERN } from '../files';
import { UUID_PATTERN } from '../ids';
import { LISTING_CURSOR_LENGTH, parseListingCursor } from '../listing-cursor';
import { paiseToRupees, rupeesToPaise } from '../money';
import { SEARCH_MAX_LENGTH } from '../constants';
import { hasControlCharacters, nameProblem, normaliseLineBreaks, printableText } from '../text';
import { MAX_WEIGHED_GRAMS, SELL_BY } from '../weight-rule';

/** The largest price or amount accepted, in rupees (one crore). */
export const MAX_RUPEES = 10_000_000;
/** The largest stock accepted. */
export const MAX_STOCK = 1_000_000;
/** The most of one item a cart line may hold (kept where zod is not, so the shop's first page can read it). */
export { MAX_LINE_QUANTITY } from '../line-quantity';
/** The most images one product or variation may have. */
export const MAX_IMAGES = 20;

type Issue = { readonly input?: unknown };

const missing = (issue: Issue): boolean => issue.input === undefined || issue.input === null;

/** Numbers may arrive as text from forms and query strings ('12', ' 3.5 '); other values pass unchanged. */
function numeric(value: unknown): unknown {
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : value;
  }
  return value;
}

/** How a text field may be laid out: one line (names, labels), or several (descriptions, an address typed in a box). */
export interface TextOptions {
  /** Line breaks and tabs allowed (`\r\n` and `\r` are stored as `\n`); no other control character. */
  multiLine?: boolean;
}

/** How the control-character check names its rule for formatZodError (format-error.ts `issueRule`). */
const NOT_ALLOWED_CHARACTER = { rule: 'notAllowedCharacter' } as const;

/**
 * The one rule for control characters in text people type (see ../text.ts): refused with
 * '{field} contains a character that is not allowed', as NUL always was, so the person sees what to fix and
 * nothing is changed behind their back. Multi-line text may hold line breaks and tabs.
 */
function plainText(field: string, text: z.ZodString, options: TextOptions) {
  const multiLine = options.multiLine === true;
  return text.refine((value) => !hasControlCharacters(value, { multiLine }), {
    error: `${field} contains a character that is not allowed`,
    params: NOT_ALLOWED_CHARACTER,
  });
}

/** Text, trimmed, at most `max` characters, no control characters ('{field} must be text' when it is not text). */
function trimmedText(field: string, max: number, options: TextOptions) {
  return plainText(
    field,
    z
      .string({ error: `${field} must be text` })
      .overwrite(normaliseLineBreaks)
      .trim()
      .max(max, `${field} must be at most ${max} characters`),
    options,
  );
}

/** A missing (undefined or null) value is left out. */
function nullToUndefined(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** The rules a name holds beside plain text's: nothing hidden, and a letter someone can see. */
function visibleName<T extends z.ZodType<string>>(field: string, text: T) {
  return text
    .refine((value) => nameProblem(value) !== 'notAllowedCharacter', { error: `${field} contains a character that is not allowed`, params: NOT_ALLOWED_CHARACTER })
    .refine((value) => value === '' || nameProblem(value) !== 'noLetter', { error: `${field} must have a letter`, params: { rule: 'noLetter' } });
}

/**
 * A name (a person's, a product's, a category's, a counter's): required text of at most `max` characters with no
 * control character, no character that hides or reorders text, and at least one letter.
 */
export function nameField(field: string, max = 200) {
  return visibleName(field, requiredText(field, max));
}

/**
 * A name in another language (Sinhala, Tamil: issue 21), held to an English name's rules (trimmed, at most `max`
 * characters, no control characters) but optional: null or blank means none (null), and left out it stays
 * undefined, so an update keeps the name already stored.
 */
export function otherNameField(field: string, max = 200) {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      visibleName(field, trimmedText(field, max, {})).nullable(),
    )
    .optional();
}

/**
 * Required text, trimmed: '{field} is required' when missing or blank, at most `max` characters, no control
 * characters (line breaks and tabs allowed when `multiLine`).
 */
export function requiredText(field: string, max = 200, options: TextOptions = {}) {
  return plainText(
    field,
    z
      .string({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be text`) })
      .overwrite(normaliseLineBreaks)
      .trim()
      .min(1, `${field} is required`)
      .max(max, `${field} must be at most ${max} characters`),
    options,
  );
}

/** Optional text, trimmed, at most `max` characters, no control characters; null counts as missing. */
export function optionalText(field: string, max = 200, options: TextOptions = {}) {
  return z.preprocess(
    nullToUndefined,
    trimmedText(field, max, options).optional(),
  );
}

/**
 * Search text (never stored, only matched): any characters are taken as text, a control character (NUL,
 * which no database text may hold, among them) counts as a space; trimmed, cut to `max` characters, '' when
 * missing. Refusing a search would only hide results, so here the characters go instead.
 */
export function searchTextField(max = SEARCH_MAX_LENGTH) {
  return z
    .preprocess((value) => (value == null ? '' : value), z.string({ error: 'search must be text' }))
    .transform((text) => printableText(text).trim().slice(0, max).trim());
}

/**
 * A barcode as text (issue 33): an EAN-13 or a UPC-A whose check digit is right (shared barcode.ts), given in its
 * one stored form, 13 digits; '{field} must be an EAN-13 …' or '{field} has a wrong check digit' otherwise.
 */
function barcodeText(text: z.ZodString, field: string) {
  return text
    .superRefine((value, ctx) => {
      const problem = barcodeProblem(value);
      if (problem === 'shape') ctx.addIssue({ code: 'custom', message: `${field} must be an EAN-13 (13 digits) or a UPC-A (12 digits)` });
      if (problem === 'checkDigit') ctx.addIssue({ code: 'custom', message: `${field} has a wrong check digit` });
    })
    .transform((value) => normalizeBarcode(value) ?? value);
}

/** A required barcode (a scanned code): '{field} is required' when missing or blank, else as `barcodeText`. */
export function requiredBarcodeField(field: string) {
  return barcodeText(
    z.string({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be text`) }).trim().min(1, `${field} is required`),
    field,
  );
}

/**
 * An optional product barcode (issue 33), as `barcodeText`. Blank or null means none (null); left out it stays
 * undefined, so an update keeps the code already stored.
 */
export function barcodeField(field = 'barcode') {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      barcodeText(z.string({ error: `${field} must be text` }).trim(), field).nullable(),
    )
    .optional();
}

/** An env-independent UUID check (any version, canonical 8-4-4-4-12 form). */
export const uuidSchema = z
  .string({ error: (issue) => (missing(issue) ? 'id is required' : 'id must be text') })
  .trim()
  .regex(UUID_PATTERN, 'id must be a valid UUID')
  .toLowerCase();

/** A required id (UUID, lowercased) named `field`: '{field} is required', '{field} must be a valid id'. */
export function idField(field: string) {
  return z
    .string({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be a valid id`) })
    .trim()
    .min(1, `${field} is required`)
    .regex(UUID_PATTERN, `${field} must be a valid id`)
    .toLowerCase();
}

/** An id, or an object carrying it as `_id` (clients send whole category objects); gives the id. */
export function idRef(field: string) {
  const invalid = `${field} must be a valid id`;
  const id = z.string({ error: invalid }).trim().regex(UUID_PATTERN, invalid).toLowerCase();
  return z.union(
    [id, z.object({ _id: id }).transform((ref) => ref._id)],
    { error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be a valid id`) },
  );
}

/**
 * A list of ids (or objects with `_id`), lowercased, duplicates dropped (so 'A…' and 'a…' count once); with
 * `min` 1, 'at least one {item} is required'.
 */
export function idList(field: string, item: string, min = 0) {
  return z
    .array(idRef(`each ${item}`), {
      error: (issue) => (missing(issue) ? `at least one ${item} is required` : `${field} must be a list`),
    })
    .min(min, `at least one ${item} is required`)
    .transform((ids) => [...new Set(ids)]);
}

/** At most this many search keywords per product (issue 36: Singlish and other spellings a shopper types). */
export const MAX_PRODUCT_KEYWORDS = 20;
/** The longest search keyword, in characters. */
export const MAX_KEYWORD_LENGTH = 40;

/**
 * A product's search keywords: a list of at most 20 texts, each trimmed to 1–40 characters with no control
 * character; repeats (in any case) kept once, in the order given.
 */
export function keywordList(field = 'keywords') {
  return z
    .array(requiredText(`each of ${field}`, MAX_KEYWORD_LENGTH), { error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be a list`) })
    .max(MAX_PRODUCT_KEYWORDS, `${field} may hold at most ${MAX_PRODUCT_KEYWORDS} words`)
    .transform((words) => {
      const seen = new Set<string>();
      return words.filter((word) => {
        const key = word.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });
}

function numberError(field: string, kind: 'number' | 'whole number') {
  return (issue: Issue): string => {
    if (missing(issue)) return `${field} is required`;
    if (kind === 'whole number' && typeof issue.input === 'number' && Number.isFinite(issue.input)) {
      return `${field} must be a whole number`;
    }
    return `${field} must be a number`;
  };
}

/** An amount in rupees (wire), 0 or more, at most 2 decimals (float noise such as 0.1 + 0.2 is cleaned). */
export function rupeesField(field: string) {
  return z.preprocess(
    numeric,
    z
      .number({ error: numberError(field, 'number') })
      .min(0, `${field} must be 0 or more`)
      .max(MAX_RUPEES, `${field} must be at most ${MAX_RUPEES}`)
      .refine((rupees) => Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6, `${field} must have at most 2 decimal places`)
      .transform((rupees) => paiseToRupees(rupeesToPaise(rupees))),
  );
}

/** A whole number between `min` and `max`. */
export function wholeNumberField(field: string, min: number, max: number) {
  const range = `${field} must be a whole number from ${min} to ${max}`;
  return z.preprocess(numeric, z.int({ error: numberError(field, 'whole number') }).min(min, range).max(max, range));
}

/** Stock: a whole number, 0 or more. */
export function stockField(field = 'stock') {
  return z.preprocess(
    numeric,
    z
      .int({ error: numberError(field, 'whole number') })
      .min(0, `${field} must be 0 or more`)
      .max(MAX_STOCK, `${field} must be at most ${MAX_STOCK}`),
  );
}

/** A discount percent from 0 to 100. */
export function discountField(field = 'discount') {
  const range = `${field} must be between 0 and 100`;
  return z.preprocess(numeric, z.number({ error: numberError(field, 'number') }).min(0, range).max(100, range));
}

/** A page number: a whole number of 1 or more, 1 when missing. */
export function pageField() {
  return z.preprocess(
    numeric,
    z
      .int({ error: numberError('page', 'whole number') })
      .min(1, 'page must be 1 or more')
      .max(1_000_000, 'page must be at most 1000000'),
  ).default(1);
}

/** A page size from 1 to `max`, `fallback` when missing. */
export function limitField(max: number, fallback: number) {
  const range = `limit must be between 1 and ${max}`;
  return z.preprocess(numeric, z.int({ error: numberError('limit', 'whole number') }).min(1, range).max(max, range)).default(
    fallback,
  );
}

/**
 * Where a listing goes on (an earlier answer's `nextCursor`), given as the cursor it names; optional, and null
 * counts as missing (the first page).
 */
export function listingCursorField(field = 'after') {
  const invalid = `${field} must be the nextCursor of an earlier page`;
  return z.preprocess(
    nullToUndefined,
    z
      .string({ error: invalid })
      .trim()
      .max(LISTING_CURSOR_LENGTH, invalid)
      .transform((text, context) => {
        const cursor = parseListingCursor(text);
        if (!cursor) context.addIssue({ code: 'custom', message: invalid });
        return cursor ?? { at: '', id: '' };
      })
      .optional(),
  );
}

/** True or false. */
export function booleanField(field: string) {
  return z.boolean({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be true or false`) });
}

/**
 * The address of an image uploaded to this shop ('/files/{hash}-{width}.webp', as POST /api/file/upload
 * answers): no outside addresses, so every picture the shop shows is one it checked and stores.
 */
export function imageUrlField(field = 'image') {
  return requiredText(field, 2048).regex(UPLOADED_IMAGE_PATTERN, `${field} must be the address of an uploaded image`);
}

/** One or more image addresses; a single address is taken as a list of one. */
export function imageListField(field = 'image') {
  return z.preprocess(
    (value) => (typeof value === 'string' ? [value] : value),
    z
      .array(imageUrlField(field), {
        error: (issue) => (missing(issue) ? `at least one ${field} is required` : `${field} must be a list of image addresses`),
      })
      .min(1, `at least one ${field} is required`)
      .max(MAX_IMAGES, `${field} may hold at most ${MAX_IMAGES} images`),
  );
}

/** An e-mail address, trimmed and lowercased. */
export function emailField(field = 'email') {
  return z
    .string({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be text`) })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: `${field} must be a valid e-mail address` }));
}

/** Extra detail fields of a product: label -> text, every label and text filled in; a label is one line, a text may be several. */
export function detailsField(field = 'extra details') {
  return z.record(
    z
      .string()
      .trim()
      .min(1, `every ${field} label must be filled in`)
      .max(100, `${field} labels must be at most 100 characters`)
      .refine((label) => !hasControlCharacters(label), { error: `${field} labels contain a character that is not allowed`, params: NOT_ALLOWED_CHARACTER }),
    z
      .string({ error: `every ${field} value must be text` })
      .overwrite(normaliseLineBreaks)
      .trim()
      .min(1, `every ${field} value must be filled in`)
      .max(2000, `${field} values must be at most 2000 characters`)
      .refine((value) => !hasControlCharacters(value, { multiLine: true }), { error: `${field} values contain a character that is not allowed`, params: NOT_ALLOWED_CHARACTER }),
    { error: `${field} must map each label to its text` },
  );
}

/** A request body: a JSON object. */
export function requestBody<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape, { error: 'the request body must be a JSON object' });
}

/** Every field of a shape made optional (for updates: what is not sent is not changed). */
export function optionalShape<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object(shape).partial().shape;
}

/** How a product is sold (issue 34): 'EACH' or 'WEIGHT'. */
export function sellByField(field = 'sellBy') {
  return z.enum(SELL_BY, { error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be EACH or WEIGHT`) });
}

/** A weight in whole grams, from `min` to MAX_WEIGHED_GRAMS (100 kg). */
export function gramsField(field: string, min = 1) {
  return wholeNumberField(field, min, MAX_WEIGHED_GRAMS);
}

/**
 * A product's scale code (issue 34): the digits its scale labels carry (5 for the default pattern; the server checks
 * the shop's), '' or null for none. Spaces around it are dropped.
 */
export function scaleCodeField(field = 'scaleCode') {
  return z
    .preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
      z
        .string({ error: `${field} must be text` })
        .trim()
        .regex(/^\d{1,6}$/, `${field} must be digits only (5 for the shop's scale labels)`)
        .nullable(),
    )
    .optional();
}

/** A scanned scale label (issue 34): an EAN-13's digits, spaces and hyphens allowed; the server reads it against the shop's pattern. */
export function scaleLabelField(field = 'scaleLabel') {
  return z
    .string({ error: (issue) => (missing(issue) ? `${field} is required` : `${field} must be text`) })
    .trim()
    .max(32, `${field} must be at most 32 characters`)
    .regex(/^[\d -]+$/, `${field} must be the digits of a scale label`);
}
