import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { appendUnique, localName, type CardProductWire, type SearchSuggestionsWire } from '@kade/shared';
import { paths } from '../../../lib/paths';
import { useLanguage } from '../../../state/language';
import { PLACEHOLDER_COUNTS, SEARCH_SCROLL_THRESHOLD } from '../../../lib/ui-constants';
import { FIRST_SCREEN_CARDS, ProductCard } from '../../../components/product-card';
import { Placeholders } from '../../../components/placeholder';
import { takeBoot } from '../../../lib/boot';
import { showError } from '../../../lib/show-error';
import { searchProducts } from '../api/search-api';
import './search.css';

interface Results {
  query: string;
  items: CardProductWire[];
  page: number;
  totalPage: number;
  totalCount: number;
  totalCountExact: boolean;
  suggestions?: SearchSuggestionsWire | null;
}

/** What a search that found nothing offers instead: the nearest names (searched on a tap) and their shelves. */
function Suggestions({ suggestions }: { suggestions: SearchSuggestionsWire }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (suggestions.names.length === 0 && suggestions.shelves.length === 0) return null;
  return (
    <div className="search__suggest">
      {suggestions.names.length > 0 ? (
        <nav aria-label={t('searchSuggest.names')}>
          <p className="search__suggest-title">{t('searchSuggest.names')}</p>
          <ul className="search__suggest-list">
            {suggestions.names.map((name) => (
              <li key={name}>
                <Link className="search__suggest-link" to={paths.searchFor(name)}>
                  {name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {suggestions.shelves.length > 0 ? (
        <nav aria-label={t('searchSuggest.shelves')}>
          <p className="search__suggest-title">{t('searchSuggest.shelves')}</p>
          <ul className="search__suggest-list">
            {suggestions.shelves.map(({ category, subCategory }) => (
              <li key={`${category._id}-${subCategory._id}`}>
                <Link className="search__suggest-link" to={paths.listing(category, subCategory)}>
                  {localName(category, language)} › {localName(subCategory, language)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}

/** The first results the server wrote into this very page for its text (boot data), or null: taken once. */
function bootedResults(query: string): Results | null {
  const search = takeBoot('search');
  if (!search || !query || search.query !== query) return null;
  return { query, items: search.items, page: 1, totalPage: search.totalPage, totalCount: search.totalCount, totalCountExact: search.totalCountExact };
}

/** /search?q=: the count, the results in pages, the next page near 95% of the scroll, 'No Data found' with suggestions. */
export default function SearchPage() {
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  // a shopper who opens the shop on a search sees the results that came with the page, without asking again
  const [results, setResults] = useState<Results | null>(() => bootedResults(query));
  const bootQuery = useRef(results?.query);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);
  const { t } = useTranslation();
  const title = query ? t('search.resultsFor', { query }) : t('search.label');

  useEffect(() => {
    document.title = query ? `${t('search.title')}: ${query}` : t('search.title');
  }, [query, t]);

  useEffect(() => {
    if (!query) {
      setResults(null);
      return;
    }
    if (bootQuery.current === query) {
      bootQuery.current = undefined;
      return;
    }
    bootQuery.current = undefined;
    let live = true;
    setLoading(true);
    setResults(null);
    const timer = window.setTimeout(() => {
      searchProducts(query, 1)
        .then((page) => {
          if (live) setResults({ query, items: page.items, page: 1, totalPage: page.totalPage, totalCount: page.totalCount, totalCountExact: page.totalCountExact, suggestions: page.suggestions });
        })
        .catch((error: unknown) => {
          if (live) showError(error);
        })
        .finally(() => {
          if (live) setLoading(false);
        });
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  const loadMore = useCallback(async () => {
    if (!results || busy.current || results.page >= results.totalPage) return;
    busy.current = true;
    setLoading(true);
    try {
      const next = await searchProducts(results.query, results.page + 1);
      setResults((now) =>
        now && now.query === results.query
          ? { ...now, items: appendUnique(now.items, next.items), page: results.page + 1, totalPage: next.totalPage, totalCount: next.totalCount, totalCountExact: next.totalCountExact }
          : now,
      );
    } catch (error) {
      showError(error);
    } finally {
      busy.current = false;
      setLoading(false);
    }
  }, [results]);

  useEffect(() => {
    const onScroll = () => {
      const doc = document.documentElement;
      const reached = (window.scrollY + window.innerHeight) / doc.scrollHeight;
      if (reached >= SEARCH_SCROLL_THRESHOLD) void loadMore();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll(); // a first page that does not fill the screen loads the next at once
    return () => window.removeEventListener('scroll', onScroll);
  }, [loadMore]);

  return (
    <section className="search" aria-labelledby="search-title">
      <h1 id="search-title" className="search__title">
        {title}
      </h1>
      {results ? (
        <p className="search__count" role="status">
          {results.totalCountExact ? t('search.count', { count: results.totalCount }) : t('search.countAtLeast', { count: results.totalCount })}
        </p>
      ) : null}
      {!query ? <p className="search__hint">{t('search.hint')}</p> : null}
      {results && results.items.length === 0 ? <p className="empty">{t('search.none')}</p> : null}
      {results && results.items.length === 0 && results.suggestions ? <Suggestions suggestions={results.suggestions} /> : null}
      <div className="product-grid">
        {results?.items.map((product, index) => (
          <ProductCard key={product._id} product={product} eager={index < FIRST_SCREEN_CARDS} level={2} />
        ))}
        {loading ? <Placeholders count={PLACEHOLDER_COUNTS.search} className="placeholder--card" label={t('search.searching')} /> : null}
      </div>
      {results && results.items.length > 0 && results.page >= results.totalPage ? <p className="list-end">{t('common.endOfList')}</p> : null}
    </section>
  );
}
