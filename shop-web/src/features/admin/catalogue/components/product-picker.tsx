// The variation form's parent product (issue 36): a category to filter by, a search box and the 'Product' dropdown
// of what the server finds (one page, by name, or best match when a name is typed), so a catalogue of ten thousand
// products is never loaded whole. The product already chosen stays in the dropdown whatever the filter shows.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_SEARCH_DEBOUNCE_MS } from '../../../../lib/ui-constants';
import { useDebounced } from '../../../../lib/use-debounced';
import { useCategories, useProductPage } from '../hooks/use-catalogue-data';
import { FieldMessage, useFieldProblem } from './field-problem';

/** How many products the dropdown offers at once: a typed name or a category narrows them. */
export const PICKER_LIMIT = 50;

const labelOf = (product: { name: string; unit: string }) => `${product.name} (${product.unit})`;

export function ProductPicker({ value, chosenLabel, onChange }: { value: string; /** The chosen product's name as known (an edit's parent). */ chosenLabel?: string; onChange: (productId: string) => void }) {
  const { t } = useTranslation();
  const ids = { category: useId(), search: useId(), product: useId(), hint: useId() };
  const categories = useCategories();
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), PRODUCT_SEARCH_DEBOUNCE_MS);
  const found = useProductPage({ search: settled, page: 1, limit: PICKER_LIMIT, sort: settled ? undefined : 'name', category: category || undefined });
  // the chosen product's label, kept when a later search no longer finds it
  const [chosen, setChosen] = useState<{ id: string; label: string } | null>(value ? { id: value, label: chosenLabel ?? value } : null);
  const listed = found.items.some((p) => p._id === value);
  const hint = found.loading
    ? ''
    : found.items.length === 0
      ? t('adminCatalogue.pickerNone')
      : found.info && found.info.totalCount > found.items.length
        ? t('adminCatalogue.pickerMore', { shown: found.items.length, count: found.info.totalCount })
        : '';
  const problem = useFieldProblem('product', hint ? ids.hint : undefined);

  return (
    <div className="cat-picker">
      <div className="cat-row">
        <div className="cat-field">
          <label htmlFor={ids.category} className="cat-field__label">
            {t('adminCatalogue.pickerCategory')}
          </label>
          <select id={ids.category} className="cat-input" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('adminCatalogue.allCategories')}</option>
            {categories.items.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="cat-field">
          <label htmlFor={ids.search} className="cat-field__label">
            {t('adminCatalogue.findProduct')}
          </label>
          <input id={ids.search} className="cat-input" type="search" autoComplete="off" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      <div className="cat-field">
        <label htmlFor={ids.product} className="cat-field__label">
          Product
        </label>
        <select
          id={ids.product}
          className="cat-input"
          required
          value={value}
          aria-busy={found.loading}
          onChange={(e) => {
            const picked = found.items.find((p) => p._id === e.target.value);
            setChosen(picked ? { id: picked._id, label: labelOf(picked) } : null);
            onChange(e.target.value);
          }}
          {...problem.control}
        >
          <option value="">{found.loading && found.items.length === 0 ? 'Loading products…' : 'Select Product'}</option>
          {value && !listed && chosen?.id === value ? <option value={value}>{chosen.label}</option> : null}
          {found.items.map((p) => (
            <option key={p._id} value={p._id}>
              {labelOf(p)}
            </option>
          ))}
        </select>
        {hint ? (
          <span id={ids.hint} className="cat-field__hint" aria-live="polite">
            {hint}
          </span>
        ) : null}
        <FieldMessage id={problem.id} message={problem.message} />
      </div>
    </div>
  );
}
