// Time windows of the shop day (SPEC.md section 9, DESIGN.md section 6) and how dates are shown.
// A window is [start, end) in minutes of the local day and may cross midnight ('22:00-06:00').
import type { Language } from './language';

/** The zone of the store; the same +05:30 offset as the spec's Asia/Kolkata. */
export const DEFAULT_TIME_ZONE = 'Asia/Colombo';

/** When the Add button works and orders are taken; outside it the button reads 'Run Out' (22:59 to 06:29). */
export const DEFAULT_SHOP_HOURS = '06:30-22:59';

/** When Vegetable and Meat can be ordered; outside it (21:00 to 05:59) they are greyed out. */
export const DEFAULT_FRESH_HOURS = '06:00-21:00';

/** When product cards show the night flag ('Delivery from 6:30 AM'). */
export const NIGHT_FLAG_WINDOW = '00:45-06:15';

/** Categories that follow the fresh hours. */
export const FRESH_CATEGORIES = ['Vegetable', 'Meat'] as const;

export const MINUTES_PER_DAY = 24 * 60;

export interface TimeWindow {
  /** Minute of the local day the window opens (inclusive), 0..1439. */
  readonly startMinute: number;
  /** Minute of the local day the window closes (exclusive), 0..1439; below startMinute when it crosses midnight. */
  readonly endMinute: number;
  /** The window as written, 'HH:MM-HH:MM'. */
  readonly text: string;
}

const WINDOW_PATTERN = /^(\d{2}):(\d{2})\s*-\s*(\d{2}):(\d{2})$/;

/** A minute of the day as windows are written, 24-hour 'HH:MM'; any whole number of minutes, wrapped into the day. */
function clockText(minute: number): string {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * Reads a window written 'HH:MM-HH:MM' in 24-hour time (e.g. '06:30-22:59'). Throws an Error that says what
 * is wrong when the text is not such a window, an hour is above 23 or a minute above 59, or start equals end.
 */
export function parseTimeWindow(text: string): TimeWindow {
  const trimmed = typeof text === 'string' ? text.trim() : '';
  const match = WINDOW_PATTERN.exec(trimmed);
  const example = 'expected HH:MM-HH:MM in 24-hour time, for example 06:30-22:59';
  if (!match) throw new Error(`Invalid time window "${String(text)}": ${example}`);
  const [, sh, sm, eh, em] = match.map(Number) as [number, number, number, number, number];
  if (sh > 23 || eh > 23 || sm > 59 || em > 59) {
    throw new Error(`Invalid time window "${trimmed}": hours run 00 to 23 and minutes 00 to 59`);
  }
  const startMinute = sh * 60 + sm;
  const endMinute = eh * 60 + em;
  if (startMinute === endMinute) {
    throw new Error(`Invalid time window "${trimmed}": start and end must differ`);
  }
  return { startMinute, endMinute, text: `${clockText(startMinute)}-${clockText(endMinute)}` };
}

/**
 * A window's two ends for a sentence ('The shop takes orders from {{from}} to {{to}}.'): as written, '06:30' and
 * '22:59', the server's English sentences' words, which English keeps so a notice and the server's refusal of
 * the same thing read alike; in Sinhala and Tamil as formatClock writes them.
 */
export function windowEnds(window: string, language: Language = 'en'): { from: string; to: string } {
  const parsed = parseTimeWindow(window);
  if (language !== 'en') return { from: formatClock(parsed.startMinute, language), to: formatClock(parsed.endMinute, language) };
  const [from, to] = parsed.text.split('-') as [string, string];
  return { from, to };
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();

function clockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = clockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, format);
  }
  return format;
}

function toDate(date: Date | string | number): Date {
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) throw new RangeError(`Invalid date "${String(date)}"`);
  return value;
}

/** The minute of the day (0..1439) that a clock in `timeZone` shows at `date`; seconds are ignored. */
export function localMinutes(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): number {
  let hour = 0;
  let minute = 0;
  for (const part of clockFormat(timeZone).formatToParts(toDate(date))) {
    if (part.type === 'hour') hour = Number(part.value) % 24;
    if (part.type === 'minute') minute = Number(part.value);
  }
  return hour * 60 + minute;
}

/**
 * The window from `fromMinutes` to `toMinutes` around the minute `date` shows on the shop's clock, as `HH:MM-HH:MM`
 * (across midnight when it must). Tests and the benchmark open the shop around the present with it: a window can
 * never span the whole day (its end is outside it, and start and end must differ), so a fixed '00:00-23:59' is
 * closed for one minute a day.
 */
export function windowAround(date: Date | string | number, fromMinutes: number, toMinutes: number, timeZone: string = DEFAULT_TIME_ZONE): string {
  const minute = localMinutes(date, timeZone);
  return parseTimeWindow(`${clockText(minute + fromMinutes)}-${clockText(minute + toMinutes)}`).text;
}

/** True when the minute `date` shows in `timeZone` is inside the window [start, end), across midnight too. */
export function isWithinWindow(
  window: TimeWindow | string,
  date: Date | string | number,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  const { startMinute, endMinute } = typeof window === 'string' ? parseTimeWindow(window) : window;
  const minute = localMinutes(date, timeZone);
  return startMinute < endMinute
    ? minute >= startMinute && minute < endMinute
    : minute >= startMinute || minute < endMinute;
}

function clockLabel(minuteOfDay: number): string {
  const hour24 = Math.floor(minuteOfDay / 60);
  const minute = minuteOfDay % 60;
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  const suffix = hour24 < 12 ? 'AM' : 'PM';
  return minute === 0 ? `${hour12} ${suffix}` : `${hour12}:${String(minute).padStart(2, '0')} ${suffix}`;
}

/**
 * A time of the shop's day (minutes after midnight on the shop's clock) as a shopper reads it: English as SPEC.md
 * writes the hours ('6 AM', '6:30 AM'); Sinhala and Tamil as Intl writes a time in si-LK and ta-LK ('06.30',
 * '06:30'), or in digits ('06:30') where the runtime has no data for the language, as formatDateTime does.
 */
export function formatClock(minuteOfDay: number, language: Language = 'en'): string {
  if (language === 'en') return clockLabel(minuteOfDay);
  // a time of day on the shop's clock, not an instant: written in UTC and read back in UTC, it cannot move
  return dateFormat('UTC', language, 'time')(new Date(Date.UTC(2000, 0, 1, 0, minuteOfDay)));
}

/**
 * A window for people: '06:00-21:00' -> '6 AM – 9 PM', '06:30-22:59' -> '6:30 AM – 10:59 PM'; in Sinhala and
 * Tamil each end as formatClock writes it ('06:00 – 21:00').
 */
export function formatWindowLabel(window: TimeWindow | string, language: Language = 'en'): string {
  const { startMinute, endMinute } = typeof window === 'string' ? parseTimeWindow(window) : window;
  return `${formatClock(startMinute, language)} – ${formatClock(endMinute, language)}`;
}

/** The part of the day a time falls in, as a Sinhala or Tamil shopper says it before the time ('උදේ 6.30', 'இரவு 11.00'). */
const DAY_PARTS: ReadonlyArray<readonly [fromHour: number, si: string, ta: string]> = [
  [0, 'පාන්දර', 'அதிகாலை'],
  [4, 'උදේ', 'காலை'],
  [12, 'දවල්', 'மதியம்'],
  [15, 'හවස', 'மாலை'],
  [19, 'රෑ', 'இரவு'],
];

/** A time of the banner: English as the spec writes it ('6.30AM', '11.00PM'); Sinhala and Tamil as the part of the day and the time ('රෑ 11.00'). */
function bannerClock(minuteOfDay: number, language: Language): string {
  const hour24 = Math.floor(minuteOfDay / 60) % 24;
  const minutes = String(minuteOfDay % 60).padStart(2, '0');
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  if (language === 'en') return `${hour12}.${minutes}${hour24 < 12 ? 'AM' : 'PM'}`;
  let part = DAY_PARTS[0] as (typeof DAY_PARTS)[number];
  for (const candidate of DAY_PARTS) if (hour24 >= candidate[0]) part = candidate;
  return `${language === 'si' ? part[1] : part[2]} ${hour12}.${minutes}`;
}

/**
 * The delivery hours of the banner from the shop hours (SHOP_HOURS): the default '06:30-22:59' reads as the spec's
 * '6.30AM - 11.00PM', 'උදේ 6.30 - රෑ 11.00', 'காலை 6.30 - இரவு 11.00'. The window's end is its first closed minute
 * and an end one minute before the hour (22:59, the spec's 'Run Out' minute) reads as that hour, as the spec writes it.
 */
export function formatBannerHours(window: TimeWindow | string, language: Language = 'en'): string {
  const { startMinute, endMinute } = typeof window === 'string' ? parseTimeWindow(window) : window;
  const end = endMinute % 60 === 59 ? (endMinute + 1) % MINUTES_PER_DAY : endMinute;
  return `${bannerClock(startMinute, language)} - ${bannerClock(end, language)}`;
}

/** The label beside fresh categories for the default fresh hours: '(6 AM – 9 PM)'. */
export const FRESH_HOURS_LABEL = `(${formatWindowLabel(DEFAULT_FRESH_HOURS)})`;

/** True for the categories that follow the fresh hours (Vegetable, Meat), ignoring case and spaces. */
export function isFreshCategory(name: string): boolean {
  const key = name.trim().toLowerCase();
  return FRESH_CATEGORIES.some((fresh) => fresh.toLowerCase() === key);
}

/** The Intl locale each of the shop's languages is written in: Sri Lanka's Sinhala and Tamil, English as in India. */
export const INTL_LOCALES: Readonly<Record<Language, string>> = { en: 'en-IN', si: 'si-LK', ta: 'ta-LK' };

const dateFormats = new Map<string, (date: Date) => string>();

/** Non-breaking spaces some engines put before 'pm' become plain spaces, so the text is the same everywhere and prints on a thermal printer. */
const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ');

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * What a clock in `timeZone` shows at an instant, as numbers (hour 0-23), from one formatter per zone made once
 * (a list of orders in Sinhala, or a day report, asks for one per row).
 */
export function wallClock(instant: number, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0, hour: (parts.hour ?? 0) % 24, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

/**
 * A date in digits on the shop's clock, for a language the runtime's Intl has no data for (Chromium's ICU has
 * no Sinhala dates: asked for si-LK it writes American English): '2025-11-22 18:05', or '2025-11-22'. Digits
 * read the same in every language, where the fallback's 'Nov' and 'PM' would not.
 */
export function numericDateTime(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE, withTime = true): string {
  const c = wallClock(toDate(date).getTime(), timeZone);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const day = `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
  return withTime ? `${day} ${pad(c.hour)}:${pad(c.minute)}` : day;
}

/** What a format shows: the date and time, the date alone, or the time alone. */
type Shown = 'dateTime' | 'date' | 'time';

const STYLES: Readonly<Record<Shown, Intl.DateTimeFormatOptions>> = {
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  date: { dateStyle: 'medium' },
  time: { timeStyle: 'short' },
};

function dateFormat(timeZone: string, language: Language, shown: Shown): (date: Date) => string {
  const key = `${timeZone} ${language} ${shown}`;
  let format = dateFormats.get(key);
  if (!format) {
    const locale = INTL_LOCALES[language] ?? INTL_LOCALES.en;
    if (Intl.DateTimeFormat.supportedLocalesOf([locale]).length === 0) {
      format = shown === 'time' ? (date) => numericDateTime(date, timeZone).slice(-5) : (date) => numericDateTime(date, timeZone, shown === 'dateTime');
    } else {
      const intl = new Intl.DateTimeFormat(locale, { timeZone, ...STYLES[shown] });
      format = (date) => plainSpaces(intl.format(date));
    }
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A date and time as shown everywhere, in the shop's zone: '22 Nov 2025, 6:05 pm' (en-IN); a shopper reading
 * Sinhala or Tamil sees it as Intl writes it in si-LK or ta-LK ('2025 ඉල් 22, 18.05', '22 நவ., 2025, 18:05'),
 * or in digits where the runtime has no data for the language (numericDateTime).
 */
export function formatDateTime(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE, language: Language = 'en'): string {
  return dateFormat(timeZone, language, 'dateTime')(toDate(date));
}

/** The date alone, as formatDateTime writes it: '22 May 2025', '2025 වෙසක් 22', '22 மே, 2025'. */
export function formatDate(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE, language: Language = 'en'): string {
  return dateFormat(timeZone, language, 'date')(toDate(date));
}
