import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '../state/language';
import { i18n } from './i18n';
import { warmScriptFont } from './script-fonts';

/**
 * Keeps i18next and `<html lang>` on the shopper's language (the dashboard stays English, so its pages say
 * `lang="en"`). Mounted once inside the router.
 */
export function LanguageSync() {
  const language = useLanguage();
  const { pathname } = useLocation();
  const dashboard = pathname === '/dashboard' || pathname.startsWith('/dashboard/');
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    warmScriptFont(language);
  }, [language]);
  useEffect(() => {
    document.documentElement.lang = dashboard ? 'en' : language;
  }, [dashboard, language]);
  return null;
}
