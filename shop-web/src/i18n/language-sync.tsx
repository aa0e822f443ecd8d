import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLanguage } from '../state/language';
import { i18n, isEnglishOnlyPage, setPageLanguage } from './i18n';
import { warmScriptFont } from './script-fonts';

/**
 * Keeps i18next and `<html lang>` on the reader's language (the staff's dashboard stays English, so it says
 * `lang="en"`; the rider's screen follows the rider's language). Mounted once inside the router.
 */
export function LanguageSync() {
  const language = useLanguage();
  const { pathname } = useLocation();
  const dashboard = isEnglishOnlyPage(pathname);
  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    void warmScriptFont(language);
  }, [language]);
  useEffect(() => {
    setPageLanguage(dashboard ? 'en' : language);
  }, [dashboard, language]);
  return null;
}
