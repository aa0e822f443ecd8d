import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  windowAround,
  DEFAULT_FRESH_HOURS,
  DEFAULT_SHOP_HOURS,
  DEFAULT_TIME_ZONE,
  FRESH_CATEGORIES,
  FRESH_HOURS_LABEL,
  NIGHT_FLAG_WINDOW,
  formatClock,
  formatDate,
  formatDateTime,
  numericDateTime,
  windowEnds,
  formatWindowLabel,
  formatBannerHours,
  isFreshCategory,
  isWithinWindow,
  localMinutes,
  parseTimeWindow,
} from './hours';

/** A UTC instant for the wall-clock time hh:mm in Colombo (+05:30) on 2025-11-22. */
function colombo(hhmm: string): Date {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return new Date(Date.UTC(2025, 10, 22, h, m) - (5 * 60 + 30) * 60_000);
}

describe('constants', () => {
  it('match the spec', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Asia/Colombo');
    expect(DEFAULT_SHOP_HOURS).toBe('06:30-22:59');
    expect(DEFAULT_FRESH_HOURS).toBe('06:00-21:00');
    expect(NIGHT_FLAG_WINDOW).toBe('00:45-06:15');
    expect(FRESH_CATEGORIES).toEqual(['Vegetable', 'Meat']);
    expect(FRESH_HOURS_LABEL).toBe('(6 AM – 9 PM)');
  });
});

describe('parseTimeWindow', () => {
  it.each([
    ['06:30-22:59', 390, 1379, '06:30-22:59'],
    ['06:00-21:00', 360, 1260, '06:00-21:00'],
    ['00:45-06:15', 45, 375, '00:45-06:15'],
    ['22:00-06:00', 1320, 360, '22:00-06:00'],
    ['00:00-23:59', 0, 1439, '00:00-23:59'],
    [' 06:30 - 22:59 ', 390, 1379, '06:30-22:59'],
  ])('%j -> %s..%s', (text, start, end, normal) => {
    expect(parseTimeWindow(text)).toEqual({ startMinute: start, endMinute: end, text: normal });
  });

  it.each([
    ['', /expected HH:MM-HH:MM/],
    ['6:30-22:59', /expected HH:MM-HH:MM/],
    ['06:30', /expected HH:MM-HH:MM/],
    ['06:30-22:59-23:00', /expected HH:MM-HH:MM/],
    ['06.30-22.59', /expected HH:MM-HH:MM/],
    ['24:00-06:00', /hours run 00 to 23/],
    ['06:60-07:00', /minutes 00 to 59/],
    ['10:00-10:00', /start and end must differ/],
  ])('refuses %j', (text, message) => {
    expect(() => parseTimeWindow(text)).toThrow(message);
  });

  it('quotes the bad text in the error', () => {
    expect(() => parseTimeWindow('nine to five')).toThrow('Invalid time window "nine to five"');
  });
});

describe('localMinutes', () => {
  it.each([
    ['2025-11-22T00:00:00Z', 'Asia/Colombo', 330],
    ['2025-11-21T18:30:00Z', 'Asia/Colombo', 0], // local midnight
    ['2025-11-21T18:29:59Z', 'Asia/Colombo', 1439],
    ['2025-11-22T17:29:00Z', 'Asia/Colombo', 1379], // 22:59
    ['2025-11-22T17:29:00Z', 'UTC', 1049],
    ['2025-11-22T17:29:00Z', 'Asia/Kolkata', 1379],
  ])('%s in %s -> %s', (iso, zone, minute) => {
    expect(localMinutes(new Date(iso), zone)).toBe(minute);
  });

  it('defaults to Asia/Colombo and accepts ISO text and epoch numbers', () => {
    expect(localMinutes('2025-11-22T00:00:00Z')).toBe(330);
    expect(localMinutes(0)).toBe(330);
  });

  it('refuses an invalid date', () => {
    expect(() => localMinutes('not a date')).toThrow(RangeError);
  });
});

describe('isWithinWindow', () => {
  it.each([
    // shop hours: Add works 06:30..22:58, 'Run Out' 22:59..06:29
    [DEFAULT_SHOP_HOURS, '06:29', false],
    [DEFAULT_SHOP_HOURS, '06:30', true],
    [DEFAULT_SHOP_HOURS, '12:00', true],
    [DEFAULT_SHOP_HOURS, '22:58', true],
    [DEFAULT_SHOP_HOURS, '22:59', false],
    [DEFAULT_SHOP_HOURS, '00:00', false],
    // fresh hours: 06:00..20:59, greyed 21:00..05:59
    [DEFAULT_FRESH_HOURS, '05:59', false],
    [DEFAULT_FRESH_HOURS, '06:00', true],
    [DEFAULT_FRESH_HOURS, '20:59', true],
    [DEFAULT_FRESH_HOURS, '21:00', false],
    // night flag 00:45..06:14
    [NIGHT_FLAG_WINDOW, '00:44', false],
    [NIGHT_FLAG_WINDOW, '00:45', true],
    [NIGHT_FLAG_WINDOW, '06:14', true],
    [NIGHT_FLAG_WINDOW, '06:15', false],
    // a window across midnight
    ['22:00-06:00', '21:59', false],
    ['22:00-06:00', '22:00', true],
    ['22:00-06:00', '23:59', true],
    ['22:00-06:00', '00:00', true],
    ['22:00-06:00', '05:59', true],
    ['22:00-06:00', '06:00', false],
  ])('%s at %s Colombo: %s', (window, hhmm, inside) => {
    expect(isWithinWindow(window, colombo(hhmm), 'Asia/Colombo')).toBe(inside);
    expect(isWithinWindow(parseTimeWindow(window), colombo(hhmm))).toBe(inside);
  });

  it('ignores seconds: 22:58:59 is still open', () => {
    expect(isWithinWindow(DEFAULT_SHOP_HOURS, new Date(colombo('22:58').getTime() + 59_000))).toBe(true);
  });

  it('reads the clock of the given zone, not UTC', () => {
    // 01:00 UTC is 06:30 in Colombo (open) but 01:00 in UTC (closed).
    const instant = new Date('2025-11-22T01:00:00Z');
    expect(isWithinWindow(DEFAULT_SHOP_HOURS, instant, 'Asia/Colombo')).toBe(true);
    expect(isWithinWindow(DEFAULT_SHOP_HOURS, instant, 'UTC')).toBe(false);
  });
});

describe('labels and names', () => {
  it.each([
    ['06:00-21:00', '6 AM – 9 PM'],
    ['06:30-22:59', '6:30 AM – 10:59 PM'],
    ['00:45-06:15', '12:45 AM – 6:15 AM'],
    ['12:00-00:00', '12 PM – 12 AM'],
  ])('formatWindowLabel(%s) -> %s', (window, label) => {
    expect(formatWindowLabel(window)).toBe(label);
  });

  it.each([
    ['Vegetable', true],
    ['Meat', true],
    [' meat ', true],
    ['VEGETABLE', true],
    ['Vegetables', false],
    ['Fruit', false],
    ['', false],
  ])('isFreshCategory(%j) -> %s', (name, fresh) => {
    expect(isFreshCategory(name)).toBe(fresh);
  });
});

describe('formatDateTime', () => {
  it.each([
    ['2025-11-22T12:35:00Z', 'Asia/Colombo', '22 Nov 2025, 6:05 pm'],
    ['2025-11-21T18:30:00Z', 'Asia/Colombo', '22 Nov 2025, 12:00 am'],
    ['2025-11-21T18:29:00Z', 'Asia/Colombo', '21 Nov 2025, 11:59 pm'],
    ['2025-11-22T12:35:00Z', 'UTC', '22 Nov 2025, 12:35 pm'],
  ])('%s in %s -> %s', (iso, zone, text) => {
    expect(formatDateTime(iso, zone)).toBe(text);
  });

  it('defaults to Colombo and uses plain spaces only', () => {
    const text = formatDateTime(new Date('2025-05-22T03:00:00Z'));
    expect(text).toBe('22 May 2025, 8:30 am');
    expect(text).not.toMatch(/[\u00a0\u202f]/);
  });

  it("writes Sinhala and Tamil as Intl does for Sri Lanka (si-LK, ta-LK), on the shop's clock", () => {
    const when = '2025-11-22T12:35:00Z';
    expect(formatDateTime(when, 'Asia/Colombo', 'en')).toBe('22 Nov 2025, 6:05 pm');
    const sinhala = formatDateTime(when, 'Asia/Colombo', 'si');
    const tamil = formatDateTime(when, 'Asia/Colombo', 'ta');
    expect(sinhala).toBe(new Intl.DateTimeFormat('si-LK', { timeZone: 'Asia/Colombo', dateStyle: 'medium', timeStyle: 'short' }).format(new Date(when)).replace(/[\u00a0\u202f]/g, ' '));
    // the month in the script, the day, the year and the shop's 18:05, not English
    expect(sinhala).toMatch(/[\u0D80-\u0DFF]/u);
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/u);
    for (const text of [sinhala, tamil]) {
      expect(text).toMatch(/22/);
      expect(text).toMatch(/2025/);
      expect(text).toMatch(/18[.:]05/);
      expect(text).not.toMatch(/Nov|pm/);
    }
  });
});

describe('formatDate', () => {
  it('is the date alone, in each language', () => {
    expect(formatDate('2025-05-22T00:00:00+05:30', 'Asia/Colombo')).toBe('22 May 2025');
    expect(formatDate('2025-05-21T20:00:00Z', 'Asia/Colombo')).toBe('22 May 2025');
    const tamil = formatDate('2025-05-22T00:00:00+05:30', 'Asia/Colombo', 'ta');
    expect(tamil).toMatch(/[\u0B80-\u0BFF]/u);
    expect(tamil).not.toMatch(/:/);
  });
});

describe('numericDateTime (a language the runtime has no dates for)', () => {
  it("writes the shop's clock in digits alone", () => {
    expect(numericDateTime('2025-11-22T12:35:00Z', 'Asia/Colombo')).toBe('2025-11-22 18:05');
    expect(numericDateTime('2025-11-21T18:29:00Z', 'Asia/Colombo')).toBe('2025-11-21 23:59');
    expect(numericDateTime('2025-11-21T18:30:00Z', 'Asia/Colombo', false)).toBe('2025-11-22');
  });
});

describe('windowEnds', () => {
  it("gives a window's two ends as written, in English as the server's sentences say them", () => {
    expect(windowEnds('06:30-22:59')).toEqual({ from: '06:30', to: '22:59' });
    expect(windowEnds(' 22:00 - 06:00 ')).toEqual({ from: '22:00', to: '06:00' });
    expect(windowEnds('06:30-22:59', 'en')).toEqual({ from: '06:30', to: '22:59' });
  });

  it('gives them in Sinhala and Tamil as formatClock writes them', () => {
    expect(windowEnds('06:30-22:59', 'ta')).toEqual({ from: '06:30', to: '22:59' });
    expect(windowEnds('06:30-22:59', 'si')).toEqual({ from: formatClock(390, 'si'), to: formatClock(22 * 60 + 59, 'si') });
    expect(windowEnds('06:30-22:59', 'si').from).toBe(sinhalaIntl(6, 30));
  });
});

/** A time of day as Intl writes it in si-LK (Node's ICU has Sinhala; Chromium's has not). */
function sinhalaIntl(hour: number, minute: number): string {
  const intl = new Intl.DateTimeFormat('si-LK', { timeZone: 'UTC', timeStyle: 'short' });
  return intl.format(new Date(Date.UTC(2000, 0, 1, hour, minute))).replace(/[\u00a0\u202f]/g, ' ');
}

describe("formatClock and formatWindowLabel in the shopper's language (the hours labels)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("writes English as SPEC.md does, AM and PM", () => {
    expect(formatClock(6 * 60)).toBe('6 AM');
    expect(formatClock(6 * 60 + 30, 'en')).toBe('6:30 AM');
    expect(formatClock(22 * 60 + 59, 'en')).toBe('10:59 PM');
    expect(formatWindowLabel(DEFAULT_FRESH_HOURS, 'en')).toBe('6 AM – 9 PM');
  });

  it('writes Sinhala and Tamil as Intl writes a time there, never with English AM or PM', () => {
    expect(formatClock(6 * 60 + 30, 'ta')).toBe('06:30');
    expect(formatClock(21 * 60, 'ta')).toBe('21:00');
    expect(formatWindowLabel('06:00-21:00', 'ta')).toBe('06:00 – 21:00');
    expect(formatClock(6 * 60 + 30, 'si')).toBe(sinhalaIntl(6, 30));
    expect(formatWindowLabel('06:00-21:00', 'si')).toBe(`${sinhalaIntl(6, 0)} – ${sinhalaIntl(21, 0)}`);
    for (const language of ['si', 'ta'] as const) {
      for (const window of ['06:00-21:00', '06:30-22:59', '00:45-06:15', '12:00-00:00']) {
        const label = formatWindowLabel(window, language);
        expect(label).not.toMatch(/AM|PM|am|pm/);
        expect(label).toMatch(/^\d{1,2}[.:]\d\d – \d{1,2}[.:]\d\d$/);
      }
    }
    // a time of day is not an instant: the same whatever zone the runtime is in
    expect(formatWindowLabel('00:45-23:15', 'ta')).toBe('00:45 – 23:15');
  });

  it('writes digits where the runtime has no time data for the language, as the dates do', async () => {
    const supported = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales) => supported(locales).filter((locale) => locale !== 'si-LK'));
    vi.resetModules();
    const fresh = await import('./hours');
    expect(fresh.formatClock(6 * 60 + 30, 'si')).toBe('06:30');
    expect(fresh.formatWindowLabel('06:00-21:00', 'si')).toBe('06:00 – 21:00');
    expect(fresh.windowEnds('06:30-22:59', 'si')).toEqual({ from: '06:30', to: '22:59' });
    expect(fresh.formatDateTime('2025-11-22T12:35:00Z', 'Asia/Colombo', 'si')).toBe('2025-11-22 18:05');
  });
});

describe('windowAround', () => {
  // 2025-11-21T18:29:30Z is 23:59:30 in Colombo: the one minute '00:00-23:59' leaves the shop closed
  const lastMinute = '2025-11-21T18:29:30Z';

  it('writes a window around the present minute on the shop\'s clock, across midnight when it must', () => {
    expect(windowAround(lastMinute, -60, 600)).toBe('22:59-09:59');
    expect(windowAround('2025-11-21T04:30:00Z', -60, 600)).toBe('09:00-20:00');
  });

  it('holds the present minute, where the fixed all-day window does not', () => {
    expect(isWithinWindow('00:00-23:59', lastMinute)).toBe(false);
    expect(isWithinWindow(windowAround(lastMinute, -60, 600), lastMinute)).toBe(true);
    expect(isWithinWindow(windowAround(lastMinute, -60, 600), Date.parse(lastMinute) + 599 * 60_000)).toBe(true);
  });

  it('refuses a window that would end where it starts', () => {
    expect(() => windowAround(lastMinute, 0, 1440)).toThrow(/start and end must differ/);
  });
});

describe("the banner's delivery hours (SHOP_HOURS)", () => {
  it("reads the default hours as the spec's '6.30AM - 11.00PM', and in Sinhala and Tamil by the part of the day", () => {
    expect(formatBannerHours(DEFAULT_SHOP_HOURS)).toBe('6.30AM - 11.00PM');
    expect(formatBannerHours(DEFAULT_SHOP_HOURS, 'si')).toBe('උදේ 6.30 - රෑ 11.00');
    expect(formatBannerHours(DEFAULT_SHOP_HOURS, 'ta')).toBe('காலை 6.30 - இரவு 11.00');
  });

  it.each([
    ['07:00-21:30', '7.00AM - 9.30PM', 'උදේ 7.00 - රෑ 9.30', 'காலை 7.00 - இரவு 9.30'],
    ['12:15-16:00', '12.15PM - 4.00PM', 'දවල් 12.15 - හවස 4.00', 'மதியம் 12.15 - மாலை 4.00'],
    ['22:00-02:59', '10.00PM - 3.00AM', 'රෑ 10.00 - පාන්දර 3.00', 'இரவு 10.00 - அதிகாலை 3.00'],
    ['05:00-23:59', '5.00AM - 12.00AM', 'උදේ 5.00 - පාන්දර 12.00', 'காலை 5.00 - அதிகாலை 12.00'],
  ])('%s reads %s, %s, %s', (window, en, si, ta) => {
    expect([formatBannerHours(window, 'en'), formatBannerHours(window, 'si'), formatBannerHours(window, 'ta')]).toEqual([en, si, ta]);
  });
});
