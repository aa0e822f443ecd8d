// /dashboard/variation (admin): the 'Upload Product Variation' form (SPEC.md section 3) and, below it, the
// chosen product's variations, each with Edit (the same form in a modal) and Delete ('Permanent Delete').
import { useCallback, useEffect, useState } from 'react';
import type { VariationWire } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { catalogueAdminApi } from './api/catalogue-admin-api';
import { VariationForm, emptyVariationForm } from './components/variation-form';
import { VARIATION_FORM_TITLE, VariationList } from './components/variation-list';
import './components/admin-catalogue.css';

export default function VariationPage() {
  const [product, setProduct] = useState('');
  const [existing, setExisting] = useState<VariationWire[]>([]);

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

  return (
    <section className="cat-page" aria-labelledby="variation-title">
      <div className="cat-page__head">
        <h1 id="variation-title">{VARIATION_FORM_TITLE}</h1>
      </div>
      <VariationForm initial={emptyVariationForm()} onProductChange={setProduct} onSaved={() => void loadExisting(product)} />
      {existing.length > 0 ? (
        <section className="cat-variations" aria-labelledby="variations-of-title">
          <h2 id="variations-of-title">Variations of this product</h2>
          <VariationList variations={existing} label="Variations of this product" onChanged={() => void loadExisting(product)} />
        </section>
      ) : null}
    </section>
  );
}
