// The Sinhala and Tamil faces the shop bundles (vite.config.ts writes their @font-face rules from SCRIPT_FACES) load
// by themselves when a letter of their script is on screen (`font-display: swap`: drawn at once, the face swapped in
// when it arrives). For a shopper who reads Sinhala or Tamil every screen is in that script, so the face is fetched
// as soon as the language is known: at start, beside the shop's config and the catalogue (so the first words are laid
// out with it, not as a fallback's boxes swapped a moment later), and again whenever the shopper switches. English
// shoppers fetch neither.
import type { Language } from '@kade/shared';

/** A bundled script face: its family, the @fontsource package and subset its files come from, and one of its letters. */
export interface ScriptFace {
  family: string;
  fontsource: string;
  subset: string;
  sample: string;
}

/** The bundled faces, by the language written in their script (the counter's receipts use the same packages). */
export const SCRIPT_FACES: Partial<Record<Language, ScriptFace>> = {
  si: { family: 'Noto Sans Sinhala', fontsource: 'noto-sans-sinhala', subset: 'sinhala', sample: 'අ' },
  ta: { family: 'Noto Sans Tamil', fontsource: 'noto-sans-tamil', subset: 'tamil', sample: 'அ' },
};

/** The weights the shop draws them in (600 is drawn with 700). */
export const SCRIPT_FONT_WEIGHTS = [400, 700] as const;

/** How long the first render waits for the face at most: a slow network shows the fallback, then swaps. */
const START_WAIT_MS = 1500;

/** Fetches the language's script face (both weights); resolves when loaded, failed, or after START_WAIT_MS. */
export function warmScriptFont(language: Language): Promise<void> {
  const face = SCRIPT_FACES[language];
  if (!face || typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loads = SCRIPT_FONT_WEIGHTS.map((weight) => document.fonts.load(`${weight} 1em "${face.family}"`, face.sample).catch(() => []));
  return Promise.race([Promise.all(loads).then(() => undefined), new Promise<void>((resolve) => window.setTimeout(resolve, START_WAIT_MS))]);
}
