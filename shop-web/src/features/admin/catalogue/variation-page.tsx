// /dashboard/variation (admin): the 'Upload Product Variation' form (SPEC.md section 3): the parent product
// from a dropdown, name, images, unit, stock, price, discount (optional), description, extra detail fields
// and publish; below it, the chosen product's variations.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatRs, formatZodError, rupeesToPaise, variationCreateSchema, type VariationWire } from '@kade/shared';
import { showError } from '../../../lib/show-error';
import { catalogueAdminApi, typedNumber, type VariationBody } from './api/catalogue-admin-api';
import { ExtraFields, ImageListPicker } from './components/pickers';
import { missingDetail } from './components/product-form';
import { CheckField, TextField } from './components/text-field';
import { useProducts } from './hooks/use-catalogue-data';
import './components/admin-catalogue.css';

interface VariationFormState {
  product: string;
  name: string;
  image: string[];
  unit: string;
  stock: string;
  price: string;
  discount: string;
  description: string;
  details: Array<[string, string]>;
  publish: boolean;
}

const emptyVariation = (product = ''): VariationFormState => ({
  product,
  name: '',
  image: [],
  unit: '',
  stock: '',
  price: '',
  discount: '',
  description: '',
  details: [],
  publish: true,
});

export default function VariationPage() {
  const parentId = useId();
  const products = useProducts('');
  const [form, setForm] = useState(emptyVariation);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const [existing, setExisting] = useState<VariationWire[]>([]);
  const set = <K extends keyof VariationFormState>(key: K) => (value: VariationFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem(''); // an old complaint goes once the admin changes something
  };

  const loadExisting = useCallback(async (productId: string) => {
    if (!productId) return setExisting([]);
    try {
      setExisting(await catalogueAdminApi.variationsOfProduct(productId));
    } catch (error) {
      showError(error);
    }
  }, []);
  useEffect(() => {
    void loadExisting(form.product);
  }, [form.product, loadExisting]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || saving) return;
    const { details, discount, ...rest } = form;
    // The discount is optional here: left empty it is 0.
    const body: VariationBody = {
      ...rest,
      stock: typedNumber(rest.stock),
      price: typedNumber(rest.price),
      discount: typedNumber(discount) ?? 0,
      more_details: Object.fromEntries(details),
    };
    const checked = variationCreateSchema.safeParse(body);
    // An empty extra field is named by its label first (the schema's message cannot name it).
    const message = missingDetail(details) || (checked.success ? '' : formatZodError(checked.error).message);
    if (message) {
      setProblem(message);
      return;
    }
    setProblem('');
    setSaving(true);
    try {
      const answer = await catalogueAdminApi.createVariation(body);
      toast.success(answer.message);
      setForm(emptyVariation(form.product));
      void loadExisting(form.product);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="cat-page" aria-labelledby="variation-title">
      <div className="cat-page__head">
        <h1 id="variation-title">Upload Product Variation</h1>
      </div>
      <form className="cat-form" onSubmit={submit} noValidate aria-busy={uploading || saving}>
        <div className="cat-field">
          <label htmlFor={parentId} className="cat-field__label">
            Product
          </label>
          <select id={parentId} className="cat-input" required value={form.product} onChange={(e) => set('product')(e.target.value)}>
            <option value="">{products.loading ? 'Loading products…' : 'Select Product'}</option>
            {products.items.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name} ({p.unit})
              </option>
            ))}
          </select>
        </div>
        <TextField label="Name" required value={form.name} onChange={set('name')} />
        <ImageListPicker value={form.image} onChange={set('image')} onUploading={setUploading} />
        <div className="cat-row">
          <TextField label="Unit" required value={form.unit} onChange={set('unit')} placeholder="1kg, 500ml" />
          <TextField label="Stock" required type="number" inputMode="numeric" min={0} step={1} value={form.stock} onChange={set('stock')} />
          <TextField label="Price" required type="number" inputMode="decimal" min={0} step="0.01" value={form.price} onChange={set('price')} />
          <TextField label="Discount" type="number" inputMode="decimal" min={0} max={100} value={form.discount} onChange={set('discount')} />
        </div>
        <TextField label="Description" required multiline value={form.description} onChange={set('description')} />
        <ExtraFields value={form.details} onChange={set('details')} />
        <CheckField label="Published" checked={form.publish} onChange={set('publish')} />
        {problem ? (
          <p className="cat-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className="button button--primary" disabled={uploading || saving}>
          {uploading ? 'Uploading…' : saving ? 'Saving…' : 'Submit'}
        </button>
      </form>
      {existing.length > 0 ? (
        <section className="cat-variations" aria-labelledby="variations-of-title">
          <h2 id="variations-of-title">Variations of this product</h2>
          <ul className="cat-bulk-list">
            {existing.map((v) => (
              <li key={v._id} className="cat-bulk-row">
                <span className="cat-bulk-row__fields">
                  {v.name} · {v.unit} · {formatRs(rupeesToPaise(v.price))} {v.publish ? '' : '(not published)'}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
