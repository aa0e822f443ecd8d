// The Sinhala and Tamil faces (app/fonts.css) load by themselves when a letter of their script is on screen,
// with `font-display: swap`. For a shopper who reads Sinhala or Tamil every screen is in that script, so the
// face is asked for as soon as the language is known, before the first words are laid out: the moment of
// fallback glyphs that `swap` allows is then as short as the download itself. English shoppers fetch neither.
import type { Language } from '@kade/shared';

const FACES: Partial<Record<Language, { family: string; sample: string }>> = {
  si: { family: 'Noto Sans Sinhala', sample: 'අ' },
  ta: { family: 'Noto Sans Tamil', sample: 'அ' },
};

export function warmScriptFont(language: Language): void {
  const face = FACES[language];
  if (!face || typeof document === 'undefined' || !('fonts' in document)) return;
  for (const weight of [400, 700]) {
    document.fonts.load(`${weight} 1em "${face.family}"`, face.sample).catch(() => undefined);
  }
}
