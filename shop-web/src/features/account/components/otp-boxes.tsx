import { useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OTP_LENGTH } from '@kade/shared';

/**
 * One box per code digit (6: the original's 4 boxes for a 6-digit code was a defect). A digit moves focus to
 * the next box, Backspace on an empty box goes back, and pasting a code fills every box.
 */
export function OtpBoxes({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const { t } = useTranslation();
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const type = (index: number, text: string) => {
    let digits = text.replace(/\D/g, '');
    // Typing over a filled box adds one digit to the old one: keep the new one.
    if (digits.length === 2) digits = digits.slice(-1);
    if (digits.length > 1) {
      fill(index, digits);
      return;
    }
    const next = [...value];
    next[index] = digits;
    onChange(next);
    if (digits !== '' && index < OTP_LENGTH - 1) focus(index + 1);
  };

  const fill = (from: number, digits: string) => {
    const next = [...value];
    for (let i = 0; i < digits.length && from + i < OTP_LENGTH; i += 1) next[from + i] = digits[i] ?? '';
    onChange(next);
    focus(Math.min(OTP_LENGTH - 1, from + digits.length));
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits === '') return;
    event.preventDefault();
    // A whole code pasted anywhere fills all the boxes from the first.
    fill(digits.length >= OTP_LENGTH ? 0 : index, digits.slice(0, OTP_LENGTH));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (value[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'ArrowRight') focus(index + 1);
  };

  return (
    <fieldset className="otp">
      <legend>{t('auth.otpLegend', { length: OTP_LENGTH })}</legend>
      <div className="otp__boxes">
        {Array.from({ length: OTP_LENGTH }, (_, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="otp__box"
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={OTP_LENGTH}
            aria-label={t('auth.digitOf', { n: index + 1, total: OTP_LENGTH })}
            value={value[index] ?? ''}
            onChange={(event) => type(index, event.target.value.slice(-OTP_LENGTH))}
            onPaste={(event) => onPaste(index, event)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        ))}
      </div>
    </fieldset>
  );
}

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/** The code's form: the boxes and 'Verify OTP', enabled once every box holds a digit (see useOtpCheck). */
export function OtpForm({ digits, setDigits, busy, complete, submit }: { digits: string[]; setDigits: (value: string[]) => void; busy: boolean; complete: boolean; submit: (event: FormEvent) => void }) {
  const { t } = useTranslation();
  return (
    <form className="auth__form" onSubmit={submit} noValidate>
      <OtpBoxes value={digits} onChange={setDigits} />
      <button type="submit" className="button button--primary auth__submit" disabled={busy || !complete}>
        {t('auth.verifyOtp')}
      </button>
    </form>
  );
}
