import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@kade/shared';
import { usePopupMenu } from '../lib/use-popup-menu';
import { useLanguage } from '../state/language';
import { useChooseLanguage } from '../state/language-choice';
import './language-switch.css';

/**
 * The language switch (issue 21): English, සිංහල, தமிழ், each written in itself and marked with its own `lang`
 * so a screen reader reads it right. In the header a small menu; on /user a row of buttons.
 */
export function LanguageSwitch({ variant = 'menu' }: { variant?: 'menu' | 'buttons' }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const choose = useChooseLanguage();
  const id = useId();
  const { open, setOpen, box } = usePopupMenu();
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
  // A menu, not a <select>: a select lays out every choice to size itself, which would make every English page
  // fetch the Sinhala and Tamil faces; the menu's other names are drawn (and their faces fetched) only when open.
  return (
    <div className="language-menu" ref={box}>
      <button type="button" className="button button--ghost language-menu__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((v) => !v)}>
        <span className="visually-hidden">{t('language.title')}: </span>
        <span lang={language}>{LANGUAGE_NAMES[language]}</span>
      </button>
      {open ? (
        <ul className="language-menu__list" id={id}>
          {LANGUAGES.map((code: Language) => (
            <li key={code}>
              <button
                type="button"
                lang={code}
                className="language-menu__choice"
                aria-pressed={language === code}
                onClick={() => {
                  choose(code);
                  setOpen(false);
                }}
              >
                {LANGUAGE_NAMES[code]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
