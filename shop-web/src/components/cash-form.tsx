// The form for cash at the door that differs from the order's total (issue 20): the amount, a reason from a short
// list (and a note for 'Other'), used by the rider's page and by staff marking an order Delivered on the dashboard.
// It checks what it can before sending; the server checks again (REASON_REQUIRED names the field 'reason').
import { useId, useState, type FormEvent } from 'react';
import { formatRs, rupeesToPaise } from '@kade/shared';
import { amountNeedsReason, CASH_REASONS, CASH_TEXT, noteMax, parseRupees, reasonComplete, reasonText } from './cash-entry';
import './cash-form.css';

/**
 * A reason from a short list, and a note (asked for when the choice is 'Other'): the cash form's and the rider's
 * 'Could not deliver' form's. The note is cut where the choice and the note together still fit the server's limit.
 */
export function ReasonFields({
  id,
  legend,
  reasons,
  choice,
  onChoice,
  note,
  onNote,
}: {
  id: string;
  legend: string;
  reasons: readonly string[];
  choice: string;
  onChoice: (reason: string) => void;
  note: string;
  onNote: (note: string) => void;
}) {
  return (
    <fieldset className="cash-form__reasons">
      <legend>{legend}</legend>
      {reasons.map((reason) => (
        <label key={reason} className="cash-form__choice">
          <input type="radio" name={`${id}-reason`} value={reason} checked={choice === reason} onChange={() => onChoice(reason)} />
          <span>{reason}</span>
        </label>
      ))}
      <label className="cash-form__field">
        <span>
          {CASH_TEXT.noteLabel}
          {choice === 'Other' ? '' : ' (optional)'}
        </span>
        <input type="text" value={note} maxLength={noteMax(reasons)} autoComplete="off" onChange={(event) => onNote(event.target.value)} />
      </label>
    </fieldset>
  );
}

export function CashForm({
  total,
  busy,
  orderLabel,
  onSubmit,
  onCancel,
}: {
  /** The order's total (rupees): the amount starts there. */
  total: number;
  busy: boolean;
  /** 'order 1234', for the names screen readers read. */
  orderLabel: string;
  onSubmit: (cashCollected: number, reason: string | undefined) => void;
  onCancel: () => void;
}) {
  const [amountText, setAmountText] = useState(String(total));
  const [choice, setChoice] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const id = useId();
  const amount = parseRupees(amountText);
  const needsReason = amount !== null && amountNeedsReason(amount, total);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (amount === null) {
      setProblem(CASH_TEXT.amountInvalid);
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    if (needsReason && !reasonComplete(choice, note)) {
      setProblem(CASH_TEXT.reasonNeeded);
      return;
    }
    setProblem('');
    onSubmit(amount, needsReason ? reasonText(choice, note) : undefined);
  }

  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={`Cash collected for ${orderLabel}`}>
      <label className="cash-form__field" htmlFor={`${id}-amount`}>
        <span>{CASH_TEXT.amountLabel}</span>
      </label>
      <input
        id={`${id}-amount`}
        className="cash-form__amount"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={amountText}
        aria-invalid={amount === null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setAmountText(event.target.value)}
      />
      {needsReason ? (
        <ReasonFields id={id} legend={CASH_TEXT.reasonLegend} reasons={CASH_REASONS} choice={choice} onChoice={setChoice} note={note} onNote={setNote} />
      ) : null}
      {problem ? (
        <p id={`${id}-problem`} className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cash-form__actions">
        <button type="submit" className="button button--primary cash-form__submit" disabled={busy} aria-busy={busy}>
          {CASH_TEXT.deliveredWith(amount === null ? '…' : formatRs(rupeesToPaise(amount)))}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {CASH_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
