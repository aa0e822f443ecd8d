import { useId, useState, type InputHTMLAttributes } from 'react';
import { isValidMobile, MOBILE_LENGTH, sanitizeMobileInput, TEXT } from '@kade/shared';

type FieldProps = { label: string; error?: string | null | undefined } & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/** A labelled input with its error under it (announced, and tied to the input for screen readers). */
export function Field({ label, error, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...input} />
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The mobile number input of SPEC.md section 5: digits only, at most 10 kept of whatever is typed or pasted. */
export function MobileField({ value, onChange, error, label = 'Mobile number' }: { value: string; onChange: (value: string) => void; error?: string | null | undefined; label?: string }) {
  return (
    <Field
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={MOBILE_LENGTH}
      placeholder="07XXXXXXXX"
      value={value}
      onChange={(event) => onChange(sanitizeMobileInput(event.target.value))}
      error={error}
    />
  );
}

/** A password input that hands on the typed text. */
export function PasswordField({ onChange, ...field }: Omit<FieldProps, 'type' | 'onChange'> & { onChange: (value: string) => void }) {
  return <Field type="password" {...field} onChange={(event) => onChange(event.target.value)} />;
}

/**
 * A mobile number being typed and the error shown under its field: `check` answers whether it is a valid number
 * (the shared rule) and says so under the field when it is not.
 */
export function useMobileInput(initial: string | (() => string)) {
  const [mobile, setMobile] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const check = (): boolean => {
    const valid = isValidMobile(mobile);
    setError(valid ? null : TEXT.mobileInvalid);
    return valid;
  };
  return { mobile, setMobile, error, check };
}
