import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page-text">
      <h1>{t('notFound.title')}</h1>
      <p>
        {t('notFound.text')} <Link to={paths.home}>{t('notFound.back')}</Link>
      </p>
    </section>
  );
}
