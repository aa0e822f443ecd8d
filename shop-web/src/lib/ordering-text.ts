// The words the screens show for the ordering state (issue 19), from the server's state and the shared texts:
// the shop's notice and the checkout ("We are not taking orders right now"), each delivery option's line, and the
// staff's pause. Times are in the shop's zone (formatDateTime).
import { formatDateTime, ORDERING_TEXT, type OptionOrdering, type OrderingState, type PauseState } from '@kade/shared';

export interface ClosedNotice {
  title: string;
  /** Why, in the server's words. */
  message: string;
  /** 'Expected back at …' when the server knows when, else null. */
  until: string | null;
}

/** What the shop shows while it takes no orders; null while it does (or while the state is unknown). */
export function closedNotice(state: OrderingState | null, timeZone: string): ClosedNotice | null {
  if (!state || state.open) return null;
  const until = state.reason?.until ? ORDERING_TEXT.until(formatDateTime(state.reason.until, timeZone)) : null;
  return { title: ORDERING_TEXT.notTaking, message: state.reason?.message ?? '', until };
}

/**
 * Why a delivery option cannot be chosen, with what to try instead: 'Full now. Try 50 Minutes to 1 Hour instead.',
 * 'Paused while the shop is busy until 22 Nov 2025, 6:05 pm. Try …'.
 */
export function optionNotice(option: OptionOrdering | undefined, timeZone: string): string | null {
  if (!option || option.available) return null;
  const why = option.reason?.message ?? ORDERING_TEXT.optionFull;
  const sentence = option.reason?.until ? `${why} until ${formatDateTime(option.reason.until, timeZone)}.` : `${why}.`;
  return option.suggestion ? `${sentence} ${ORDERING_TEXT.tryInstead(option.suggestion)}` : sentence;
}

/** The staff's view of a pause: 'All ordering paused until 22 Nov 2025, 6:05 pm', 'by Asha'. */
export function pauseText(pause: PauseState, fastestLabel: string, timeZone: string): string {
  const what = pause.scope === 'all' ? 'All ordering paused' : `${fastestLabel} paused`;
  const when = pause.until ? `until ${formatDateTime(pause.until, timeZone)}` : 'until resumed';
  return `${what} ${when}`;
}
