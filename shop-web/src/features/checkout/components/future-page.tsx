import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FUTURE_REDIRECT_SECONDS } from '../../../lib/ui-constants';
import { useCountdown } from '../hooks/use-countdown';
import './checkout.css';
import { paths } from '../../../lib/paths';

/** /future: online payment is 'Coming Soon!'; back to /checkout after 5 seconds, or at once with the button. */
export default function FuturePage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const back = useCallback(() => navigate(paths.checkout, { replace: true }), [navigate]);
  const left = useCountdown(FUTURE_REDIRECT_SECONDS, back);
  return (
    <section className="result">
      <h1>{t('result.comingSoon')}</h1>
      <p>{t('result.onlineSoon')}</p>
      <p role="status">{t('result.redirecting', { count: left })}</p>
      <button type="button" className="button button--primary" onClick={back}>
        {t('result.backToCheckout')}
      </button>
    </section>
  );
}
