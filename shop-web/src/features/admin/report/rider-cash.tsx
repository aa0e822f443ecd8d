// The day report's "Cash per rider" (issue 20): what each rider brought forward from earlier days, collected and
// handed in that day, and still holds at its end, the outstanding marked until it is zero; today's rows take a hand-in (amount prefilled with what is outstanding, a
// note) through POST /api/cash/hand-ins, and inside the counter app each hand-in's slip prints in one tap. A hand-in
// recorded by mistake is voided with a reason (POST /api/cash/hand-ins/void, issue 30): it stays listed, struck
// through with who voided it and why, and the rider owes its amount again.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatRs, maxHandIn, rupeesToPaise, type HandInWire, type RiderCashRow } from '@kade/shared';
import { handInCash, voidHandIn } from './api/report-api';
import { showError } from '../../../lib/show-error';
import { useFormatDateTime } from '../../../lib/shop-clock';
import { parseRupees } from '../../../components/cash-entry';
import { RupeesInput } from '../../../components/cash-form';
import { COUNTER_PRINT_TEXT, counterBridge } from '../print/bridge';

export const RIDER_CASH_TEXT = {
  title: 'Cash per rider',
  none: 'No rider delivered, held or handed in cash on this day.',
  deliveries: 'Deliveries',
  broughtForward: 'Brought forward',
  collected: 'Collected',
  handedIn: 'Handed in',
  outstanding: 'Outstanding',
  settled: 'All handed in',
  flagged: (count: number) => `${count} ${count === 1 ? 'delivery' : 'deliveries'} with a different amount`,
  record: 'Record hand-in',
  amount: 'Amount (Rs.)',
  note: 'Note (optional)',
  recorded: (amount: string, name: string) => `Hand-in of ${amount} from ${name} recorded.`,
  amountInvalid: (max: string) => `Type an amount above Rs.0.00 and at most ${max}.`,
  handIns: 'Hand-ins',
  printSlip: 'Print slip',
  receivedBy: (name: string) => `received by ${name}`,
  pastDay: 'Hand-ins are recorded on today’s report.',
  void: 'Void',
  voidLabel: (amount: string, time: string) => `Void the hand-in of ${amount} received ${time}`,
  voidForm: (amount: string) => `Void the hand-in of ${amount}`,
  voidReason: 'Why void it?',
  voidConfirm: 'Void hand-in',
  voidKeep: 'Keep it',
  voidReasonRequired: 'Say why this hand-in is voided.',
  voided: (name: string, reason: string) => `Voided by ${name}: ${reason}`,
  voidedToast: (amount: string, name: string) => `Hand-in of ${amount} from ${name} voided: the rider owes it again.`,
} as const;

/** The most a void's reason may hold (the server's RIDER_REASON_MAX). */
const REASON_MAX = 300;

const rs = (rupees: number) => formatRs(rupeesToPaise(rupees));

/**
 * What the hand-in and void forms share: the problem shown under the form (its field focused), the save in
 * progress, and the save itself (a refusal from the server is shown by showError).
 */
function useCashForm() {
  const id = useId();
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const problemId = problem ? `${id}-problem` : undefined;
  return {
    id,
    problem,
    saving,
    problemId,
    refuse(text: string, field: string) {
      setProblem(text);
      document.getElementById(`${id}-${field}`)?.focus();
    },
    async save(action: () => Promise<void>) {
      setProblem('');
      setSaving(true);
      try {
        await action();
      } catch (error) {
        showError(error);
      } finally {
        setSaving(false);
      }
    },
    problemLine: problem ? (
      <p id={problemId} className="rider-cash__problem" role="alert">
        {problem}
      </p>
    ) : null,
  };
}

function HandInForm({ row, onRecorded }: { row: RiderCashRow; onRecorded: (row: RiderCashRow) => void }) {
  const [amountText, setAmountText] = useState(row.outstanding > 0 ? String(row.outstanding) : '');
  const [note, setNote] = useState('');
  const form = useCashForm();
  const largest = maxHandIn(rupeesToPaise(row.outstanding));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const amount = parseRupees(amountText);
    if (amount === null || amount <= 0 || amount > largest) {
      form.refuse(RIDER_CASH_TEXT.amountInvalid(rs(largest)), 'amount');
      return;
    }
    await form.save(async () => {
      const answer = await handInCash({ riderId: row.riderId, amount, ...(note.trim() ? { note: note.trim() } : {}) });
      toast.success(RIDER_CASH_TEXT.recorded(rs(amount), row.name));
      setNote('');
      setAmountText(answer.data.outstanding > 0 ? String(answer.data.outstanding) : '');
      onRecorded(answer.data);
    });
  }

  return (
    <form className="rider-cash__form" onSubmit={(event) => void submit(event)} noValidate aria-label={`${RIDER_CASH_TEXT.record}: ${row.name}`}>
      <label className="report-day">
        <span>{RIDER_CASH_TEXT.amount}</span>
        <RupeesInput
          id={`${form.id}-amount`}
          className="rider-cash__amount"
          value={amountText}
          onChange={setAmountText}
          invalid={form.problem !== ''}
          problemId={form.problemId}
        />
      </label>
      <label className="report-day">
        <span>{RIDER_CASH_TEXT.note}</span>
        <input type="text" value={note} maxLength={300} autoComplete="off" onChange={(event) => setNote(event.target.value)} />
      </label>
      <button type="submit" className="button button--primary" disabled={form.saving} aria-busy={form.saving}>
        {RIDER_CASH_TEXT.record}
      </button>
      {form.problemLine}
    </form>
  );
}

function PrintSlip({ day, row, handInId }: { day: string; row: RiderCashRow; handInId: string }) {
  const bridge = counterBridge();
  const [printing, setPrinting] = useState(false);
  if (!bridge?.printHandInSlip) return null;
  const print = async () => {
    setPrinting(true);
    try {
      const answer = await bridge.printHandInSlip!({ day, riderId: row.riderId, handInId });
      if (!answer.ok) toast.error(answer.error);
      else {
        const status = await bridge.printerStatus();
        if (status.ok && status.data.state !== 'connected') toast.error(COUNTER_PRINT_TEXT.printerAway);
        else toast.success(COUNTER_PRINT_TEXT.handInSlipSent);
      }
    } catch (error) {
      showError(error);
    } finally {
      setPrinting(false);
    }
  };
  return (
    <button type="button" className="button print-btn" onClick={() => void print()} disabled={printing} aria-busy={printing}>
      {RIDER_CASH_TEXT.printSlip}
    </button>
  );
}

/** 'Void' beside a hand-in: asks why, then voids it; the answer is the rider's row of that day, shown at once. */
function VoidHandIn({ row, handIn, when, onVoided }: { row: RiderCashRow; handIn: HandInWire; when: string; onVoided: (row: RiderCashRow) => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const form = useCashForm();
  const amount = rs(handIn.amount);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const why = reason.trim();
    if (!why) {
      form.refuse(RIDER_CASH_TEXT.voidReasonRequired, 'reason');
      return;
    }
    await form.save(async () => {
      const answer = await voidHandIn({ handInId: handIn.id, reason: why });
      toast.success(RIDER_CASH_TEXT.voidedToast(amount, row.name));
      setOpen(false);
      onVoided(answer.data);
    });
  }

  if (!open) {
    return (
      <button type="button" className="button button--small rider-cash__void" aria-label={RIDER_CASH_TEXT.voidLabel(amount, when)} onClick={() => setOpen(true)}>
        {RIDER_CASH_TEXT.void}
      </button>
    );
  }
  return (
    <form className="rider-cash__void-form" onSubmit={(event) => void submit(event)} noValidate aria-label={RIDER_CASH_TEXT.voidForm(amount)}>
      <label className="report-day">
        <span>{RIDER_CASH_TEXT.voidReason}</span>
        <input
          id={`${form.id}-reason`}
          type="text"
          value={reason}
          maxLength={REASON_MAX}
          autoComplete="off"
          required
          autoFocus
          aria-invalid={form.problem !== ''}
          aria-describedby={form.problemId}
          onChange={(event) => setReason(event.target.value)}
        />
      </label>
      <button type="submit" className="button button--danger" disabled={form.saving} aria-busy={form.saving}>
        {RIDER_CASH_TEXT.voidConfirm}
      </button>
      <button type="button" className="button" disabled={form.saving} onClick={() => setOpen(false)}>
        {RIDER_CASH_TEXT.voidKeep}
      </button>
      {form.problemLine}
    </form>
  );
}

function RiderCard({ row, day, today, onRecorded }: { row: RiderCashRow; day: string; today: boolean; onRecorded: (row: RiderCashRow) => void }) {
  const format = useFormatDateTime();
  const headingId = useId();
  const owes = row.outstanding !== 0;
  return (
    <article className={owes ? 'rider-cash rider-cash--owes' : 'rider-cash'} aria-labelledby={headingId} data-testid="rider-cash">
      <h3 id={headingId}>{row.name}</h3>
      <dl className="rider-cash__figures">
        <div>
          <dt>{RIDER_CASH_TEXT.deliveries}</dt>
          <dd>{row.deliveries}</dd>
        </div>
        <div>
          <dt>{RIDER_CASH_TEXT.broughtForward}</dt>
          <dd>{rs(row.broughtForward)}</dd>
        </div>
        <div>
          <dt>{RIDER_CASH_TEXT.collected}</dt>
          <dd>{rs(row.collected)}</dd>
        </div>
        <div>
          <dt>{RIDER_CASH_TEXT.handedIn}</dt>
          <dd>{rs(row.handedIn)}</dd>
        </div>
        <div className="rider-cash__outstanding">
          <dt>{RIDER_CASH_TEXT.outstanding}</dt>
          <dd>{owes ? rs(row.outstanding) : RIDER_CASH_TEXT.settled}</dd>
        </div>
      </dl>
      {row.flagged > 0 ? <p className="rider-cash__flag">{RIDER_CASH_TEXT.flagged(row.flagged)}</p> : null}
      {row.handIns.length > 0 ? (
        <>
          <h4 className="rider-cash__subtitle">{RIDER_CASH_TEXT.handIns}</h4>
          <ul className="rider-cash__handins">
            {row.handIns.map((handIn) => {
              const what = (
                <>
                  <strong>{rs(handIn.amount)}</strong> <time dateTime={handIn.receivedAt}>{format(handIn.receivedAt)}</time>, {RIDER_CASH_TEXT.receivedBy(handIn.receivedBy)}
                  {handIn.note ? ` · ${handIn.note}` : ''}
                </>
              );
              return handIn.voided ? (
                <li key={handIn.id} className="rider-cash__handin--voided">
                  <s>{what}</s>
                  <span className="rider-cash__voided">{RIDER_CASH_TEXT.voided(handIn.voided.by, handIn.voided.reason)}</span>
                </li>
              ) : (
                <li key={handIn.id}>
                  <span>{what}</span>
                  <span className="rider-cash__handin-actions">
                    <PrintSlip day={day} row={row} handInId={handIn.id} />
                    <VoidHandIn row={row} handIn={handIn} when={format(handIn.receivedAt)} onVoided={onRecorded} />
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {today ? <HandInForm key={`${row.handIns.length}:${row.outstanding}`} row={row} onRecorded={onRecorded} /> : null}
    </article>
  );
}

export function RiderCash({ rows, day, today, onRecorded }: { rows: readonly RiderCashRow[]; day: string; today: boolean; onRecorded: (row: RiderCashRow) => void }) {
  return (
    <section className="report-section" aria-labelledby="report-riders">
      <h2 id="report-riders">{RIDER_CASH_TEXT.title}</h2>
      {rows.length === 0 ? (
        <p className="report-none">{RIDER_CASH_TEXT.none}</p>
      ) : (
        <div className="rider-cash__list">
          {!today ? <p className="report-none">{RIDER_CASH_TEXT.pastDay}</p> : null}
          {rows.map((row) => (
            <RiderCard key={row.riderId} row={row} day={day} today={today} onRecorded={onRecorded} />
          ))}
        </div>
      )}
    </section>
  );
}
