// /dashboard/product (admin): the product list of SPEC.md section 2: 'Product', the search box (debounced
// 300 ms), 12 placeholders while loading, 'No products found', cards with Edit ('Upload Product' modal) and
// Delete ('Permanent Delete'); under each card its variations, with the same Edit and Delete.
import { useId, useMemo, useState } from 'react';
import { TEXT, type ProductWire, type VariationWire } from '@kade/shared';
import { PLACEHOLDER_COUNTS, PRODUCT_SEARCH_DEBOUNCE_MS } from '../../../lib/ui-constants';
import { Placeholders } from '../../../components/placeholder';
import { imageAt } from '../../../lib/images';
import { catalogueAdminApi } from './api/catalogue-admin-api';
import { Modal, PermanentDeleteDialog } from './components/modal';
import { ProductForm, productFormFrom } from './components/product-form';
import { VariationList } from './components/variation-list';
import { priceText, WeighedStock } from './components/sold-as';
import { useProducts, useVariations } from './hooks/use-catalogue-data';
import { useDebounced } from '../../../lib/use-debounced';
import './components/admin-catalogue.css';
import { OtherNames } from '../../../components/other-names';

export default function ProductAdminPage() {
  const searchId = useId();
  const [search, setSearch] = useState('');
  const settled = useDebounced(search, PRODUCT_SEARCH_DEBOUNCE_MS);
  const products = useProducts(settled);
  const variations = useVariations();
  const variationsOf = useMemo(() => {
    const byProduct = new Map<string, VariationWire[]>();
    const oldestFirst = [...variations.items].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const v of oldestFirst) byProduct.set(v.product, [...(byProduct.get(v.product) ?? []), v]);
    return byProduct;
  }, [variations.items]);
  const [editing, setEditing] = useState<ProductWire | null>(null);
  const [deleting, setDeleting] = useState<ProductWire | null>(null);

  return (
    <section className="cat-page" aria-labelledby="product-title">
      <div className="cat-page__head">
        <h1 id="product-title">{TEXT.productHeading}</h1>
      </div>
      <div className="cat-search">
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
      </div>
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
              {product.sellBy === 'WEIGHT' ? (
                <p className="cat-card__unit">
                  <WeighedStock item={product} />
                </p>
              ) : null}
              <div className="cat-card__actions">
                <button type="button" className="button button--ghost" aria-label={`Edit ${product.name}`} onClick={() => setEditing(product)}>
                  Edit
                </button>
                <button type="button" className="button button--danger-ghost" aria-label={`Delete ${product.name}`} onClick={() => setDeleting(product)}>
                  Delete
                </button>
              </div>
              {variationsOf.get(product._id)?.length ? (
                <VariationList
                  compact
                  variations={variationsOf.get(product._id) ?? []}
                  label={`Variations of ${product.name}`}
                  onChanged={() => void variations.reload()}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
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
          remove={() => catalogueAdminApi.deleteProduct(deleting._id)}
          onDeleted={() => {
            setDeleting(null);
            void products.reload();
            void variations.reload(); // its variations went with it
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
