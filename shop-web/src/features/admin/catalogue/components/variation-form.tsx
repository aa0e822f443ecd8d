// The 'Upload Product Variation' form (SPEC.md section 3): the parent product from a dropdown, name (and its
// optional Sinhala and Tamil forms), images,
// unit, stock, price, discount (optional), description, extra detail fields and publish. Used to add a
// variation (/dashboard/variation) and to correct one (its Edit modal, there and on the product cards).
// Checked with the shared schema before sending; the server checks again and its message is shown.
import type { FormEvent } from 'react';
import { variationCreateSchema, type VariationWire } from '@kade/shared';
import { catalogueAdminApi, typedNumber, type VariationBody } from '../api/catalogue-admin-api';
import { useCatalogueForm } from '../hooks/use-catalogue-form';
import { BarcodeField, barcodeBody } from './barcode-field';
import { OtherNameFields } from './other-name-fields';
import { ExtraFields, ImageListPicker } from './pickers';
import { emptyWeighedForm, sellableBody, sellableProblem, UnitStockPriceRow, weighedFormFrom, type SellableFields } from './sellable-fields';
import { SoldByField, WeighedGramsFields } from './weighed-fields';
import { CheckField, FormSubmit, TextField } from './text-field';
import { FieldProblems } from './field-problem';
import { ProductPicker } from './product-picker';

export interface VariationFormState extends SellableFields {
  product: string;
  name: string;
  nameSi: string;
  nameTa: string;
  image: string[];
  publish: boolean;
  /** As typed; blank for none. */
  barcode: string;
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
  barcode: '',
  ...emptyWeighedForm(),
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
  barcode: v.barcode ?? '',
  ...weighedFormFrom(v),
});

export function VariationForm({
  initial,
  variationId,
  parentName,
  onSaved,
  onProductChange,
}: {
  initial: VariationFormState;
  /** The parent product's name, shown in the dropdown whatever its search finds (an edit). */
  parentName?: string;
  /** Set when the form corrects an existing variation (PUT /api/variation/update). */
  variationId?: string;
  onSaved: (variation: VariationWire) => void;
  /** Told when the admin picks another parent product (the add page lists that product's variations). */
  onProductChange?: (productId: string) => void;
}) {
  const { form, setForm, update, set, uploading, setUploading, saving, problem, fieldProblem, submit } = useCatalogueForm(initial);

  function send(event: FormEvent) {
    const { product, name, nameSi, nameTa, image, publish } = form;
    // The discount is optional here: left empty it is 0.
    const body: VariationBody = { product, name, nameSi, nameTa, image, publish, barcode: barcodeBody(form.barcode), ...sellableBody(form), discount: typedNumber(form.discount) ?? 0 };
    return submit(
      event,
      // The form always holds every field, so an edit is checked as a whole variation: a price emptied while
      // editing is 'price is required', not a change quietly left out of the update.
      () => sellableProblem(form.details, variationCreateSchema.safeParse(body)),
      () => (variationId ? catalogueAdminApi.updateVariation({ _id: variationId, ...body }) : catalogueAdminApi.createVariation(body)),
      (answer) => {
        if (!variationId) setForm(emptyVariationForm(form.product));
        onSaved(answer.data);
      },
    );
  }

  return (
    <form className="cat-form" onSubmit={(event) => void send(event)} noValidate aria-busy={uploading || saving}>
      <FieldProblems value={fieldProblem}>
      <ProductPicker
        value={form.product}
        {...(parentName ? { chosenLabel: parentName } : {})}
        onChange={(productId) => {
          set('product')(productId);
          onProductChange?.(productId);
        }}
      />
      <TextField label="Name" field="name" required value={form.name} onChange={set('name')} />
      <OtherNameFields value={form} onChange={update} />
      <ImageListPicker value={form.image} onChange={set('image')} onUploading={setUploading} />
      <SoldByField value={form.sellBy} onChange={set('sellBy')} />
      <UnitStockPriceRow value={form} onChange={update} discountRequired={false} />
      <WeighedGramsFields value={form} onChange={update} problem={fieldProblem} />
      <BarcodeField value={form.barcode} onChange={set('barcode')} />
      <TextField label="Description" field="description" required multiline value={form.description} onChange={set('description')} />
      <ExtraFields value={form.details} onChange={set('details')} />
      <CheckField label="Published" checked={form.publish} onChange={set('publish')} />
      <FormSubmit problem={problem} uploading={uploading} saving={saving} />
      </FieldProblems>
    </form>
  );
}
