import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@kade/shared';
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
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
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
