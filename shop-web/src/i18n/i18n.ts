// The shop's words in the shopper's language (issue 21), through i18next as its community uses it: one
// catalogue per language in src/locales/<language>/shop.json, each its own chunk fetched by a dynamic import,
// so a shopper downloads only the language they read. The completeness test (catalogues.test.ts) keeps every
// key of the English catalogue in the Sinhala and Tamil ones, so no fallback download is needed.
// The dashboard stays English and does not use this.
import i18next, { type i18n as I18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@kade/shared';
import { isShopperDashboardPage } from '../lib/dashboard-links';
import { paths } from '../lib/paths';

export const NAMESPACE = 'shop';

export const i18n: I18n = i18next.createInstance();

let started: Promise<unknown> | null = null;

/** Starts i18next in a language and waits for its catalogue; the app renders after it. */
export function startI18n(language: Language): Promise<unknown> {
  started ??= i18n
    .use(resourcesToBackend((lng: string, ns: string) => import(`../locales/${lng}/${ns}.json`)))
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      fallbackLng: false,
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      returnEmptyString: false,
      interpolation: { escapeValue: false }, // React escapes what it renders
      react: { useSuspense: false },
    });
  return started;
}

/**
 * True on the staff's screens (the dashboard but the shopper's own pages): English only. The rider's screen is not,
 * nor the packing screen (issue 33), which the clerk reads in their own language.
 */
export function isEnglishOnlyPage(pathname: string): boolean {
  if (!(pathname === paths.dashboard.root || pathname.startsWith(`${paths.dashboard.root}/`))) return false;
  if (pathname.startsWith(paths.dashboard.pack(''))) return false; // every packing screen: '/dashboard/pack/…'
  return !isShopperDashboardPage(pathname);
}

/**
 * Says the page's language on `<html lang>`, only when it changes: setting it, even to the value it holds, had
 * Chromium work out the whole page's style again (a 4x-slowed profile of the home page put ~0.5 s there after the
 * first screen was drawn).
 */
export function setPageLanguage(lang: string): void {
  if (document.documentElement.lang !== lang) document.documentElement.lang = lang;
}
