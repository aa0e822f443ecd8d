import { describe, expect, it } from 'vitest';
import { buildHandInSlip, handInSlipTextLines, RECEIPT_COLUMNS } from './receipt';
import { emptyDayReport, type DayReport } from './report';

const report: DayReport = {
  ...emptyDayReport('2026-11-24', 'Asia/Colombo', new Date('2026-11-24T10:00:00Z'), false),
  riders: [
    {
      riderId: 'r1',
      name: 'Nimal\u001bp0 Perera',
      deliveries: 3,
      // Rs.200 still held from the day before, handed in with today's cash
      broughtForward: 200,
      collected: 4500,
      handedIn: 4000,
      outstanding: 700,
      flagged: 0,
      handIns: [
        { id: 'h1', amount: 1000, receivedAt: '2026-11-24T05:00:00Z', receivedBy: 'Counter One', note: null, voided: null },
        // typed as Rs.500 instead of Rs.5,000 and voided: it counts for nothing
        { id: 'hx', amount: 500, receivedAt: '2026-11-24T06:00:00Z', receivedBy: 'Counter One', note: null, voided: { at: '2026-11-24T06:05:00Z', by: 'Store Admin', reason: 'Typo' } },
        { id: 'h2', amount: 3000, receivedAt: '2026-11-24T09:30:00Z', receivedBy: 'Counter Two', note: 'evening bag', voided: null },
      ],
    },
  ],
};
const shop = { shopName: 'Kade', shopAddress: '', shopPhone: '', footer: '', timeZone: 'Asia/Colombo' };

describe('the hand-in slip', () => {
  it("shows the rider's day up to that hand-in, a voided one counting for nothing, so a reprint reads as the first print did", () => {
    const first = buildHandInSlip(report, 'r1', 'h1', shop);
    expect(first).toMatchObject({ amountPaise: 100_000, broughtForwardPaise: 20_000, collectedPaise: 450_000, handedInPaise: 100_000, outstandingPaise: 370_000, receivedBy: 'Counter One', note: '' });
    const second = buildHandInSlip(report, 'r1', 'h2', shop);
    expect(second).toMatchObject({ handedInPaise: 400_000, outstandingPaise: 70_000, note: 'evening bag' });
  });

  it('carries what the rider held from earlier days into the outstanding, and prints it', () => {
    const lines = handInSlipTextLines(buildHandInSlip(report, 'r1', 'h2', shop)).map((l) => l.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(expect.arrayContaining(['Brought forward Rs.200.00', 'Collected Rs.4,500.00', 'Handed in Rs.4,000.00', 'Outstanding Rs.700.00']));
  });

  it('prints no control character from a name, and no line wider than the paper', () => {
    const lines = handInSlipTextLines(buildHandInSlip(report, 'r1', 'h2', shop));
    expect(lines.join('\n').includes('\u001b')).toBe(false);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    expect(lines.map((l) => l.trim())).toEqual(expect.arrayContaining(['CASH HAND-IN', 'Note: evening bag']));
    expect(lines.some((l) => l.startsWith('Rider') && l.includes('Nimal') && l.includes('Perera'))).toBe(true);
  });

  it('has no slip for a voided hand-in', () => {
    expect(() => buildHandInSlip(report, 'r1', 'hx', shop)).toThrow('That hand-in was voided: it has no slip.');
  });

  it('refuses a hand-in that is not in the report', () => {
    expect(() => buildHandInSlip(report, 'r1', 'nope', shop)).toThrow("That hand-in is not in this day's report.");
    expect(() => buildHandInSlip(report, 'r2', 'h1', shop)).toThrow(RangeError);
  });
});
