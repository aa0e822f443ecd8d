import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SUCCESS_REDIRECT_SECONDS } from '../../../lib/ui-constants';
import { useCountdown } from '../hooks/use-countdown';
import './checkout.css';
import { paths } from '../../../lib/paths';

/** /success: '{Order or Payment} Successfully', then My Orders after 6 seconds; 'Go To Home' goes to /. */
export default function SuccessPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const location = useLocation();
  const kind = (location.state as { kind?: string } | null)?.kind === 'Payment' ? 'Payment' : 'Order';
  const done = useCallback(() => navigate(paths.dashboard.myOrders, { replace: true }), [navigate]);
  const left = useCountdown(SUCCESS_REDIRECT_SECONDS, done);
  return (
    <section className="result result--ok">
      <span className="result__mark" aria-hidden="true">
        ✓
      </span>
      <h1>{kind === 'Payment' ? t('result.paymentSuccess') : t('result.orderSuccess')}</h1>
      <p>{t('checkout.placedMessage')}</p>
      <p role="status">{t('result.redirecting', { count: left })}</p>
      <Link to={paths.home} className="button button--primary">
        {t('result.goHome')}
      </Link>
    </section>
  );
}
