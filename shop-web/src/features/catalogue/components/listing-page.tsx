import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import { idFromSlug, listingTitleFromSlug } from '@kade/shared';
import { INFINITE_SCROLL_THRESHOLD_PX, PLACEHOLDER_COUNTS } from '../../../lib/ui-constants';
import { FIRST_SCREEN_CARDS, ProductCard } from '../../../components/product-card';
import { Placeholders } from '../../../components/placeholder';
import { useSentinel } from '../../../components/use-infinite-scroll';
import { imageAt } from '../../../lib/images';
import { useCatalogueData } from '../../../state/catalogue-data';
import { useLocalName } from '../../../state/local-name';
import { useListing } from '../hooks/use-listing';
import './catalogue.css';
import { paths } from '../../../lib/paths';

/** /{category}-{id}/{sub-category}-{id}: the sub-categories beside (or above) a grid of pages of 8. */
export default function ListingPage() {
  const { categorySlug = '', subSlug = '' } = useParams();
  const categoryId = idFromSlug(categorySlug);
  const subCategoryId = idFromSlug(subSlug);
  const catalogue = useCatalogueData();
  const nameOf = useLocalName();
  const { t } = useTranslation();
  // The sub-category's own name in the shopper's language ('Dhal & Pulses', 'பருப்பு வகைகள்'); the words of its
  // slug only until the catalogue is loaded.
  const current = catalogue?.subCategories.find((s) => s._id === subCategoryId);
  const title = current ? nameOf(current) : listingTitleFromSlug(subSlug);
  const { items, hasMore, loading, loadNext, started } = useListing(categoryId, subCategoryId);
  const sentinel = useSentinel(() => void loadNext(), started && hasMore && !loading, INFINITE_SCROLL_THRESHOLD_PX, items.length);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [categoryId, subCategoryId]);

  const category = catalogue?.categories.find((c) => c._id === categoryId);
  const subs = catalogue?.subCategories.filter((s) => s.category.some((c) => c._id === categoryId)) ?? [];

  return (
    <div className="listing">
      <nav className="listing__subs" aria-label={t('listing.subCategories')}>
        <ul>
          {category
            ? subs.map((sub) => (
                <li key={sub._id}>
                  <NavLink to={paths.listing(category, sub)} className="listing__sub">
                    <img src={imageAt(sub.image, 160)} alt="" width={48} height={48} loading="lazy" />
                    <span>{nameOf(sub)}</span>
                  </NavLink>
                </li>
              ))
            : null}
        </ul>
      </nav>
      <section className="listing__main" aria-labelledby="listing-title">
        <h1 id="listing-title" className="listing__title">
          {title}
        </h1>
        {items.length === 0 && !loading && !hasMore ? (
          <p className="empty">{t('listing.none')}</p>
        ) : (
          <div className="product-grid">
            {items.map((product, index) => (
              <ProductCard key={product._id} product={product} eager={index < FIRST_SCREEN_CARDS} level={2} />
            ))}
            {items.length === 0 && loading ? (
              <Placeholders count={PLACEHOLDER_COUNTS.strip} className="placeholder--card" label={t('listing.loading')} />
            ) : null}
          </div>
        )}
        <div ref={sentinel} className="listing__end" aria-live="polite">
          {items.length > 0 && hasMore ? t('common.loadingMore') : null}
          {items.length > 0 && !hasMore ? t('common.endOfList') : null}
        </div>
      </section>
    </div>
  );
}
