import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeTotals, type TotalsLine } from './pricing';
import {
  DEFAULT_SUBSTITUTION,
  isSubstitutionPreference,
  keepsSubstitute,
  likenessShelves,
  proposalOpening,
  rankSubstitutes,
  reviseTotals,
  substituteChargePaise,
  unansweredOutcome,
  type SubstituteCandidate,
} from './substitution';

const promiseOf = (lines: TotalsLine[], optionLabel: string) => {
  const placed = computeTotals(lines, optionLabel);
  return { optionLabel, basketDiscountRate: placed.basketDiscountRate, deliveryFeePaise: placed.deliveryFeePaise };
};

describe("the shopper's choice for a short line", () => {
  it('defaults to a similar item at no extra cost, and knows only its three choices', () => {
    expect(DEFAULT_SUBSTITUTION).toBe('SIMILAR');
    expect(['SIMILAR', 'ASK', 'NONE'].every(isSubstitutionPreference)).toBe(true);
    expect(['similar', '', 'YES', null, 3].some(isSubstitutionPreference)).toBe(false);
  });

  it('accepts at once under SIMILAR only what is not dearer; asks for a dearer one and for any under ASK; refuses any under NONE', () => {
    expect(proposalOpening('SIMILAR', 20000, 20000)).toBe('AUTO_ACCEPTED');
    expect(proposalOpening('SIMILAR', 19000, 20000)).toBe('AUTO_ACCEPTED');
    expect(proposalOpening('SIMILAR', 20001, 20000)).toBe('PENDING');
    expect(proposalOpening('ASK', 10000, 20000)).toBe('PENDING');
    expect(proposalOpening('NONE', 10000, 20000)).toBe('REFUSED');
  });

  it('keeps an unanswered substitute only under SIMILAR and not dearer; removes anything else', () => {
    expect(unansweredOutcome('SIMILAR', 20000, 20000)).toBe('AUTO_ACCEPTED');
    expect(unansweredOutcome('SIMILAR', 20100, 20000)).toBe('EXPIRED');
    expect(unansweredOutcome('ASK', 15000, 20000)).toBe('EXPIRED');
    expect(keepsSubstitute('ACCEPTED') && keepsSubstitute('AUTO_ACCEPTED')).toBe(true);
    expect(keepsSubstitute('PENDING') || keepsSubstitute('DECLINED') || keepsSubstitute('EXPIRED')).toBe(false);
  });

  it('charges a substitute at most the price of the line it replaces unless the shopper accepted the dearer price', () => {
    expect(substituteChargePaise(25000, 20000, false)).toBe(20000);
    expect(substituteChargePaise(25000, 20000, true)).toBe(25000);
    expect(substituteChargePaise(15000, 20000, false)).toBe(15000);
    expect(substituteChargePaise(15000, 20000, true)).toBe(15000);
  });
});

describe('the substitutes suggested for a short product', () => {
  const product = (id: string, pricePaise: number, more: Partial<SubstituteCandidate> = {}): SubstituteCandidate => ({
    id, name: id, subCategoryIds: ['milk'], pricePaise, discount: 0, stock: 5, publish: true, ...more,
  });
  const short = { id: 'short', subCategoryIds: ['milk'], pricePaise: 20000, discount: 0 };

  it('are in stock, published, on the same shelf and not itself; nearest in price (after item discounts) first, the cheaper of two as near first', () => {
    const ranked = rankSubstitutes(short, [
      product('short', 20000),
      product('far', 40000),
      product('dearer-near', 21000),
      product('cheaper-near', 19000),
      product('discounted-exact', 25000, { discount: 20 }), // Rs.200 after 20% off
      product('sold-out', 20000, { stock: 0 }),
      product('hidden', 20000, { publish: false }),
      product('other-shelf', 20000, { subCategoryIds: ['bread'] }),
    ]);
    expect(ranked.map((p) => p.id)).toEqual(['discounted-exact', 'cheaper-near', 'dearer-near', 'far']);
  });
});

describe('the total after packing', () => {
  const milk = { pricePaise: 32000, discount: 0, quantity: 2 };
  const rice = { pricePaise: 45000, discount: 10, quantity: 1 };
  const eggs = { pricePaise: 9000, discount: 0, quantity: 3 };

  it('is the checkout total when everything is found', () => {
    const lines = [milk, rice, eggs];
    const placed = computeTotals(lines, '20 Minutes to 30 Minutes');
    const revised = reviseTotals(lines, promiseOf(lines, '20 Minutes to 30 Minutes'));
    expect(revised.grandTotalPaise).toBe(placed.grandTotalPaise);
    expect(revised.basketDiscountPaise).toBe(placed.basketDiscountPaise);
    expect(revised.deliveryFeePaise).toBe(placed.deliveryFeePaise);
  });

  it('keeps the basket discount rate and delivery fee promised at checkout when a short line drops the subtotal under their bands', () => {
    const lines = [milk, rice, eggs]; // Rs.640 + Rs.405 + Rs.270 = Rs.1,315: 2.25% off, free express delivery
    const promise = promiseOf(lines, '20 Minutes to 30 Minutes');
    expect(promise).toMatchObject({ basketDiscountRate: 2.25, deliveryFeePaise: 0 });
    const revised = reviseTotals([{ ...milk, quantity: 1 }, eggs], promise); // Rs.590: would be 1.75% and Rs.50
    expect(revised.basketDiscountRate).toBe(2.25);
    expect(revised.deliveryFeePaise).toBe(0);
    expect(revised.basketDiscountPaise).toBe(1328); // 2.25% of Rs.590 = Rs.13.275, the half paisa to the shopper
    expect(revised.grandTotalPaise).toBe(57000); // Rs.576.72 rounded down to Rs.10
  });

  it('takes a better rate or a lower fee when the new subtotal earns one', () => {
    const placedLines = [{ pricePaise: 30000, discount: 0, quantity: 1 }]; // Rs.300: no basket discount, Rs.50 standard fee
    const promise = promiseOf(placedLines, '50 Minutes to 1 Hour');
    expect(promise).toMatchObject({ basketDiscountRate: 0, deliveryFeePaise: 5000 });
    // the shopper accepted a dearer substitute: Rs.400 earns 1% and the Rs.20 fee
    const revised = reviseTotals([{ pricePaise: 40000, discount: 0, quantity: 1 }], promise);
    expect(revised).toMatchObject({ basketDiscountRate: 1, basketDiscountPaise: 400, deliveryFeePaise: 2000, grandTotalPaise: 41000 });
  });

  it('costs nothing, delivery included, when nothing is left to send', () => {
    const lines = [milk];
    const revised = reviseTotals([{ ...milk, quantity: 0 }], promiseOf(lines, '20 Minutes to 30 Minutes'));
    expect(revised).toMatchObject({ itemCount: 0, subtotalPaise: 0, deliveryFeePaise: 0, basketDiscountRate: 0, grandTotalPaise: 0 });
  });

  it('never charges more than checkout when lines only run short or are replaced at no dearer price', () => {
    const line = fc.record({ pricePaise: fc.integer({ min: 100, max: 500_000 }), discount: fc.integer({ min: 0, max: 60 }), quantity: fc.integer({ min: 1, max: 20 }) });
    const option = fc.constantFrom('20 Minutes to 30 Minutes', '50 Minutes to 1 Hour', 'Between 2 Hours to 2.30 Hours');
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), option, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (lines, label, cuts) => {
        const placed = computeTotals(lines, label);
        const packed = lines.map((l, i) => ({ ...l, quantity: l.quantity - ((cuts[i] ?? 0) % (l.quantity + 1)) }));
        const revised = reviseTotals(packed, promiseOf(lines, label));
        expect(revised.grandTotalPaise).toBeLessThanOrEqual(placed.grandTotalPaise);
        expect(revised.grandTotalPaise % 1000).toBe(0);
        expect(revised.grandTotalPaise + revised.roundingPaise).toBe(revised.subtotalPaise - revised.basketDiscountPaise + revised.deliveryFeePaise);
      }),
    );
  });
});

describe('the shelves substitutes are looked for on', () => {
  const milk = { id: 'm', name: 'Fresh Milk' };
  const all = { id: 'a', name: 'All Products' };
  it("leave out the shelf every product is on, whatever its case, unless it is the product's only one", () => {
    expect(likenessShelves([milk, all])).toEqual([milk]);
    expect(likenessShelves([{ id: 'a2', name: 'all products' }, milk])).toEqual([milk]);
    expect(likenessShelves([all])).toEqual([all]);
    expect(likenessShelves([])).toEqual([]);
  });
});
