// The optional barcode of a product or variation (issue 33), checked as it is typed with the shared rule (EAN-13,
// or UPC-A: 12 or 13 digits and a right check digit), in the admin's language; the server checks again.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeProblem } from '@kade/shared';
import { useFieldProblem } from './field-problem';

/** What is wrong with a typed barcode ('' when it is blank or right), in the current language. */
export function useBarcodeProblem(typed: string): string {
  const { t } = useTranslation();
  if (typed.trim() === '') return '';
  const problem = barcodeProblem(typed.trim());
  return problem === null ? '' : t(`barcode.${problem}`);
}

/** The barcode sent: null for a blank box (none), else the text as typed (the schema keeps it as 13 digits). */
export const barcodeBody = (typed: string): string | null => (typed.trim() === '' ? null : typed.trim());

export function BarcodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  // what the typing shows at once, else what the form's check or the server said about the barcode (issue 36)
  const refused = useFieldProblem('barcode');
  const typed = useBarcodeProblem(value);
  const problem = typed || refused.message;
  return (
    <div className="cat-field">
      <label htmlFor={id} className="cat-field__label">
        {t('barcode.label')}
      </label>
      <input
        id={id}
        className="cat-input"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-field="barcode"
        aria-invalid={problem !== ''}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className={problem ? 'cat-problem' : 'cat-field__hint'} role={typed ? 'alert' : undefined}>
        {problem || t('barcode.hint')}
      </span>
    </div>
  );
}
