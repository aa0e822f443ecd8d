// /dashboard/variation (admin): the 'Upload Product Variation' form (SPEC.md section 3) and, below it, the
// chosen product's variations, each with Edit (the same form in a modal) and Delete ('Permanent Delete').
// Issue 36: below those, every variation of the catalogue a page at a time, found by name, each with Edit and Delete.
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VariationWire } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { ADMIN_VARIATION_PAGE_SIZE, PRODUCT_SEARCH_DEBOUNCE_MS } from '../../../lib/ui-constants';
import { useDebounced } from '../../../lib/use-debounced';
import { catalogueAdminApi } from './api/catalogue-admin-api';
import { Pager } from './components/pager';
import { VariationForm, emptyVariationForm } from './components/variation-form';
import { VARIATION_FORM_TITLE, VariationList } from './components/variation-list';
import { useVariationPage } from './hooks/use-catalogue-data';
import './components/admin-catalogue.css';

/** Every live variation, published or not, a page at a time, searched by name. */
function AllVariations({ reloadKey, onChanged }: { reloadKey: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebounced(search.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  const [searched, setSearched] = useState(settled);
  if (searched !== settled) {
    setSearched(settled);
    setPage(1);
  }
  const variations = useVariationPage(page, settled, ADMIN_VARIATION_PAGE_SIZE);
  const { reload } = variations;
  // a variation added or changed above shows here too
  useEffect(() => {
    if (reloadKey > 0) void reload();
  }, [reloadKey, reload]);
  return (
    <section className="cat-variations" aria-labelledby="all-variations-title">
      <h2 id="all-variations-title">{t('adminCatalogue.allVariations')}</h2>
      <label htmlFor={searchId} className="visually-hidden">
        {t('adminCatalogue.findVariation')}
      </label>
      <input id={searchId} className="cat-input" type="search" placeholder={t('adminCatalogue.findVariation')} value={search} onChange={(e) => setSearch(e.target.value)} />
      {!variations.loading && variations.items.length === 0 ? <p className="empty">{t('adminCatalogue.noVariations')}</p> : null}
      {variations.items.length > 0 ? (
        <VariationList
          variations={variations.items}
          label={t('adminCatalogue.allVariations')}
          onChanged={() => {
            void reload();
            onChanged();
          }}
        />
      ) : null}
      <Pager info={variations.info} busy={variations.loading} onPage={setPage} />
    </section>
  );
}

export default function VariationPage() {
  const [product, setProduct] = useState('');
  const [existing, setExisting] = useState<VariationWire[]>([]);
  const [changes, setChanges] = useState(0);

  const loadExisting = useCallback(async (productId: string) => {
    if (!productId) return setExisting([]);
    try {
      setExisting(await catalogueAdminApi.variationsOfProduct(productId));
    } catch (error) {
      showError(error);
    }
  }, []);
  useEffect(() => {
    void loadExisting(product);
  }, [product, loadExisting]);
  const changed = () => {
    void loadExisting(product);
    setChanges((n) => n + 1);
  };

  return (
    <section className="cat-page" aria-labelledby="variation-title">
      <div className="cat-page__head">
        <h1 id="variation-title">{VARIATION_FORM_TITLE}</h1>
      </div>
      <VariationForm initial={emptyVariationForm()} onProductChange={setProduct} onSaved={changed} />
      {existing.length > 0 ? (
        <section className="cat-variations" aria-labelledby="variations-of-title">
          <h2 id="variations-of-title">Variations of this product</h2>
          <VariationList variations={existing} label="Variations of this product" onChanged={changed} />
        </section>
      ) : null}
      <AllVariations reloadKey={changes} onChanged={() => void loadExisting(product)} />
    </section>
  );
}
