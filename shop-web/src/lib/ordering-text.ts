// The words the screens show for the ordering state (issue 19), from the server's state and the shared texts:
// the shop's notice and the checkout ("We are not taking orders right now"), each delivery option's line, and the
// staff's pause. Times are in the shop's zone (formatDateTime). The shopper's screens pass `shopper` (i18next's t
// and the language) and get them in the shopper's language, from each reason's stable code, with times as that
// language writes them; without it they are the English of ORDERING_TEXT (the staff's screens).
import type { TFunction } from 'i18next';
import { formatDateTime, ORDERING_TEXT, windowEnds, type Language, type OptionOrdering, type OrderingState, type PauseState } from '@kade/shared';

/** A translator (i18next's t): a catalogue key and its values to the words in the shopper's language. */
export type Say = TFunction;

/** How a shopper's screen says things: in their language, through the catalogue. */
export interface ShopperWords {
  say: Say;
  language: Language;
}

export interface ClosedNotice {
  title: string;
  /** Why, in the server's words (or the shopper's language). */
  message: string;
  /** 'Expected back at …' when the server knows when, else null. */
  until: string | null;
}

/** What the shop shows while it takes no orders; null while it does (or while the state is unknown). */
export function closedNotice(state: OrderingState | null, timeZone: string, shopper?: ShopperWords & { shopHours?: string }): ClosedNotice | null {
  if (!state || state.open) return null;
  const until = state.reason?.until;
  if (!shopper) {
    const when = until ? formatDateTime(until, timeZone) : null;
    return { title: ORDERING_TEXT.notTaking, message: state.reason?.message ?? '', until: when ? ORDERING_TEXT.until(when) : null };
  }
  const { say, language, shopHours } = shopper;
  const when = until ? formatDateTime(until, timeZone, language) : null;
  const code = state.reason?.code;
  const message = !code ? '' : code === 'SHOP_CLOSED' && shopHours ? say('ordering.SHOP_CLOSED', windowEnds(shopHours, language)) : code === 'SHOP_CLOSED' ? (state.reason?.message ?? '') : say(`ordering.${code}`);
  return { title: say('ordering.notTaking'), message, until: when ? say('ordering.until', { time: when }) : null };
}

/**
 * Why a delivery option cannot be chosen, with what to try instead: 'Full now. Try 50 Minutes to 1 Hour instead.',
 * 'Paused while the shop is busy until 22 Nov 2025, 6:05 pm. Try …'. `optionName` names an option in the
 * shopper's language (the label is the English one the server knows).
 */
export function optionNotice(option: OptionOrdering | undefined, timeZone: string, shopper?: ShopperWords & { optionName?: (label: string) => string }): string | null {
  if (!option || option.available) return null;
  const until = option.reason?.until;
  if (!shopper) {
    const when = until ? formatDateTime(until, timeZone) : null;
    const why = option.reason?.message ?? ORDERING_TEXT.optionFull;
    const sentence = when ? `${why} until ${when}.` : `${why}.`;
    return option.suggestion ? `${sentence} ${ORDERING_TEXT.tryInstead(option.suggestion)}` : sentence;
  }
  const { say, language, optionName = (label: string) => label } = shopper;
  const when = until ? formatDateTime(until, timeZone, language) : null;
  const why = say(`ordering.${option.reason?.code ?? 'OPTION_FULL'}`);
  const sentence = when ? say('ordering.optionUntil', { why, time: when }) : say('ordering.optionNow', { why });
  return option.suggestion ? `${sentence} ${say('ordering.tryInstead', { option: optionName(option.suggestion) })}` : sentence;
}

/** The staff's view of a pause: 'All ordering paused until 22 Nov 2025, 6:05 pm', 'by Asha'. */
export function pauseText(pause: PauseState, fastestLabel: string, timeZone: string): string {
  const what = pause.scope === 'all' ? 'All ordering paused' : `${fastestLabel} paused`;
  const when = pause.until ? `until ${formatDateTime(pause.until, timeZone)}` : 'until resumed';
  return `${what} ${when}`;
}
