// The form for cash at the door that differs from the order's total (issue 20): the amount, a reason from a short
// list (and a note for 'Other'), used by the rider's page and by staff marking an order Delivered on the dashboard.
// It checks what it can before sending; the server checks again (REASON_REQUIRED names the field 'reason').
// Its amount box and its end (problem, submit, Cancel) serve the rider's 'Could not deliver' and the report's hand-in too.
import { useId, useState, type FormEvent } from 'react';
import { formatRs, rupeesToPaise } from '@kade/shared';
import { amountNeedsReason, CASH_REASONS, CASH_TEXT, noteMax, parseRupees, reasonComplete, reasonText, type CashWords } from './cash-entry';
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
  words = CASH_TEXT,
}: {
  id: string;
  legend: string;
  reasons: readonly string[];
  choice: string;
  onChoice: (reason: string) => void;
  note: string;
  onNote: (note: string) => void;
  words?: CashWords;
}) {
  return (
    <fieldset className="cash-form__reasons">
      <legend>{legend}</legend>
      {reasons.map((reason) => (
        <label key={reason} className="cash-form__choice">
          <input type="radio" name={`${id}-reason`} value={reason} checked={choice === reason} onChange={() => onChoice(reason)} />
          <span>{words.reason(reason)}</span>
        </label>
      ))}
      <label className="cash-form__field">
        <span>{choice === 'Other' ? words.noteLabel : words.noteLabelOptional}</span>
        <input type="text" value={note} maxLength={noteMax(reasons)} autoComplete="off" onChange={(event) => onNote(event.target.value)} />
      </label>
    </fieldset>
  );
}

/** A rupee amount typed as text (the decimal keypad on a phone), marked invalid and described by the form's problem when it has one. */
export function RupeesInput({
  id,
  className,
  value,
  onChange,
  invalid,
  problemId,
}: {
  id: string;
  className: string;
  value: string;
  onChange: (text: string) => void;
  invalid: boolean;
  /** The id of the problem's paragraph, while there is one. */
  problemId: string | undefined;
}) {
  return (
    <input
      id={id}
      className={className}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      aria-invalid={invalid}
      aria-describedby={problemId}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** The end of the cash form and of 'Could not deliver': the problem, when there is one, then the submit button and Cancel, both off while `busy`. */
export function FormEnd({
  problem,
  problemId,
  submitLabel,
  submitClassName,
  busy,
  cancelLabel,
  onCancel,
}: {
  problem: string;
  problemId: string;
  submitLabel: string;
  submitClassName: string;
  busy: boolean;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      {problem ? (
        <p id={problemId} className="form-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cash-form__actions">
        <button type="submit" className={`button ${submitClassName}`} disabled={busy} aria-busy={busy}>
          {submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
      </div>
    </>
  );
}

export function CashForm({
  total,
  busy,
  orderRef,
  onSubmit,
  onCancel,
  words = CASH_TEXT,
}: {
  /** The order's total (rupees): the amount starts there. */
  total: number;
  busy: boolean;
  /** The order's number, for the form's name that screen readers read. */
  orderRef: string;
  onSubmit: (cashCollected: number, reason: string | undefined) => void;
  onCancel: () => void;
  /** The words, English (CASH_TEXT) unless the page speaks the reader's language. */
  words?: CashWords;
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
      setProblem(words.amountInvalid);
      document.getElementById(`${id}-amount`)?.focus();
      return;
    }
    if (needsReason && !reasonComplete(choice, note)) {
      setProblem(words.reasonNeeded);
      return;
    }
    setProblem('');
    onSubmit(amount, needsReason ? reasonText(choice, note) : undefined);
  }

  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={words.formLabel(orderRef)}>
      <label className="cash-form__field" htmlFor={`${id}-amount`}>
        <span>{words.amountLabel}</span>
      </label>
      <RupeesInput
        id={`${id}-amount`}
        className="cash-form__amount"
        value={amountText}
        onChange={setAmountText}
        invalid={amount === null}
        problemId={problem ? `${id}-problem` : undefined}
      />
      {needsReason ? (
        <ReasonFields id={id} legend={words.reasonLegend} reasons={CASH_REASONS} choice={choice} onChoice={setChoice} note={note} onNote={setNote} words={words} />
      ) : null}
      <FormEnd
        problem={problem}
        problemId={`${id}-problem`}
        submitLabel={words.deliveredWith(amount === null ? '…' : formatRs(rupeesToPaise(amount)))}
        submitClassName="button--primary cash-form__submit"
        busy={busy}
        cancelLabel={words.cancel}
        onCancel={onCancel}
      />
    </form>
  );
}
