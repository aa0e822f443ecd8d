// The product form (SPEC.md section 5): name (and its optional Sinhala and Tamil forms), images, category chips, toggled sub-categories, unit, stock,
// price, discount, description, extra detail fields ('Add Field'), related products, publish and
// single-quantity, search keywords. Used to add a product ('Upload Product' page) and to edit one (the 'Upload Product' modal).
// Checked with the shared schema before sending; the server checks again and its message is shown.
import { useMemo, type FormEvent } from 'react';
import { productCreateSchema, productUpdateSchema, type ProductWire } from '@kade/shared';
import { catalogueAdminApi, type ProductBody } from '../api/catalogue-admin-api';
import { useCatalogueForm } from '../hooks/use-catalogue-form';
import { useCategories, useProducts, useSubCategories } from '../hooks/use-catalogue-data';
import { BarcodeField, barcodeBody } from './barcode-field';
import { OtherNameFields } from './other-name-fields';
import { CategoryChips, ExtraFields, ImageListPicker, SubCategoryChips, ToggleChips } from './pickers';
import { FieldProblems } from './field-problem';
import { emptyWeighedForm, sellableBody, sellableProblem, UnitStockPriceRow, weighedFormFrom, type SellableFields } from './sellable-fields';
import { SoldByField, WeighedGramsFields } from './weighed-fields';
import { CheckField, FormSubmit, TextField } from './text-field';

export interface ProductFormState extends SellableFields {
  name: string;
  nameSi: string;
  nameTa: string;
  image: string[];
  category: string[];
  subCategory: string[];
  product: string[];
  publish: boolean;
  single_quantity: boolean;
  /** As typed; blank for none. */
  barcode: string;
  /** Search keywords as typed, separated by commas (issue 36: "sini, seeni" for sugar). */
  keywords: string;
}

/** The typed keywords as the API takes them: split at commas, trimmed, blanks left out. */
export const keywordsBody = (typed: string): string[] =>
  typed
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

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
  barcode: '',
  keywords: '',
  ...emptyWeighedForm(),
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
  barcode: p.barcode ?? '',
  keywords: (p.keywords ?? []).join(', '),
  ...weighedFormFrom(p),
});

export function ProductForm({ initial, productId, onSaved }: { initial: ProductFormState; productId?: string; onSaved: () => void }) {
  const { form, setForm, update, set, uploading, setUploading, saving, problem, fieldProblem, submit } = useCatalogueForm(initial);
  const categories = useCategories();
  const subCategories = useSubCategories();
  const products = useProducts('');
  const related = useMemo(() => products.items.filter((p) => p._id !== productId), [products.items, productId]);

  function send(event: FormEvent) {
    const { name, nameSi, nameTa, image, category, subCategory, product, publish, single_quantity } = form;
    const body: ProductBody = { name, nameSi, nameTa, image, category, subCategory, product, publish, single_quantity, barcode: barcodeBody(form.barcode), keywords: keywordsBody(form.keywords), ...sellableBody(form) };
    return submit(
      event,
      () => sellableProblem(form.details, productId ? productUpdateSchema.safeParse({ _id: productId, ...body }) : productCreateSchema.safeParse(body)),
      () => (productId ? catalogueAdminApi.updateProduct({ _id: productId, ...body }) : catalogueAdminApi.createProduct(body)),
      () => {
        if (!productId) setForm(emptyProductForm());
        onSaved();
      },
    );
  }

  return (
    <form className="cat-form" onSubmit={(event) => void send(event)} noValidate aria-busy={uploading || saving}>
      <FieldProblems value={fieldProblem}>
      <TextField label="Name" field="name" required value={form.name} onChange={set('name')} />
      <OtherNameFields value={form} onChange={update} />
      <TextField label="Description" field="description" required multiline value={form.description} onChange={set('description')} />
      <ImageListPicker value={form.image} onChange={set('image')} onUploading={setUploading} />
      <CategoryChips all={categories.items} selected={form.category} onChange={set('category')} />
      <SubCategoryChips all={subCategories.items} categories={form.category} selected={form.subCategory} onChange={set('subCategory')} />
      <SoldByField value={form.sellBy} onChange={set('sellBy')} />
      <UnitStockPriceRow value={form} onChange={update} discountRequired />
      <WeighedGramsFields value={form} onChange={update} problem={fieldProblem} />
      <BarcodeField value={form.barcode} onChange={set('barcode')} />
      <TextField label="Search keywords (comma separated)" placeholder="sini, seeni" value={form.keywords} onChange={set('keywords')} />
      <ExtraFields value={form.details} onChange={set('details')} />
      <ToggleChips legend="Related products" items={related} selected={form.product} onChange={set('product')} filterLabel="Find a product to link" field="product" />
      <CheckField label="Published" checked={form.publish} onChange={set('publish')} />
      <CheckField label="One per order" checked={form.single_quantity} onChange={set('single_quantity')} />
      <FormSubmit problem={problem} uploading={uploading} saving={saving} />
      </FieldProblems>
    </form>
  );
}
