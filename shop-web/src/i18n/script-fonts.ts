// The Sinhala and Tamil faces (app/fonts.css) load by themselves when a letter of their script is on screen
// (`font-display: block`: blank for a moment rather than boxes). For a shopper who reads Sinhala or Tamil every screen is in that script, so the
// face is fetched as soon as the language is known: at start, beside the shop's config and the catalogue (so
// the first words are laid out with it, never as a fallback's boxes), and again whenever the shopper switches.
// English shoppers fetch neither.
import type { Language } from '@kade/shared';

const FACES: Partial<Record<Language, { family: string; sample: string }>> = {
  si: { family: 'Noto Sans Sinhala', sample: 'අ' },
  ta: { family: 'Noto Sans Tamil', sample: 'அ' },
};

/** How long the first render waits for the face at most: a slow network shows the fallback, then swaps. */
const START_WAIT_MS = 1500;

/** Fetches the language's script face (both weights); resolves when loaded, failed, or after START_WAIT_MS. */
export function warmScriptFont(language: Language): Promise<void> {
  const face = FACES[language];
  if (!face || typeof document === 'undefined' || !('fonts' in document)) return Promise.resolve();
  const loads = [400, 700].map((weight) => document.fonts.load(`${weight} 1em "${face.family}"`, face.sample).catch(() => []));
  return Promise.race([Promise.all(loads).then(() => undefined), new Promise<void>((resolve) => window.setTimeout(resolve, START_WAIT_MS))]);
}
