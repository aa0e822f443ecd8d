// The shop's three languages, once (issue 21). The shopper's app speaks the one they chose; the dashboard
// stays English but shows the other names beside the English ones; the receipt prints product names in the
// language the order was placed in. English is always the fallback: a name or a message missing in Sinhala
// or Tamil shows in English, never as an empty space.

/** The languages, in the order the switch shows them. */
export const LANGUAGES = ['en', 'si', 'ta'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language everything falls back to. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name written in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', si: 'සිංහල', ta: 'தமிழ்' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The shop's language for a BCP 47 tag or a list of them ('ta-LK', 'si', 'en-GB,en;q=0.9'): the first one
 * whose primary subtag is one of ours, else English.
 */
export function languageFromTags(tags: string | readonly string[] | null | undefined): Language {
  const list = typeof tags === 'string' ? tags.split(',') : (tags ?? []);
  for (const tag of list) {
    const primary = tag.split(';')[0]?.trim().split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** Something with an English name and optional Sinhala and Tamil ones (a category, a product, an order line). */
export interface MultiNamed {
  readonly name: string;
  readonly nameSi?: string | null;
  readonly nameTa?: string | null;
}

/** The name to show in a language: the Sinhala or Tamil one when there is one, else the English one. */
export function localName(item: MultiNamed, language: Language): string {
  const other = language === 'si' ? item.nameSi : language === 'ta' ? item.nameTa : null;
  return other != null && other.trim() !== '' ? other : item.name;
}

const SINHALA_LETTER = /[\u0D80-\u0DFF]/gu;
const TAMIL_LETTER = /[\u0B80-\u0BFF]/gu;

/**
 * The language a text is written in, by the script of its letters: Sinhala or Tamil when it holds more of
 * that script's characters than of the other, else English (Latin letters, digits, or nothing to tell by).
 * Search uses it to look at the names of that language only.
 */
export function scriptLanguage(text: string): Language {
  const sinhala = text.match(SINHALA_LETTER)?.length ?? 0;
  const tamil = text.match(TAMIL_LETTER)?.length ?? 0;
  if (sinhala === 0 && tamil === 0) return 'en';
  return sinhala >= tamil ? 'si' : 'ta';
}
