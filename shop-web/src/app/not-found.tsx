import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page-text">
      <h1>{t('notFound.title')}</h1>
      <p>
        {t('notFound.text')} <Link to="/">{t('notFound.back')}</Link>
      </p>
    </section>
  );
}
