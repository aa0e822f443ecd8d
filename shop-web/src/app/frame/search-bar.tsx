import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { SEARCH_MAX_LENGTH } from '@kade/shared';
import { useIsNarrow } from '../../lib/use-media-query';
import { useTypingPlaceholder } from './use-typing-placeholder';
import { paths } from '../../lib/paths';

const Magnifier = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M16.5 16.5 21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);

/**
 * The header's search bar: elsewhere a button to /search showing the typing placeholder; on /search an
 * auto-focused input filled from `q` that updates `q` on every change, with a back arrow under 768 px.
 */
export function SearchBar() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const narrow = useIsNarrow();
  const { t } = useTranslation();
  const onSearch = pathname === paths.search;
  const query = onSearch ? (params.get('q') ?? '') : '';
  const placeholder = useTypingPlaceholder(!query);

  if (!onSearch) {
    return (
      <button type="button" className="search-bar" onClick={() => navigate(paths.search)}>
        <Magnifier />
        <span className="visually-hidden">{t('search.label')}</span>
        {/* the typing suggestion is drawn by CSS from data-text: decoration, not part of the button's name */}
        <span className="search-bar__placeholder" aria-hidden="true" data-text={placeholder} data-testid="search-placeholder" />
      </button>
    );
  }
  return (
    <div className="search-bar search-bar--active" role="search">
      {narrow ? (
        <Link to={paths.home} className="search-bar__back" aria-label={t('search.back')}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </Link>
      ) : (
        <Magnifier />
      )}
      <input
        // the shopper came here to type: focus is where they expect it
        autoFocus
        type="search"
        className="search-bar__input"
        aria-label={t('search.label')}
        placeholder={placeholder}
        maxLength={SEARCH_MAX_LENGTH}
        value={query}
        onChange={(event) => navigate(paths.searchFor(event.target.value), { replace: true })}
      />
    </div>
  );
}
