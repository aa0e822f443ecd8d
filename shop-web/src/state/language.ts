// The shopper's language (issue 21): English, Sinhala or Tamil. Remembered on the phone; before the shopper
// chooses, taken from the app shell's or browser's languages. Screens read it with useLanguage(); the i18n
// setup follows this atom, and product and shelf names are shown with localName(item, language).
import { atom, useAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import { isLanguage, languageFromTags, type Language } from '@kade/shared';
import { STORAGE_KEYS } from '../lib/ui-constants';

/** The language the phone asks for before the shopper chooses one. */
export function deviceLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  return languageFromTags(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
}

const storage = createJSONStorage<Language | null>(() => localStorage);

/** The language the shopper chose on this phone, or null when they have not chosen. */
export const chosenLanguageAtom = atomWithStorage<Language | null>(STORAGE_KEYS.language, null, storage, { getOnInit: true });

/** The language to start in, before React: the one chosen on this phone, else the phone's (as languageAtom says). */
export function initialLanguage(): Language {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.language) ?? 'null');
    return isLanguage(stored) ? stored : deviceLanguage();
  } catch {
    return deviceLanguage();
  }
}

/** The language the shop speaks now: the chosen one, else the phone's. */
export const languageAtom = atom<Language>((get) => {
  const chosen = get(chosenLanguageAtom);
  return isLanguage(chosen) ? chosen : deviceLanguage();
});

/** The shopper's language, for screens. */
export function useLanguage(): Language {
  return useAtomValue(languageAtom);
}
