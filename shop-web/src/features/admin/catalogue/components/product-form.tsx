// The product form (SPEC.md section 5): name (and its optional Sinhala and Tamil forms), images, category chips, toggled sub-categories, unit, stock,
// price, discount, description, extra detail fields ('Add Field'), related products, publish and
// single-quantity. Used to add a product ('Upload Product' page) and to edit one (the 'Upload Product' modal).
// Checked with the shared schema before sending; the server checks again and its message is shown.
import { useMemo, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatZodError, productCreateSchema, productUpdateSchema, type ProductWire } from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi, typedNumber, type ProductBody } from '../api/catalogue-admin-api';
import { useCategories, useProducts, useSubCategories } from '../hooks/use-catalogue-data';
import { OtherNameFields } from './other-name-fields';
import { CategoryChips, ExtraFields, ImageListPicker, ToggleChips } from './pickers';
import { CheckField, TextField } from './text-field';

export interface ProductFormState {
  name: string;
  nameSi: string;
  nameTa: string;
  image: string[];
  category: string[];
  subCategory: string[];
  unit: string;
  stock: string;
  price: string;
  discount: string;
  description: string;
  details: Array<[string, string]>;
  product: string[];
  publish: boolean;
  single_quantity: boolean;
}

export const emptyProductForm = (): ProductFormState => ({
  name: '',
  nameSi: '',
  nameTa: '',
  image: [],
  category: [],
  subCategory: [],
  unit: '',
  stock: '',
  price: '',
  discount: '0',
  description: '',
  details: [],
  product: [],
  publish: true,
  single_quantity: false,
});

export const productFormFrom = (p: ProductWire): ProductFormState => ({
  name: p.name,
  nameSi: p.nameSi ?? '',
  nameTa: p.nameTa ?? '',
  image: [...p.image],
  category: p.category.map((c) => c._id),
  subCategory: p.subCategory.map((s) => s._id),
  unit: p.unit,
  stock: String(p.stock),
  price: String(p.price),
  discount: String(p.discount),
  description: p.description,
  details: Object.entries(p.more_details),
  product: [...p.product],
  publish: p.publish,
  single_quantity: p.single_quantity,
});

/** The first extra detail field left empty, as a message; '' when all are filled. */
export function missingDetail(details: Array<[string, string]>): string {
  const empty = details.find(([, text]) => text.trim() === '');
  return empty ? `${empty[0]} is required` : '';
}

export function ProductForm({ initial, productId, onSaved }: { initial: ProductFormState; productId?: string; onSaved: () => void }) {
  const [form, setForm] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const categories = useCategories();
  const subCategories = useSubCategories();
  const products = useProducts('');
  const related = useMemo(() => products.items.filter((p) => p._id !== productId), [products.items, productId]);
  const set = <K extends keyof ProductFormState>(key: K) => (value: ProductFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setProblem(''); // an old complaint goes once the admin changes something
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || saving) return;
    const { details, ...rest } = form;
    const body: ProductBody = {
      ...rest,
      stock: typedNumber(rest.stock),
      price: typedNumber(rest.price),
      discount: typedNumber(rest.discount),
      more_details: Object.fromEntries(details),
    };
    const checked = productId ? productUpdateSchema.safeParse({ _id: productId, ...body }) : productCreateSchema.safeParse(body);
    // An empty extra field is named by its label first (the schema's message cannot name it).
    const message = missingDetail(details) || (checked.success ? '' : formatZodError(checked.error).message);
    if (message) {
      setProblem(message);
      return;
    }
    setProblem('');
    setSaving(true);
    try {
      const answer = productId ? await catalogueAdminApi.updateProduct({ _id: productId, ...body }) : await catalogueAdminApi.createProduct(body);
      toast.success(answer.message);
      if (!productId) setForm(emptyProductForm());
      onSaved();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="cat-form" onSubmit={submit} noValidate aria-busy={uploading || saving}>
      <TextField label="Name" required value={form.name} onChange={set('name')} />
      <OtherNameFields value={form} onChange={(change) => setForm((f) => ({ ...f, ...change }))} />
      <TextField label="Description" required multiline value={form.description} onChange={set('description')} />
      <ImageListPicker value={form.image} onChange={set('image')} onUploading={setUploading} />
      <CategoryChips all={categories.items} selected={form.category} onChange={set('category')} />
      <ToggleChips legend="Sub Category" items={subCategories.items} selected={form.subCategory} onChange={set('subCategory')} />
      <div className="cat-row">
        <TextField label="Unit" required value={form.unit} onChange={set('unit')} placeholder="1kg, 500ml" />
        <TextField label="Stock" required type="number" inputMode="numeric" min={0} step={1} value={form.stock} onChange={set('stock')} />
        <TextField label="Price" required type="number" inputMode="decimal" min={0} step="0.01" value={form.price} onChange={set('price')} />
        <TextField label="Discount" required type="number" inputMode="decimal" min={0} max={100} value={form.discount} onChange={set('discount')} />
      </div>
      <ExtraFields value={form.details} onChange={set('details')} />
      <ToggleChips legend="Related products" items={related} selected={form.product} onChange={set('product')} filterLabel="Find a product to link" />
      <CheckField label="Published" checked={form.publish} onChange={set('publish')} />
      <CheckField label="One per order" checked={form.single_quantity} onChange={set('single_quantity')} />
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
