import { useId, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidMobile, MOBILE_LENGTH, sanitizeMobileInput } from '@kade/shared';

/** How a Sri Lankan mobile number is written, as the box's hint (a pattern, not words). */
const MOBILE_PATTERN_HINT = '07XXXXXXXX';

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
export function MobileField({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('address.fields.mobile')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={MOBILE_LENGTH}
      placeholder={MOBILE_PATTERN_HINT}
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
 * (the shared rule) and says so under the field when it is not, in the shopper's language.
 */
export function useMobileInput(initial: string | (() => string)) {
  const { t } = useTranslation();
  const [mobile, setMobile] = useState(initial);
  const [invalid, setInvalid] = useState(false);
  const check = (): boolean => {
    const valid = isValidMobile(mobile);
    setInvalid(!valid);
    return valid;
  };
  return { mobile, setMobile, error: invalid ? t('validation.mobileInvalid') : null, check };
}

/**
 * A form's submit button that shows the password being checked (issue 36: 2 to 5 s on a busy server): while `busy`,
 * a spinner and 'Checking…' instead of its label, marked busy, and said once by a polite status line; apart from
 * that, disabled only until the form is `ready` (the grey look).
 */
export function CheckingButton({ busy, ready, label }: { busy: boolean; ready: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="submit"
        className={`button button--primary auth__submit${busy ? ' auth__submit--busy' : ''}`}
        disabled={busy || !ready}
        aria-busy={busy || undefined}
      >
        {busy ? (
          <>
            <span className="spinner" aria-hidden="true" />
            {t('roughEdges.auth.checking')}
          </>
        ) : (
          label
        )}
      </button>
      <p className="visually-hidden" role="status">
        {busy ? t('roughEdges.auth.checkingSaid') : ''}
      </p>
    </>
  );
}
