// Time windows of the shop day (SPEC.md section 9, DESIGN.md section 6) and how dates are shown.
// A window is [start, end) in minutes of the local day and may cross midnight ('22:00-06:00').

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
  const pad = (n: number): string => String(n).padStart(2, '0');
  return { startMinute, endMinute, text: `${pad(sh)}:${pad(sm)}-${pad(eh)}:${pad(em)}` };
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

/** A window for people: '06:00-21:00' -> '6 AM – 9 PM', '06:30-22:59' -> '6:30 AM – 10:59 PM'. */
export function formatWindowLabel(window: TimeWindow | string): string {
  const { startMinute, endMinute } = typeof window === 'string' ? parseTimeWindow(window) : window;
  return `${clockLabel(startMinute)} – ${clockLabel(endMinute)}`;
}

/** The label beside fresh categories for the default fresh hours: '(6 AM – 9 PM)'. */
export const FRESH_HOURS_LABEL = `(${formatWindowLabel(DEFAULT_FRESH_HOURS)})`;

/** True for the categories that follow the fresh hours (Vegetable, Meat), ignoring case and spaces. */
export function isFreshCategory(name: string): boolean {
  const key = name.trim().toLowerCase();
  return FRESH_CATEGORIES.some((fresh) => fresh.toLowerCase() === key);
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date and time as shown everywhere (en-IN, in the shop's zone): '22 Nov 2025, 6:05 pm'. Non-breaking
 * spaces some engines put before 'pm' become plain spaces, so the text is the same everywhere and prints
 * on a thermal printer.
 */
export function formatDateTime(date: Date | string | number, timeZone: string = DEFAULT_TIME_ZONE): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-IN', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(toDate(date)).replace(/[\u00a0\u202f]/g, ' ');
}
