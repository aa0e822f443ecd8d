// The words and small rules of recording cash at the door, shared by the rider's page and the dashboard's
// 'Delivered' step (issue 20): the reasons offered when the amount differs from the total, the reasons a delivery
// fails, reading an amount typed in rupees, and the form's words (English here; the rider's page says them in the
// rider's language).
import { cashNeedsReason, RIDER_REASON_MAX, rupeesToPaise } from '@kade/shared';

/** Why the cash collected differs from the order's total. 'Other' asks for a note. */
export const CASH_REASONS = ['Short change', 'Refused item', 'Other'] as const;
export type CashReason = (typeof CASH_REASONS)[number];

/** Why an order could not be delivered. 'Other' asks for a note. */
export const RETURN_REASONS = ['Customer not at home', 'Could not find the address', 'Customer refused the order', 'Other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * The longest note that still fits the server's reason (RIDER_REASON_MAX) once the longest choice and ': ' go
 * before it (reasonText).
 */
export function noteMax(reasons: readonly string[]): number {
  return RIDER_REASON_MAX - Math.max(0, ...reasons.map((reason) => reason.length)) - 2;
}

/** The reason as it is sent: the choice, and the note after it when one was typed ('Other: no change'). */
export function reasonText(choice: string, note: string): string {
  const extra = note.trim();
  if (!choice) return extra;
  return extra ? `${choice}: ${extra}` : choice;
}

/** True when a reason is complete: a choice other than 'Other', or 'Other' with a note. */
export function reasonComplete(choice: string, note: string): boolean {
  if (!choice) return false;
  return choice !== 'Other' || note.trim() !== '';
}

/**
 * An amount typed in rupees ('1250', '1,250.50', ' 99.5 '), or null when it is not one: empty, negative, more
 * than two decimals, or not a number.
 */
export function parseRupees(text: string): number | null {
  const cleaned = text.replace(/,/g, '').trim();
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** Whether an amount collected (rupees) against a total (rupees) needs a reason: the shared rule, in paise. */
export function amountNeedsReason(collected: number, total: number): boolean {
  return cashNeedsReason(rupeesToPaise(collected), rupeesToPaise(total));
}

/**
 * The words of the cash form and the reason fields. The dashboard shows CASH_TEXT (English, as the staff's screens
 * are); the rider's page passes the same words from the language catalogue (`rider.cash.*`, `rider.reasons.*`).
 * The reasons are always sent in English (the staff read them); `reason` only says a choice in the reader's words.
 */
export interface CashWords {
  deliveredWith(amount: string): string;
  otherAmount: string;
  amountLabel: string;
  amountInvalid: string;
  reasonLegend: string;
  reasonNeeded: string;
  noteLabel: string;
  noteLabelOptional: string;
  /** The form's name for screen readers: 'Cash collected for order 1234'. */
  formLabel(orderRef: string): string;
  /** A reason of CASH_REASONS or RETURN_REASONS as shown beside its radio button. */
  reason(reason: string): string;
  cancel: string;
}

export const CASH_TEXT: CashWords = {
  deliveredWith: (amount) => `Delivered, cash collected ${amount}`,
  otherAmount: 'Other amount',
  amountLabel: 'Cash collected (Rs.)',
  amountInvalid: 'Type the amount in rupees, for example 1250 or 1250.50.',
  reasonLegend: 'Why is it a different amount?',
  reasonNeeded: 'Choose a reason (and say what happened for Other).',
  noteLabel: 'What happened',
  noteLabelOptional: 'What happened (optional)',
  formLabel: (orderRef) => `Cash collected for order ${orderRef}`,
  reason: (reason) => reason,
  cancel: 'Cancel',
};

/**
 * A reason as it was sent ('Short change: no change for a 5000 note') in the reader's words: the choice at its start
 * said by `label`, the note after it as typed. Anything else is shown as it is.
 */
export function localReason(sent: string, label: (reason: string) => string): string {
  const choice = [...CASH_REASONS, ...RETURN_REASONS].find((reason) => sent === reason || sent.startsWith(`${reason}: `));
  return choice ? `${label(choice)}${sent.slice(choice.length)}` : sent;
}
