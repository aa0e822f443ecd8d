// The 'Upload Product Variation' form (SPEC.md section 3): the parent product from a dropdown, name (and its
// optional Sinhala and Tamil forms), images,
// unit, stock, price, discount (optional), description, extra detail fields and publish. Used to add a
// variation (/dashboard/variation) and to correct one (its Edit modal, there and on the product cards).
// Checked with the shared schema before sending; the server checks again and its message is shown.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatZodError, variationCreateSchema, type VariationWire } from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi, typedNumber, type VariationBody } from '../api/catalogue-admin-api';
import { useProducts } from '../hooks/use-catalogue-data';
import { OtherNameFields } from './other-name-fields';
import { ExtraFields, ImageListPicker } from './pickers';
import { missingDetail } from './product-form';
import { CheckField, TextField } from './text-field';

export interface VariationFormState {
  product: string;
  name: string;
  nameSi: string;
  nameTa: string;
  image: string[];
  unit: string;
  stock: string;
  price: string;
  discount: string;
  description: string;
  details: Array<[string, string]>;
  publish: boolean;
}

export const emptyVariationForm = (product = ''): VariationFormState => ({
  product,
  name: '',
  nameSi: '',
  nameTa: '',
  image: [],
  unit: '',
  stock: '',
  price: '',
  discount: '',
  description: '',
  details: [],
  publish: true,
});

export const variationFormFrom = (v: VariationWire): VariationFormState => ({
  product: v.product,
  name: v.name,
  nameSi: v.nameSi ?? '',
  nameTa: v.nameTa ?? '',
  image: [...v.image],
  unit: v.unit,
  stock: String(v.stock),
  price: String(v.price),
  discount: String(v.discount),
  description: v.description,
  details: Object.entries(v.more_details),
  publish: v.publish,
});

export function VariationForm({
  initial,
  variationId,
  onSaved,
  onProductChange,
}: {
  initial: VariationFormState;
  /** Set when the form corrects an existing variation (PUT /api/variation/update). */
  variationId?: string;
  onSaved: (variation: VariationWire) => void;
  /** Told when the admin picks another parent product (the add page lists that product's variations). */
  onProductChange?: (productId: string) => void;
}) {
  const parentId = useId();
  const products = useProducts('');
  const [form, setForm] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const set = <K extends keyof VariationFormState>(key: K) => (value: VariationFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem(''); // an old complaint goes once the admin changes something
  };

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
    // The form always holds every field, so an edit is checked as a whole variation: a price emptied while
    // editing is 'price is required', not a change quietly left out of the update.
    const checked = variationCreateSchema.safeParse(body);
    // An empty extra field is named by its label first (the schema's message cannot name it).
    const message = missingDetail(details) || (checked.success ? '' : formatZodError(checked.error).message);
    if (message) {
      setProblem(message);
      return;
    }
    setSaving(true);
    try {
      const answer = variationId
        ? await catalogueAdminApi.updateVariation({ _id: variationId, ...body })
        : await catalogueAdminApi.createVariation(body);
      toast.success(answer.message);
      if (!variationId) setForm(emptyVariationForm(form.product));
      onSaved(answer.data);
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="cat-form" onSubmit={submit} noValidate aria-busy={uploading || saving}>
      <div className="cat-field">
        <label htmlFor={parentId} className="cat-field__label">
          Product
        </label>
        <select
          id={parentId}
          className="cat-input"
          required
          value={form.product}
          onChange={(e) => {
            set('product')(e.target.value);
            onProductChange?.(e.target.value);
          }}
        >
          <option value="">{products.loading ? 'Loading products…' : 'Select Product'}</option>
          {products.items.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name} ({p.unit})
            </option>
          ))}
        </select>
      </div>
      <TextField label="Name" required value={form.name} onChange={set('name')} />
      <OtherNameFields value={form} onChange={(change) => setForm((f) => ({ ...f, ...change }))} />
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
  );
}
