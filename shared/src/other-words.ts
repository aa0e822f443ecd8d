// The pieces product-words.ts and product-detail-words.ts both write their Sinhala and Tamil with; not part of
// @kade/shared's exports.
import type { Language } from './language';

/** A word in Sinhala and in Tamil. */
export type OtherWords = readonly [si: string, ta: string];

/** A number as a unit or a span writes it ('400', '1.5'). */
export const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

export function otherIndex(language: Language): 0 | 1 {
  return language === 'si' ? 0 : 1;
}

/** An amount in a measure, in the language's order: 'ග්‍රෑම් 400', '400 கிராம்'. */
export function amountIn(count: string, measure: OtherWords, language: Language): string {
  const word = measure[otherIndex(language)];
  return language === 'si' ? `${word} ${count}` : `${count} ${word}`;
}
