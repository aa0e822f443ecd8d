import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@kade/shared';
import { useLanguage } from '../state/language';
import { useChooseLanguage } from '../state/language-choice';
import './language-switch.css';

/**
 * The language switch (issue 21): English, සිංහල, தமிழ், each written in itself and marked with its own `lang`
 * so a screen reader reads it right. In the header a compact select; on /user a row of buttons.
 */
export function LanguageSwitch({ variant = 'select' }: { variant?: 'select' | 'buttons' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const choose = useChooseLanguage();
  const id = useId();
  if (variant === 'buttons') {
    return (
      <div className="language-buttons" role="group" aria-labelledby={id}>
        <h2 id={id} className="language-buttons__title">
          {t('language.title')}
        </h2>
        {LANGUAGES.map((code: Language) => (
          <button key={code} type="button" lang={code} className="button button--ghost language-buttons__choice" aria-pressed={language === code} onClick={() => choose(code)}>
            {LANGUAGE_NAMES[code]}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('language.title')}
      </label>
      <select id={id} value={language} onChange={(event) => choose(event.target.value as Language)} data-testid="language-select">
        {LANGUAGES.map((code: Language) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
