import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import './checkout.css';
import { paths } from '../../../lib/paths';

/** /cancel: 'Order Cancel' and 'Go To Home' to / (the original linked to /category, which is no route). */
export default function CancelPage() {
  const { t } = useTranslation();
  return (
    <section className="result result--bad">
      <span className="result__mark" aria-hidden="true">
        ✕
      </span>
      <h1>{t('result.orderCancel')}</h1>
      <p>{t('result.paymentCancelled')}</p>
      <Link to={paths.home} className="button button--primary">
        {t('result.goHome')}
      </Link>
    </section>
  );
}
