// The catalogue forms' own controls: a labelled input (or textarea), a checkbox, and the form's end (its problem and Submit).
import { useId, type InputHTMLAttributes } from 'react';

export function TextField({
  label,
  value,
  onChange,
  multiline = false,
  ...input
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId();
  return (
    <div className="cat-field">
      <label htmlFor={id} className="cat-field__label">
        {label}
      </label>
      {multiline ? (
        <textarea id={id} className="cat-input" required={input.required} value={value} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input id={id} className="cat-input" {...input} value={value} onChange={(e) => onChange(e.target.value)} />
      )}
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
