// What the product form and the variation form share: the fields of something sold (unit, stock, price,
// discount, description and the extra detail fields), how they are sent, and how what is wrong with them is told.
import { formatZodError } from '@kade/shared';
import { typedNumber } from '../api/catalogue-admin-api';
import { TextField } from './text-field';

export interface SellableFields {
  unit: string;
  stock: string;
  price: string;
  discount: string;
  description: string;
  details: Array<[string, string]>;
}

/** The numbers as typed (a blank box is missing, so the schema says '{field} is required') and the detail fields as one record. */
export function sellableBody(form: SellableFields) {
  return {
    unit: form.unit,
    stock: typedNumber(form.stock),
    price: typedNumber(form.price),
    discount: typedNumber(form.discount),
    description: form.description,
    more_details: Object.fromEntries(form.details),
  };
}

/** The first extra detail field left empty, as a message; '' when all are filled. */
export function missingDetail(details: Array<[string, string]>): string {
  const empty = details.find(([, text]) => text.trim() === '');
  return empty ? `${empty[0]} is required` : '';
}

type Checked = { success: true } | { success: false; error: Parameters<typeof formatZodError>[0] };

/** What is wrong before sending: an empty extra field named by its label first (the schema's message cannot name it), else the schema's; '' when nothing is. */
export function sellableProblem(details: Array<[string, string]>, checked: Checked): string {
  return missingDetail(details) || (checked.success ? '' : formatZodError(checked.error).message);
}

/** Unit, Stock, Price and Discount side by side. */
export function UnitStockPriceRow({
  value,
  onChange,
  discountRequired,
}: {
  value: Pick<SellableFields, 'unit' | 'stock' | 'price' | 'discount'>;
  onChange: (change: Partial<SellableFields>) => void;
  discountRequired: boolean;
}) {
  return (
    <div className="cat-row">
      <TextField label="Unit" required value={value.unit} onChange={(unit) => onChange({ unit })} placeholder="1kg, 500ml" />
      <TextField label="Stock" required type="number" inputMode="numeric" min={0} step={1} value={value.stock} onChange={(stock) => onChange({ stock })} />
      <TextField label="Price" required type="number" inputMode="decimal" min={0} step="0.01" value={value.price} onChange={(price) => onChange({ price })} />
      <TextField label="Discount" required={discountRequired} type="number" inputMode="decimal" min={0} max={100} value={value.discount} onChange={(discount) => onChange({ discount })} />
    </div>
  );
}
