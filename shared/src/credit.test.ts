import { describe, expect, it } from 'vitest';
import {
  cashToCollectPaise,
  checkoutPayment,
  CODE_ALPHABET,
  creditBalancePaise,
  creditCode,
  creditExpiresAt,
  isProblemWindowOpen,
  normalizeCode,
  planGiveBack,
  planRedemption,
  problemNeedsProof,
  problemWindowEnds,
  promoDiscountPaise,
  promoExpiresAt,
  promoRefusal,
  refundDueAt,
  reportableQuantity,
  spendableLots,
  totalWithPromoPaise,
  type CreditLot,
  type PromoRule,
} from './credit';
import { seededRandom } from './seeded-random';

const at = (iso: string) => new Date(iso);

describe('the window to report a problem', () => {
  const delivered = at('2026-11-28T10:00:00Z');
  it.each([
    ['at delivery', '2026-11-28T10:00:00Z', true],
    ['a minute before the end', '2026-11-29T09:59:00Z', true],
    ['at the end (outside)', '2026-11-29T10:00:00Z', false],
    ['a day later', '2026-11-30T10:00:00Z', false],
    ['before delivery (a clock gone back)', '2026-11-28T09:59:00Z', false],
  ])('%s', (_, now, open) => {
    expect(isProblemWindowOpen(delivered, at(now))).toBe(open);
  });
  it('follows PROBLEM_REPORT_HOURS', () => {
    expect(problemWindowEnds(delivered, 48).toISOString()).toBe('2026-11-30T10:00:00.000Z');
    expect(isProblemWindowOpen(delivered, at('2026-11-29T12:00:00Z'), 48)).toBe(true);
  });
  it('asks for a photo unless every line is missing', () => {
    expect(problemNeedsProof(['MISSING'])).toBe(false);
    expect(problemNeedsProof(['MISSING', 'DAMAGED'])).toBe(true);
    expect(problemNeedsProof(['EXPIRED'])).toBe(true);
  });
  it('lets a line be reported at most as many times as it was delivered, across reports', () => {
    expect(reportableQuantity(3, 0)).toBe(3);
    expect(reportableQuantity(3, 2)).toBe(1);
    expect(reportableQuantity(3, 3)).toBe(0);
    expect(reportableQuantity(3, 5)).toBe(0);
  });
});

describe('store credit', () => {
  const now = at('2026-11-28T10:00:00Z');
  const lots: CreditLot[] = [
    { id: 'b', remainingPaise: 10_000, expiresAt: at('2026-12-20T00:00:00Z') },
    { id: 'a', remainingPaise: 5_000, expiresAt: at('2026-12-05T00:00:00Z') },
    { id: 'old', remainingPaise: 7_000, expiresAt: at('2026-11-28T10:00:00Z') },
    { id: 'spent', remainingPaise: 0, expiresAt: at('2027-01-01T00:00:00Z') },
  ];

  it('expires a refund 30 days after issue', () => {
    expect(creditExpiresAt(at('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-12-28T10:00:00.000Z');
  });
  it('spends the soonest-expiring lot first and never an expired or empty one', () => {
    expect(spendableLots(lots, now).map((l) => l.id)).toEqual(['a', 'b']);
    expect(creditBalancePaise(lots, now)).toBe(15_000);
    expect(planRedemption(lots, 8_000, now)).toEqual([
      { lotId: 'a', amountPaise: 5_000 },
      { lotId: 'b', amountPaise: 3_000 },
    ]);
    expect(planRedemption(lots, 0, now)).toEqual([]);
    // more than there is: covers what there is
    expect(planRedemption(lots, 99_000, now).reduce((s, p) => s + p.amountPaise, 0)).toBe(15_000);
    expect(() => planRedemption(lots, -1, now)).toThrow(RangeError);
    expect(() => planRedemption(lots, 1.5, now)).toThrow(RangeError);
  });
  it('never plans more than the balance nor more than wanted, over generated ledgers', () => {
    const random = seededRandom(34_035);
    for (let round = 0; round < 2_000; round++) {
      const generated: CreditLot[] = Array.from({ length: Math.floor(random() * 6) }, (_, i) => ({
        id: `lot${i}`,
        remainingPaise: Math.floor(random() * 50_000),
        expiresAt: new Date(now.getTime() + Math.floor((random() - 0.3) * 40) * 86_400_000),
      }));
      const wanted = Math.floor(random() * 100_000);
      const plan = planRedemption(generated, wanted, now);
      const covered = plan.reduce((s, p) => s + p.amountPaise, 0);
      expect(covered).toBe(Math.min(wanted, creditBalancePaise(generated, now)));
      for (const step of plan) {
        const lot = generated.find((l) => l.id === step.lotId)!;
        expect(step.amountPaise).toBeGreaterThan(0);
        expect(step.amountPaise).toBeLessThanOrEqual(lot.remainingPaise);
        expect(lot.expiresAt.getTime()).toBeGreaterThan(now.getTime());
      }
    }
  });
  it('gives back to the latest-expiring lot first, never more than the order holds of a lot', () => {
    const held = [
      { lotId: 'soon', heldPaise: 5_000, expiresAt: at('2026-12-05T00:00:00Z') },
      { lotId: 'late', heldPaise: 3_000, expiresAt: at('2026-12-20T00:00:00Z') },
      { lotId: 'none', heldPaise: 0, expiresAt: at('2027-01-20T00:00:00Z') },
    ];
    expect(planGiveBack(held, 4_000)).toEqual([
      { lotId: 'late', amountPaise: 3_000 },
      { lotId: 'soon', amountPaise: 1_000 },
    ]);
    expect(planGiveBack(held, 99_000).reduce((s, p) => s + p.amountPaise, 0)).toBe(8_000);
    expect(planGiveBack(held, 0)).toEqual([]);
    expect(() => planGiveBack(held, -5)).toThrow(RangeError);
  });
  it('makes readable codes from the safe letters only, and reads typed codes in one form', () => {
    const code = creditCode([0, 1, 2, 3, 200, 201, 202, 255]);
    expect(code).toMatch(/^CR-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    for (const letter of code.replace(/^CR-|-/g, '')) expect(CODE_ALPHABET).toContain(letter);
    for (const misread of ['0', 'O', '1', 'I', 'L', '5', 'S']) expect(CODE_ALPHABET).not.toContain(misread);
    expect(() => creditCode([1, 2, 3])).toThrow(RangeError);
    expect(normalizeCode(' cr-7qk4 m2xa ')).toBe('CR-7QK4M2XA');
    expect(normalizeCode('save50')).toBe('SAVE50');
  });
  it('collects the total less the credit used, never less than nothing', () => {
    expect(cashToCollectPaise(234_000, 15_000)).toBe(219_000);
    expect(cashToCollectPaise(10_000, 15_000)).toBe(0);
    expect(cashToCollectPaise(10_000, 0)).toBe(10_000);
  });
});

describe('promo codes', () => {
  const now = at('2026-11-28T10:00:00Z');
  const rule: PromoRule = { kind: 'FIXED', value: 15_000, minBasketPaise: 100_000, maxUses: 100, perCustomer: 1, expiresAt: at('2026-12-01T10:00:00Z') };

  it('expires 3 days after it is made unless set', () => {
    expect(promoExpiresAt(now).toISOString()).toBe('2026-12-01T10:00:00.000Z');
  });
  it.each([
    ['applies', { now, basePaise: 100_000, uses: 0, usesByShopper: 0 }, null],
    ['below the minimum', { now, basePaise: 99_999, uses: 0, usesByShopper: 0 }, 'PROMO_MINIMUM'],
    ['expired at its end', { now: at('2026-12-01T10:00:00Z'), basePaise: 200_000, uses: 0, usesByShopper: 0 }, 'PROMO_EXPIRED'],
    ['used up in all', { now, basePaise: 200_000, uses: 100, usesByShopper: 0 }, 'PROMO_USED_UP'],
    ['used up by this shopper', { now, basePaise: 200_000, uses: 3, usesByShopper: 1 }, 'PROMO_USED_UP'],
  ] as const)('%s', (_, use, refusal) => {
    expect(promoRefusal(rule, use)).toBe(refusal);
  });
  it('has no limits where none is set', () => {
    expect(promoRefusal({ ...rule, maxUses: null, perCustomer: null, minBasketPaise: 0 }, { now, basePaise: 0, uses: 10_000, usesByShopper: 500 })).toBeNull();
  });
  it.each([
    ['fixed', { kind: 'FIXED', value: 15_000 }, 200_000, 15_000],
    ['fixed never more than the basket', { kind: 'FIXED', value: 15_000 }, 9_000, 9_000],
    ['10 percent', { kind: 'PERCENT', value: 10 }, 123_456, 12_346],
    ['12.5 percent, a half paisa to the shopper', { kind: 'PERCENT', value: 12.5 }, 1_004, 126],
    ['100 percent', { kind: 'PERCENT', value: 100 }, 50_000, 50_000],
  ] as const)('takes off %s', (_, promo, base, off) => {
    expect(promoDiscountPaise(promo, base)).toBe(off);
  });
  it.each([
    ['no promo: the total as today, rounded down to Rs.10', 123_456, 0, 123_000],
    ['a promo on an exact total', 250_000, 15_000, 235_000],
    ['a promo then rounded down', 250_000, 12_345, 237_000],
    ['a promo of the whole basket leaves the fee', 59_900, 50_000, 9_000],
    ['never below nothing', 5_000, 5_000, 0],
  ] as const)('totals with a promo: %s', (_, beforeRounding, off, total) => {
    expect(totalWithPromoPaise(beforeRounding, off)).toBe(total);
  });
  it('refuses a promo discount that is not whole paise', () => {
    expect(() => totalWithPromoPaise(10_000, -1)).toThrow(RangeError);
    expect(() => totalWithPromoPaise(10_000, 1.5)).toThrow(RangeError);
  });
});

describe('a cash refund is due in 3 working days', () => {
  it.each([
    ['approved on a Monday: Thursday', '2026-11-23T04:00:00Z', '2026-11-26T04:00:00.000Z'],
    ['approved on a Thursday: Tuesday', '2026-11-26T04:00:00Z', '2026-12-01T04:00:00.000Z'],
    ['approved on a Saturday: Wednesday', '2026-11-28T04:00:00Z', '2026-12-02T04:00:00.000Z'],
    // 23:00 on Friday in Colombo is 17:30 UTC: the next days counted are Colombo's Monday to Wednesday
    ['approved late on a Friday in Colombo', '2026-11-27T17:30:00Z', '2026-12-02T17:30:00.000Z'],
  ])('%s', (_, approved, due) => {
    expect(refundDueAt(new Date(approved), 'Asia/Colombo').toISOString()).toBe(due);
  });
});

describe('the payment checkout shows and placing decides', () => {
  const now = at('2026-11-28T10:00:00Z');
  // a basket with no discounts coming to `beforeRoundingPaise`: rounding down to Rs.10 is its only saving
  const totalsOf = (beforeRoundingPaise: number) => ({ beforeRoundingPaise, roundingPaise: beforeRoundingPaise % 1000, savingsPaise: beforeRoundingPaise % 1000 });
  const lots: CreditLot[] = [
    { id: 'later', remainingPaise: 20_000, expiresAt: at('2026-12-20T10:00:00Z') },
    { id: 'sooner', remainingPaise: 15_000, expiresAt: at('2026-12-12T10:00:00Z') },
    { id: 'gone', remainingPaise: 99_000, expiresAt: at('2026-11-28T09:00:00Z') },
  ];

  it('takes the promo before rounding, then lets credit pay the soonest-expiring lots first, naming the first expiry', () => {
    // Rs.2,345 before rounding less a Rs.100 promo: Rs.2,245 rounds down to Rs.2,240; credit pays Rs.350 of it
    const paid = checkoutPayment({ totals: totalsOf(234_500), promoDiscountPaise: 10_000, lots, useCredit: true, now });
    expect(paid.totalPaise).toBe(totalWithPromoPaise(234_500, 10_000));
    expect(paid.totalPaise).toBe(224_000);
    expect(paid.plan).toEqual([{ lotId: 'sooner', amountPaise: 15_000 }, { lotId: 'later', amountPaise: 20_000 }]);
    expect(paid.creditPaise).toBe(35_000);
    expect(paid.creditExpiresAt?.toISOString()).toBe('2026-12-12T10:00:00.000Z');
    expect(paid.cashPaise).toBe(189_000);
    expect(paid.creditPaise + paid.cashPaise).toBe(paid.totalPaise);
    expect(paid.atMostPaise).toBeNull();
    // the rounding after the promo, and every saving with the promo in it
    expect(paid.roundingPaise).toBe(500);
    expect(paid.roundedFromPaise).toBe(224_500);
    expect(paid.savingsPaise).toBe(10_000 + 500);
  });

  it('uses only what the total needs, so a small order leaves the later lot untouched and collects nothing', () => {
    const paid = checkoutPayment({ totals: totalsOf(12_000), promoDiscountPaise: 0, lots, useCredit: true, now });
    expect(paid.plan).toEqual([{ lotId: 'sooner', amountPaise: 12_000 }]);
    expect(paid.cashPaise).toBe(0);
    expect(paid.creditExpiresAt?.toISOString()).toBe('2026-12-12T10:00:00.000Z');
  });

  it('keeps the credit when the shopper switches it off, and spends no expired lot', () => {
    const kept = checkoutPayment({ totals: totalsOf(50_000), promoDiscountPaise: 0, lots, useCredit: false, now });
    expect(kept).toMatchObject({ creditPaise: 0, plan: [], creditExpiresAt: null, cashPaise: 50_000 });
    const onlyExpired = checkoutPayment({ totals: totalsOf(50_000), promoDiscountPaise: 0, lots: lots.filter((lot) => lot.id === 'gone'), useCredit: true, now });
    expect(onlyExpired).toMatchObject({ creditPaise: 0, creditExpiresAt: null, cashPaise: 50_000 });
  });

  it('takes the same promo off the "at most" figure while a weighed line waits for the scale', () => {
    const paid = checkoutPayment({ totals: totalsOf(50_000), atMostBeforeRoundingPaise: 56_500, promoDiscountPaise: 5_000, lots: [], useCredit: true, now });
    expect(paid.totalPaise).toBe(45_000);
    expect(paid.atMostPaise).toBe(totalWithPromoPaise(56_500, 5_000));
    expect(paid.atMostPaise).toBe(51_000);
  });
});
