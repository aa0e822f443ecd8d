// Previous and Next under a list the server pages (issue 36): the page among the pages, and how many there are in all
// ("More than 1000 products" when the server stopped counting).
import { useTranslation } from 'react-i18next';
import type { PageInfo } from '@kade/shared';

/** '1,234 products' or 'More than 1,000 products'. */
export function useCountText(info: PageInfo | null): string {
  const { t } = useTranslation();
  if (!info) return '';
  return info.totalCountExact ? t('adminCatalogue.count', { count: info.totalCount }) : t('adminCatalogue.countMore', { count: info.totalCount });
}

export function Pager({ info, onPage, busy }: { info: PageInfo | null; onPage: (page: number) => void; busy: boolean }) {
  const { t } = useTranslation();
  if (!info || (info.page === 1 && !info.hasMore)) return null;
  const total = info.totalCountExact ? String(info.totalPage) : `${info.totalPage}+`;
  return (
    <nav className="cat-pager" aria-label={t('adminCatalogue.pages')}>
      <button type="button" className="button button--ghost" disabled={busy || info.page <= 1} onClick={() => onPage(info.page - 1)}>
        {t('adminCatalogue.previous')}
      </button>
      <span className="cat-pager__where">{t('adminCatalogue.pageOf', { page: info.page, total })}</span>
      <button type="button" className="button button--ghost" disabled={busy || !info.hasMore} onClick={() => onPage(info.page + 1)}>
        {t('adminCatalogue.next')}
      </button>
    </nav>
  );
}
