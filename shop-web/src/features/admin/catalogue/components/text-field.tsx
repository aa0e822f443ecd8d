// A labelled input (or textarea) of the catalogue forms.
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
