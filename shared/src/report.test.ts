import { describe, expect, it } from 'vitest';
import { DELIVERY_OPTIONS } from './pricing';
import {
  countSubstitutions,
  csvCell,
  csvText,
  dayBounds,
  dayReportCsv,
  emptyDayReport,
  fillRate,
  hourLabel,
  hourOfDay,
  itemSoldText,
  kilosFromGrams,
  isCalendarDay,
  localDay,
  ordersPerHour,
  percentile,
  promiseMinutes,
  reportQuerySchema,
  summariseDeliveries,
  type ReportDelivery,
} from './report';

describe('each delivery option promises the later end of its label', () => {
  /** The label's last time, read as people read it: '1 Hour' is 60, '2.30 Hours' is 150, '30 Minutes' is 30. */
  const lastTime = (label: string): number => {
    const match = /(\d+)(?:\.(\d+))?\s*(Minutes|Hours?)\s*$/.exec(label);
    if (!match) throw new Error(label);
    return match[3] === 'Minutes' ? Number(match[1]) : Number(match[1]) * 60 + Number(match[2] ?? 0);
  };
  it.each(DELIVERY_OPTIONS.map((o) => [o.label, o.promiseMinutes] as const))('%s: %i minutes', (label, minutes) => {
    expect(minutes).toBe(lastTime(label));
    expect(promiseMinutes(label)).toBe(minutes);
  });
  it('has no promise for a label that is no option', () => {
    expect(promiseMinutes('Tomorrow')).toBeNull();
  });
});

describe('a report day', () => {
  it.each([
    ['2026-11-22', true],
    ['2028-02-29', true],
    ['2026-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-5', false],
    ['22-11-2026', false],
    ['2026-11-22T00:00', false],
    [' 2026-11-22', false],
    ['1969-12-31', false],
    ['', false],
  ])('%j is a calendar day: %s', (text, valid) => {
    expect(isCalendarDay(text)).toBe(valid);
  });

  it('refuses a missing, repeated or wrong day, naming the field', () => {
    for (const query of [{}, { day: ['2026-11-22', '2026-11-23'] }, { day: '2026-02-30' }, { day: "2026-11-22' or 1=1" }]) {
      const result = reportQuerySchema.safeParse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['day']);
      expect(result.error?.issues[0]?.message).toMatch(/^day /);
    }
    expect(reportQuerySchema.parse({ day: '2026-11-22' })).toEqual({ day: '2026-11-22' });
  });

  it('runs from local midnight to local midnight in the shop zone', () => {
    expect(dayBounds('2026-11-22', 'Asia/Colombo')).toEqual({ start: new Date('2026-11-21T18:30:00Z'), end: new Date('2026-11-22T18:30:00Z') });
    expect(dayBounds('2026-12-31', 'UTC')).toEqual({ start: new Date('2026-12-31T00:00:00Z'), end: new Date('2027-01-01T00:00:00Z') });
  });

  it('is 23 or 25 hours on a day the clocks change', () => {
    const spring = dayBounds('2026-03-29', 'Europe/London');
    expect(spring).toEqual({ start: new Date('2026-03-29T00:00:00Z'), end: new Date('2026-03-29T23:00:00Z') });
    const autumn = dayBounds('2026-10-25', 'Europe/London');
    expect(autumn.end.getTime() - autumn.start.getTime()).toBe(25 * 3600_000);
    expect(autumn.start).toEqual(new Date('2026-10-24T23:00:00Z'));
  });

  it('tells the local day at an instant: just before and at midnight in Colombo', () => {
    expect(localDay('2026-11-22T18:29:59Z', 'Asia/Colombo')).toBe('2026-11-22');
    expect(localDay('2026-11-22T18:30:00Z', 'Asia/Colombo')).toBe('2026-11-23');
    expect(localDay('2026-11-22T18:30:00Z', 'UTC')).toBe('2026-11-22');
  });
});

describe('orders per hour', () => {
  it('puts each order in the hour the shop clock showed, both sides of each boundary', () => {
    expect(hourOfDay('2026-11-21T18:30:00Z', 'Asia/Colombo')).toBe(0); // 00:00
    expect(hourOfDay('2026-11-21T19:29:59Z', 'Asia/Colombo')).toBe(0); // 00:59:59
    expect(hourOfDay('2026-11-21T19:30:00Z', 'Asia/Colombo')).toBe(1);
    expect(hourOfDay('2026-11-22T18:29:00Z', 'Asia/Colombo')).toBe(23);
    const buckets = ordersPerHour(['2026-11-22T04:30:00Z', '2026-11-22T05:29:00Z', '2026-11-22T05:30:00Z', '2026-11-22T18:29:00Z'], 'Asia/Colombo');
    expect(buckets).toHaveLength(24);
    expect(buckets[10]).toBe(2);
    expect(buckets[11]).toBe(1);
    expect(buckets[23]).toBe(1);
    expect(buckets.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('labels each hour', () => {
    expect([hourLabel(0), hourLabel(9), hourLabel(23)]).toEqual(['00:00-01:00', '09:00-10:00', '23:00-00:00']);
  });
});

describe('percentile (nearest rank)', () => {
  it.each([
    [[], 90, null],
    [[7], 90, 7],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
    [[10, 9, 8, 7, 6, 5, 4, 3, 2, 1], 90, 9], // order does not matter
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90, 10], // ceil(9.9) = 10th
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 100, 10],
    [[1, 2, 3, 4], 50, 2],
    [[1, 2, 3, 4, 5], 50, 3],
  ])('of %j at p%i is %s', (values, p, expected) => {
    expect(percentile(values, p)).toBe(expected);
  });
  it.each([0, -5, 101, Number.NaN])('refuses p%s', (p) => {
    expect(() => percentile([1], p)).toThrow(RangeError);
  });
});

describe('delivery times and missed promises', () => {
  const placed = '2026-11-22T04:00:00Z';
  const after = (minutes: number) => new Date(new Date(placed).getTime() + minutes * 60_000).toISOString();
  const delivered = (orderId: string, option: string, minutes: number): ReportDelivery => ({ orderId, option, status: 'Delivered', placedAt: placed, deliveredAt: after(minutes) });

  it('averages and takes the p90 per option, and lists the orders that took longer than the promise', () => {
    const orders: ReportDelivery[] = [
      delivered('E1', '20 Minutes to 30 Minutes', 20),
      delivered('E2', '20 Minutes to 30 Minutes', 30), // exactly the promise: kept
      delivered('E3', '20 Minutes to 30 Minutes', 31), // a minute over
      ...[40, 45, 50, 55, 58, 60, 61, 62, 70, 90].map((m, i) => delivered(`S${i}`, '50 Minutes to 1 Hour', m)),
      { orderId: 'C1', option: '20 Minutes to 30 Minutes', status: 'Cancelled', placedAt: placed, deliveredAt: null }, // no promise to keep
      { orderId: 'P1', option: 'Between 2 Hours to 2.30 Hours', status: 'Shipped', placedAt: placed, deliveredAt: null }, // open 151 min
      { orderId: 'P2', option: 'Between 2 Hours to 2.30 Hours', status: 'Processing', placedAt: after(10), deliveredAt: null }, // open 141 min
    ];
    const { options, missed } = summariseDeliveries(orders, after(151));
    expect(options).toEqual([
      { option: '20 Minutes to 30 Minutes', code: 'express', promiseMinutes: 30, delivered: 3, averageMinutes: 27, p90Minutes: 31, missed: 1 },
      { option: '50 Minutes to 1 Hour', code: 'standard', promiseMinutes: 60, delivered: 10, averageMinutes: 59.1, p90Minutes: 70, missed: 4 },
      { option: 'Between 2 Hours to 2.30 Hours', code: 'scheduled', promiseMinutes: 150, delivered: 0, averageMinutes: null, p90Minutes: null, missed: 1 },
    ]);
    expect(missed.map((m) => [m.orderId, m.minutes, m.delivered])).toEqual([
      ['P1', 151, false],
      ['S9', 90, true],
      ['S8', 70, true],
      ['S7', 62, true],
      ['S6', 61, true],
      ['E3', 31, true],
    ]);
  });

  it('lists an option no longer offered after the three, with no promise', () => {
    const { options } = summariseDeliveries([delivered('O1', 'Old option', 5)], after(5));
    expect(options.map((o) => o.option)).toEqual(['20 Minutes to 30 Minutes', '50 Minutes to 1 Hour', 'Between 2 Hours to 2.30 Hours', 'Old option']);
    expect(options[3]).toMatchObject({ promiseMinutes: null, delivered: 1, averageMinutes: 5, missed: 0 });
  });
});

describe('CSV', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+1', "'=1+1"],
    ['+94 77', "'+94 77"],
    ['-5', "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  // A spreadsheet reads the first character it shows: full-width forms are taken as their ASCII selves, and an
  // invisible format character (Unicode Cf) or a space before a formula does not stop it running.
  it.each([
    ['full-width equals', '\uFF1D1+1', "'\uFF1D1+1"],
    ['full-width plus', '\uFF0B94 77', "'\uFF0B94 77"],
    ['full-width minus', '\uFF0D5', "'\uFF0D5"],
    ['full-width at', '\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['small equals', '\uFE661+1', "'\uFE661+1"],
    ['zero-width space then =', '\u200B=1+1', "'\u200B=1+1"],
    ['byte order mark then +', '\uFEFF+1', "'\uFEFF+1"],
    ['right-to-left override then -', '\u202E-5', "'\u202E-5"],
    ['left-to-right mark then @', '\u200E@SUM(A1)', "'\u200E@SUM(A1)"],
    ['word joiner, zero-width joiner then full-width =', '\u2060\u200D\uFF1D1', "'\u2060\u200D\uFF1D1"],
    ['zero-width space then tab', '\u200B\tcmd', "'\u200B\tcmd"],
    ['carriage return', '\rcmd', '"\'\rcmd"'],
    ['zero-width space then carriage return', '\u200B\rcmd', '"\'\u200B\rcmd"'],
    ['line feed', '\n=1', '"\'\n=1"'],
    ['spaces then =', '  =1+1', "'  =1+1"],
    ['no-break space then -', '\u00A0-5', "'\u00A0-5"],
    ['zero-width space then a quote and =', '\u200B=HYPERLINK("x")', '"\'\u200B=HYPERLINK(""x"")"'],
  ])('escapes a cell whose first visible character starts a formula: %s', (_case, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['text after a zero-width space', '\u200BRice'],
    ['a full-width letter', '\uFF21pple'],
    ['a minus inside', 'Rice - 5kg'],
    ['only format characters', '\u200B\u200D'],
    ['Sinhala', 'සම්බා සහල්'],
  ])('leaves a cell that cannot start a formula as it is: %s', (_case, value) => {
    expect(csvCell(value)).toBe(value);
  });

  it('writes numbers as numbers (a negative stays a number) and nothing for null', () => {
    expect([csvCell(-12.5), csvCell(0), csvCell(null), csvCell(undefined), csvCell(Number.NaN)]).toEqual(['-12.5', '0', '', '', '']);
  });

  it('joins rows with CRLF and ends with one', () => {
    expect(csvText([['a', 1], ['b,c', 2]])).toBe('a,1\r\n"b,c",2\r\n');
  });

  it('writes every section of a report', () => {
    const report = emptyDayReport('2026-11-22', 'Asia/Colombo', new Date('2026-11-22T10:00:00Z'), false);
    report.items = [{ name: '=cmd|"/c calc"!A1', unit: '1kg, loose', quantity: 3, amount: 870 }];
    const csv = dayReportCsv(report);
    expect(csv).toContain('Day report,2026-11-22\r\n');
    expect(csv).toContain('Item,Unit,Quantity,Kilos,Amount (Rs.)\r\n"\'=cmd|""/c calc""!A1","1kg, loose",3,0.000,870\r\n');
    expect(csv).toContain('Cash collected (Rs.),0\r\n');
    expect(csv).toContain('23:00-00:00,0\r\n');
    expect(csv.split('\r\n').filter((line) => /^\d\d:00-\d\d:00,/.test(line))).toHaveLength(24);
  });

  it('writes kilos sold with three decimals beside units (issue 34)', () => {
    const report = emptyDayReport('2026-11-22', 'Asia/Colombo', new Date('2026-11-22T10:00:00Z'), false);
    report.items = [
      { name: 'Carrots', unit: '', quantity: 0, kilos: kilosFromGrams(2242), amount: 1076 },
      { name: 'Dhal', unit: '', quantity: 2, kilos: kilosFromGrams(1500), amount: 900 },
    ];
    expect(dayReportCsv(report)).toContain('Item,Unit,Quantity,Kilos,Amount (Rs.)\r\nCarrots,,0,2.242,1076\r\nDhal,,2,1.500,900\r\n');
    expect([kilosFromGrams(742), kilosFromGrams(1), kilosFromGrams(100_000), kilosFromGrams(0)]).toEqual([0.742, 0.001, 100, 0]);
    expect(report.items.map(itemSoldText)).toEqual(['2.242 kg', '2 + 1.500 kg']);
    expect(itemSoldText({ quantity: 4 })).toBe('4');
  });
});

describe('packing figures (issue 33)', () => {
  it('gives the fill rate in percent to one decimal, and none without lines', () => {
    expect(fillRate(4, 10)).toBe(40);
    expect(fillRate(2, 3)).toBe(66.7);
    expect(fillRate(3, 3)).toBe(100);
    expect(fillRate(0, 0)).toBeNull();
  });

  it('counts a substitute kept without asking as accepted', () => {
    expect(countSubstitutions([
      { status: 'ACCEPTED', count: 2 },
      { status: 'AUTO_ACCEPTED', count: 3 },
      { status: 'DECLINED', count: 1 },
      { status: 'EXPIRED', count: 4 },
      { status: 'PENDING', count: 5 },
    ])).toEqual({ accepted: 5, declined: 1, expired: 4, pending: 5 });
    expect(countSubstitutions([])).toEqual({ accepted: 0, declined: 0, expired: 0, pending: 0 });
  });

  it('puts them in the CSV, and a report from a server before them writes zeros and no short products', () => {
    const report = emptyDayReport('2026-11-22', 'Asia/Colombo', new Date('2026-11-22T12:00:00Z'), false);
    const packed = dayReportCsv({ ...report, packing: { packedOrders: 3, linesOrdered: 8, linesFound: 6, fillRate: 75, substitutions: { accepted: 2, declined: 1, expired: 0, pending: 0 }, shortProducts: [{ name: '=Milk', timesShort: 2 }] } }).split('\r\n');
    expect(packed).toContain('Fill rate (%),75');
    expect(packed).toContain('Substitutions declined,1');
    expect(packed[packed.indexOf('Short product,Times short') + 1]).toBe("'=Milk,2");
    const { packing: _none, ...older } = report;
    const rows = dayReportCsv(older).split('\r\n');
    expect(rows).toContain('Packed orders,0');
    expect(rows).toContain('Fill rate (%),');
    expect(rows[rows.indexOf('Short product,Times short') + 1]).toBe('');
  });
});
