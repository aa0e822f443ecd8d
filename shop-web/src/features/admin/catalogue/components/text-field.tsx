// The catalogue forms' own controls: a labelled input (or textarea), a checkbox, and the form's end (its problem and Submit).
import { useId, type InputHTMLAttributes } from 'react';
import { FieldMessage, useFieldProblem } from './field-problem';

export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  field,
  ...input
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  multiline?: boolean;
  /** The request field it holds: a problem naming it is said under it (field-problem.tsx). */
  field?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId();
  const { 'aria-describedby': hint, ...rest } = input;
  const problem = useFieldProblem(field, hint);
  return (
    <div className="cat-field">
      <label htmlFor={id} className="cat-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} className="cat-input" required={rest.required} value={value} onChange={(e) => onChange(e.target.value)} {...problem.control} />
      ) : (
        <input id={id} className="cat-input" {...rest} value={value} onChange={(e) => onChange(e.target.value)} {...problem.control} />
      )}
      <FieldMessage id={problem.id} message={problem.message} />
    </div>
  );
}

/** A checkbox with its label. */
export function CheckField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="cat-check">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * The end of a catalogue form: what was found wrong before sending, and Submit, busy while an image uploads or
 * the form saves. `incomplete` dims it (the spec's hint) without blocking it.
 */
export function FormSubmit({ problem, uploading, saving, incomplete = false }: { problem: string; uploading: boolean; saving: boolean; incomplete?: boolean }) {
  return (
    <>
      {problem ? (
        <p className="cat-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className={`button button--primary${incomplete ? ' button--dim' : ''}`} disabled={uploading || saving}>
        {uploading ? 'Uploading…' : saving ? 'Saving…' : 'Submit'}
      </button>
    </>
  );
}
