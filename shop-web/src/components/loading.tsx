import { useTranslation } from 'react-i18next';

/** The one 'Loading…' status line, for route chunks and pages waiting on their first answer. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <p className="route-loading" role="status">
      {t('common.loading')}
    </p>
  );
}
