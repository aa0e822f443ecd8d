import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRs, rupeesToPaise } from '@kade/shared';
import type { PromoState } from '../hooks/use-payment';

/**
 * 'Promo code': a box and Apply; once the server accepts the code, the code with what it takes off and Remove; when
 * it refuses, why in plain words (expired, minimum not met, used up, not yours, not known), read out as it comes.
 */
export function PromoBox({ promo }: { promo: PromoState }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const { applied, refusal, checking } = promo;
  return (
    <section className="promo" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="promo__title">
        {t('promo.title')}
      </h2>
      {applied ? (
        <p className="promo__applied">
          <span data-testid="promo-applied">{t('promo.applied', { code: applied.code, amount: formatRs(rupeesToPaise(applied.discount)) })}</span>
          <button type="button" className="button button--ghost promo__remove" onClick={() => promo.remove()} aria-label={t('promo.removeCode', { code: applied.code })}>
            {t('promo.remove')}
          </button>
        </p>
      ) : (
        <form
          className="promo__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== '') void promo.apply(typed);
          }}
        >
          <label htmlFor={inputId} className="promo__label">
            {t('promo.label')}
          </label>
          <input
            id={inputId}
            className="promo__input"
            value={typed}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby={refusal ? `${inputId}-why` : undefined}
            aria-invalid={refusal ? true : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button--ghost promo__apply" disabled={checking || typed.trim() === ''}>
            {checking ? t('promo.checking') : t('promo.apply')}
          </button>
        </form>
      )}
      <p id={`${inputId}-why`} className="promo__why" role="status" data-testid="promo-refusal">
        {refusal ?? ''}
      </p>
    </section>
  );
}
