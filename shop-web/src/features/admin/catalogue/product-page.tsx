// /dashboard/product (admin): the product list of SPEC.md section 2: 'Product', the search box (debounced
// 300 ms), 12 placeholders while loading, 'No products found', cards with Edit ('Upload Product' modal) and
// Delete ('Permanent Delete'); under each card its variations, with the same Edit and Delete.
// Issue 36: the server cuts the list into pages of ADMIN_PRODUCT_PAGE_SIZE in the sort the admin chooses, each card
// says its stock and whether shoppers see it, and the delete question names the product and offers to unpublish it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PRODUCT_SORTS, TEXT, type AdminProductSort, type AdminProductWire } from '@kade/shared';
import { ADMIN_PRODUCT_PAGE_SIZE, PLACEHOLDER_COUNTS, PRODUCT_SEARCH_DEBOUNCE_MS } from '../../../lib/ui-constants';
import { Placeholders } from '../../../components/placeholder';
import { imageAt } from '../../../lib/images';
import { catalogueAdminApi } from './api/catalogue-admin-api';
import { Modal, PermanentDeleteDialog } from './components/modal';
import { Pager, useCountText } from './components/pager';
import { ProductForm, productFormFrom } from './components/product-form';
import { VariationList } from './components/variation-list';
import { priceText, WeighedStock } from './components/sold-as';
import { useProductPage } from './hooks/use-catalogue-data';
import { useDebounced } from '../../../lib/use-debounced';
import './components/admin-catalogue.css';
import { OtherNames } from '../../../components/other-names';

const isSort = (value: string): value is AdminProductSort => (ADMIN_PRODUCT_SORTS as readonly string[]).includes(value);

/** The card's stock ('Stock: 12', 'In stock: 25 kg', 'Out of stock') and whether shoppers see it. */
function StockAndState({ product }: { product: AdminProductWire }) {
  const { t } = useTranslation();
  return (
    <>
      <p className={`cat-card__stock${product.stock === 0 ? ' cat-card__stock--out' : ''}`}>
        {product.stock === 0 ? t('adminCatalogue.outOfStock') : product.sellBy === 'WEIGHT' ? <WeighedStock item={product} /> : t('adminCatalogue.stock', { count: product.stock })}
      </p>
      <p className={`cat-badge${product.publish ? '' : ' cat-badge--hidden'}`}>{product.publish ? t('adminCatalogue.published') : t('adminCatalogue.unpublished')}</p>
    </>
  );
}

export default function ProductAdminPage() {
  const { t } = useTranslation();
  const searchId = useId();
  const sortId = useId();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AdminProductSort>('newest');
  const [page, setPage] = useState(1);
  const settled = useDebounced(search, PRODUCT_SEARCH_DEBOUNCE_MS);
  // a new search text starts again at its first page
  const [searched, setSearched] = useState(settled);
  if (searched !== settled) {
    setSearched(settled);
    setPage(1);
  }
  const products = useProductPage({ search: settled, page, limit: ADMIN_PRODUCT_PAGE_SIZE, sort });
  const countText = useCountText(products.info);
  const [editing, setEditing] = useState<AdminProductWire | null>(null);
  const [deleting, setDeleting] = useState<AdminProductWire | null>(null);

  function goTo(next: number) {
    setPage(next);
    window.scrollTo({ top: 0 });
  }

  return (
    <section className="cat-page" aria-labelledby="product-title">
      <div className="cat-page__head">
        <h1 id="product-title">{TEXT.productHeading}</h1>
      </div>
      <div className="cat-search cat-list-controls">
        <label htmlFor={searchId} className="visually-hidden">
          Search product
        </label>
        <input
          id={searchId}
          className="cat-input"
          type="search"
          placeholder={TEXT.searchProductPlaceholder}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <div className="cat-sort">
          <label htmlFor={sortId} className="cat-field__label">
            {t('adminCatalogue.sortLabel')}
          </label>
          <select
            id={sortId}
            className="cat-input"
            value={sort}
            onChange={(e) => {
              if (isSort(e.target.value)) setSort(e.target.value);
              setPage(1);
            }}
          >
            {ADMIN_PRODUCT_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`adminCatalogue.sort.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="cat-count" aria-live="polite">
        {products.loading ? '' : countText}
      </p>
      {products.loading ? (
        <div className="cat-grid">
          <Placeholders count={PLACEHOLDER_COUNTS.adminProducts} className="placeholder--card" label="Loading products" />
        </div>
      ) : products.items.length === 0 ? (
        <p className="empty">{TEXT.noProductsFoundAdmin}</p>
      ) : (
        <ul className="cat-grid" aria-label="Products">
          {products.items.map((product) => (
            <li key={product._id} className="cat-card">
              <img src={imageAt(product.image[0], 160)} alt="" width={160} height={160} loading="lazy" />
              <h2 className="cat-card__name">
                {product.name}
                <OtherNames item={product} />
              </h2>
              <p className="cat-card__unit">{product.unit}</p>
              <p className="cat-card__price">{priceText(product)}</p>
              <StockAndState product={product} />
              <div className="cat-card__actions">
                <button type="button" className="button button--ghost" aria-label={`Edit ${product.name}`} onClick={() => setEditing(product)}>
                  Edit
                </button>
                <button type="button" className="button button--danger-ghost" aria-label={`Delete ${product.name}`} onClick={() => setDeleting(product)}>
                  Delete
                </button>
              </div>
              {product.variations.length > 0 ? (
                <VariationList compact variations={product.variations} label={`Variations of ${product.name}`} onChanged={() => void products.reload()} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager info={products.info} busy={products.loading} onPage={goTo} />
      {editing ? (
        <Modal title={TEXT.uploadProduct} onClose={() => setEditing(null)} size="wide">
          <ProductForm
            initial={productFormFrom(editing)}
            productId={editing._id}
            onSaved={() => {
              setEditing(null);
              void products.reload();
            }}
          />
        </Modal>
      ) : null}
      {deleting ? (
        <PermanentDeleteDialog
          item={deleting}
          variationCount={deleting.variations.length}
          remove={() => catalogueAdminApi.deleteProduct(deleting._id)}
          onDeleted={() => {
            setDeleting(null);
            void products.reload(); // its variations went with it
          }}
          onUnpublished={() => {
            setDeleting(null);
            void products.reload();
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
