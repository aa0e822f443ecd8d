// What the product form and the variation form share: the fields of something sold (unit, stock, price,
// discount, description, the extra detail fields and how it is sold: each or by weight), how they are sent, and how
// what is wrong with them is told.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatZodError, type SellableWire } from '@kade/shared';
import { typedNumber } from '../api/catalogue-admin-api';
import type { FieldProblem } from '../hooks/use-catalogue-form';
import { TextField } from './text-field';
import { weighedBody, type WeighedFormFields } from './weighed-fields';

export interface SellableFields extends WeighedFormFields {
  unit: string;
  stock: string;
  price: string;
  discount: string;
  description: string;
  details: Array<[string, string]>;
}

/** How a new product or variation is sold until the admin says otherwise: each, no grams, no scale code. */
export const emptyWeighedForm = (): WeighedFormFields => ({ sellBy: 'EACH', stepGrams: '', minGrams: '', maxGrams: '', scaleCode: '' });

/** How a product or variation is sold, as its form shows it. */
export const weighedFormFrom = (item: Pick<SellableWire, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode'>): WeighedFormFields => ({
  sellBy: item.sellBy,
  stepGrams: item.stepGrams === null ? '' : String(item.stepGrams),
  minGrams: item.minGrams === null ? '' : String(item.minGrams),
  maxGrams: item.maxGrams === null ? '' : String(item.maxGrams),
  scaleCode: item.scaleCode ?? '',
});

/** The numbers as typed (a blank box is missing, so the schema says '{field} is required') and the detail fields as one record. */
export function sellableBody(form: SellableFields) {
  return {
    unit: form.unit,
    stock: typedNumber(form.stock),
    price: typedNumber(form.price),
    discount: typedNumber(form.discount),
    description: form.description,
    more_details: Object.fromEntries(form.details),
    ...weighedBody(form),
  };
}

/** The first extra detail field left empty, as a message; '' when all are filled. */
export function missingDetail(details: Array<[string, string]>): string {
  const empty = details.find(([, text]) => text.trim() === '');
  return empty ? `${empty[0]} is required` : '';
}

type Checked = { success: true } | { success: false; error: Parameters<typeof formatZodError>[0] };

/** What is wrong with a form: the sentence and the field it is about (null for the form as a whole). */
export type FormProblem = FieldProblem;

/**
 * What is wrong before sending: an empty extra field named by its label first (the schema's message cannot name
 * it), else the schema's with its field; '' when nothing is.
 */
export function sellableProblem(details: Array<[string, string]>, checked: Checked): FormProblem | '' {
  const detail = missingDetail(details);
  if (detail) return { message: detail, field: 'more_details' };
  if (checked.success) return '';
  const { message, field } = formatZodError(checked.error);
  return { message, field };
}

/** Unit, Stock, Price and Discount side by side; sold by weight, the price is per kg and the stock in grams. */
export function UnitStockPriceRow({
  value,
  onChange,
  discountRequired,
}: {
  value: Pick<SellableFields, 'unit' | 'stock' | 'price' | 'discount' | 'sellBy'>;
  onChange: (change: Partial<SellableFields>) => void;
  discountRequired: boolean;
}) {
  const { t } = useTranslation();
  const stockHint = useId();
  const weighed = value.sellBy === 'WEIGHT';
  return (
    <div className="cat-row">
      <TextField label="Unit" field="unit" required value={value.unit} onChange={(unit) => onChange({ unit })} placeholder={weighed ? t('weighedAdmin.unitPlaceholder') : '1kg, 500ml'} />
      <div className="cat-field">
        <TextField
          label={weighed ? t('weighedAdmin.stockGrams') : 'Stock'}
          field="stock"
          required
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={value.stock}
          onChange={(stock) => onChange({ stock })}
          {...(weighed ? { 'aria-describedby': stockHint } : {})}
        />
        {weighed ? (
          <span id={stockHint} className="cat-field__hint">
            {t('weighedAdmin.stockHint')}
          </span>
        ) : null}
      </div>
      <TextField label={weighed ? t('weighedAdmin.pricePerKg') : 'Price'} field="price" required type="number" inputMode="decimal" min={0} step="0.01" value={value.price} onChange={(price) => onChange({ price })} />
      <TextField label="Discount" field="discount" required={discountRequired} type="number" inputMode="decimal" min={0} max={100} value={value.discount} onChange={(discount) => onChange({ discount })} />
    </div>
  );
}
