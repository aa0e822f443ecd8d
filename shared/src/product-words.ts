// A product's small words in the shopper's language (issue 36): its unit ('400g', 'pack of 6', 'per kg'), the
// rows under its description ('Origin: Kandy', 'Shelf life: 2 days') and its discount badge ('10% off'). The
// catalogue keeps them in English as the admin typed them; a shopper reading Sinhala or Tamil sees them in
// their own words. Sinhala writes the measure before the number as a shop's shelf tag does ('ග්‍රෑම් 400'),
// Tamil after it ('400 கிராம்'). What the shop's vocabulary does not hold (an admin's own phrase) shows as typed.
// A product sheet's rows have their own module (product-detail-words.ts): only that screen needs their vocabulary.
// '\u200D' (zero-width joiner) is part of Sinhala spelling ('ග්\u200Dරෑම්').
import { DEFAULT_LANGUAGE, type Language } from './language';
import { discountPercentLabel } from './money';
import { amountIn, NUMBER, otherIndex, type OtherWords } from './other-words';

/** The measures and counts a unit is written in, by their English spellings (lower case). */
const MEASURES: ReadonlyArray<readonly [readonly string[], OtherWords]> = [
  [['g', 'gm', 'gram', 'grams'], ['ග්\u200Dරෑම්', 'கிராம்']],
  [['kg', 'kilo', 'kilos'], ['කිලෝ', 'கிலோ']],
  [['mg'], ['මි.ග්\u200Dරෑ.', 'மி.கி.']],
  [['ml'], ['මි.ලී.', 'மி.லீ.']],
  [['l', 'litre', 'litres', 'liter', 'liters'], ['ලීටර්', 'லீற்றர்']],
  [['cm'], ['සෙ.මී.', 'செ.மீ.']],
  [['m'], ['මීටර්', 'மீற்றர்']],
  [['pc', 'pcs', 'piece', 'pieces'], ['කෑලි', 'எண்ணம்']],
  [['head', 'heads'], ['ගෙඩි', 'எண்ணம்']],
  [['bunch', 'bunches'], ['මිටි', 'கட்டு']],
  [['slice', 'slices'], ['පෙති', 'துண்டுகள்']],
  [['bag', 'bags'], ['බෑග්', 'பைகள்']],
  [['sachet', 'sachets'], ['කුඩා පැකට්', 'சிறு பக்கற்றுகள்']],
  [['tablet', 'tablets'], ['පෙති', 'மாத்திரைகள்']],
  [['box', 'boxes'], ['පෙට්ටි', 'பெட்டிகள்']],
  [['roll', 'rolls'], ['රෝල්', 'சுருள்கள்']],
  [['sheet', 'sheets'], ['කොළ', 'தாள்கள்']],
  [['pack', 'packs', 'packet', 'packets'], ['පැකට්', 'பக்கற்றுகள்']],
  [['combo', 'combos'], ['කට්ටල', 'தொகுப்பு']],
  [['cup', 'cups'], ['කෝප්ප', 'கோப்பைகள்']],
  [['bottle', 'bottles'], ['බෝතල්', 'போத்தல்கள்']],
  [['can', 'cans', 'tin', 'tins'], ['ටින්', 'டின்கள்']],
  [['jar', 'jars'], ['භාජන', 'ஜாடிகள்']],
];

const MEASURE_OF = new Map<string, OtherWords>(MEASURES.flatMap(([spellings, words]) => spellings.map((s) => [s, words] as const)));

/** 'per kg' and the like: what a loose product's unit line says. */
const PER_KG: OtherWords = ['කිලෝවකට', 'ஒரு கிலோவுக்கு'];

const AMOUNT = new RegExp(String.raw`^${NUMBER}\s*([A-Za-z]+\.?)$`);
const MULTIPACK = new RegExp(String.raw`^${NUMBER}\s*[x×]\s*${NUMBER}\s*([A-Za-z]+)$`, 'i');
const PACK_OF = new RegExp(String.raw`^pack of\s*${NUMBER}$`, 'i');

/**
 * A product's unit as a shopper reading `language` sees it: '400g' -> 'ග්‍රෑම් 400' / '400 கிராம்', '6 x 80g' ->
 * 'ග්‍රෑම් 80 × 6' / '6 × 80 கிராம்', 'pack of 6' -> 'පැකට් 6' / '6 பக்கற்றுகள்', 'per kg' -> 'කිලෝවකට' / 'ஒரு
 * கிலோவுக்கு'. English, and a unit outside these shapes, as written.
 */
export function localUnit(unit: string, language: Language = DEFAULT_LANGUAGE): string {
  if (language === 'en') return unit;
  const text = unit.trim();
  if (/^(per|\/)\s*kg$/i.test(text)) return PER_KG[otherIndex(language)];
  const amount = AMOUNT.exec(text);
  if (amount) {
    const measure = MEASURE_OF.get((amount[2] ?? '').replace(/\.$/, '').toLowerCase());
    return measure ? amountIn(amount[1] ?? '', measure, language) : unit;
  }
  const multipack = MULTIPACK.exec(text);
  if (multipack) {
    const measure = MEASURE_OF.get((multipack[3] ?? '').toLowerCase());
    if (!measure) return unit;
    const each = amountIn(multipack[2] ?? '', measure, language);
    return language === 'si' ? `${each} × ${multipack[1]}` : `${multipack[1]} × ${each}`;
  }
  const packOf = PACK_OF.exec(text);
  if (packOf) return amountIn(packOf[1] ?? '', MEASURE_OF.get('pack') as OtherWords, language);
  return unit;
}

/** The kilo of a price per kg ('Rs.480.00 / kg'), in the shopper's language. */
export function perKgWord(language: Language = DEFAULT_LANGUAGE): string {
  return language === 'en' ? 'kg' : (MEASURE_OF.get('kg') as OtherWords)[otherIndex(language)];
}

/** The discount badge's words after the figure, beside English's 'off': '10% වට්ටම්', '10% தள்ளுபடி'. */
const OFF: Readonly<Record<Exclude<Language, 'en'>, string>> = { si: 'වට්ටම්', ta: 'தள்ளுபடி' };

/** A discount badge in the shopper's language: the shared English one ('10% off'), its figure in Sinhala and Tamil; null without a discount. */
export function localDiscountLabel(discountPercent: number, language: Language = DEFAULT_LANGUAGE): string | null {
  const english = discountPercentLabel(discountPercent);
  if (english === null || language === 'en') return english;
  return `${english.slice(0, english.indexOf('%') + 1)} ${OFF[language]}`;
}
