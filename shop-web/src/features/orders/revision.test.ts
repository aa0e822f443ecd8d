import { describe, expect, it } from 'vitest';
import type { OrderLineWire, OrderWire, ProposalWire } from '@kade/shared';
import { isRevised, keptUnitPrice, newestOrder, newestOrders, revisedLines, waitingProposals, weighedLine } from './revision';

const line = (productId: string, quantity: number, found: number | null): OrderLineWire => ({
  productId,
  quantity,
  found,
  substitution: 'SIMILAR',
  product_details: { name: productId, nameSi: null, nameTa: null, unit: '1 pc', price: 100, originalPrice: 100, discount: 0, image: [], category: 'Dairy' },
});

const proposal = (id: string, productId: string, status: ProposalWire['status'], expiresAt = '2026-11-28T14:05:00.000Z'): ProposalWire => ({
  _id: id,
  productId,
  substituteId: `${productId}-sub`,
  name: `${productId} substitute`,
  nameSi: null,
  nameTa: null,
  unit: '1 pc',
  image: [],
  price: 120,
  chargedPrice: 100,
  quantity: 1,
  status,
  expiresAt,
});

const order = (id: string, products: OrderLineWire[], proposals: ProposalWire[], revision = 1) => ({ _id: id, products, proposals, revision }) as unknown as OrderWire;

describe("an order's revision as the shopper reads it", () => {
  it('sends what was found, all of an unpacked line, and marks a line with none sent as removed', () => {
    const lines = revisedLines(order('o1', [line('milk', 2, 1), line('bread', 1, null), line('eggs', 3, 0)], []));
    expect(lines.map(({ ordered, sent, removed }) => ({ ordered, sent, removed }))).toEqual([
      { ordered: 2, sent: 1, removed: false },
      { ordered: 1, sent: 1, removed: false },
      { ordered: 3, sent: 0, removed: true },
    ]);
  });

  it('puts under each line only the substitutes the order keeps for it', () => {
    const kept = proposal('p1', 'eggs', 'ACCEPTED');
    const auto = proposal('p2', 'eggs', 'AUTO_ACCEPTED');
    const lines = revisedLines(order('o1', [line('milk', 2, 1), line('eggs', 3, 0)], [kept, auto, proposal('p3', 'eggs', 'DECLINED'), proposal('p4', 'milk', 'PENDING')]));
    expect(lines[0]!.substitutes).toEqual([]);
    expect(lines[1]!.substitutes.map((p) => p._id)).toEqual(['p1', 'p2']);
  });

  it("charges an accepted substitute its own price, one taken without asking at most the line's", () => {
    expect(keptUnitPrice(proposal('p1', 'eggs', 'ACCEPTED'))).toBe(120);
    expect(keptUnitPrice(proposal('p2', 'eggs', 'AUTO_ACCEPTED'))).toBe(100);
  });

  it('never shows an accepted HEAVIER weight (issue 34) as a substitute of its own line', () => {
    const heavier = { ...proposal('h1', 'carrots', 'ACCEPTED'), kind: 'HEAVIER' as const, weighedGrams: 900 };
    const lines = revisedLines(order('o1', [line('carrots', 3, null)], [heavier]));
    expect(lines[0]!.substitutes).toEqual([]);
  });

  it('reads a weighed line: the grams asked, the scale grams once packed, the line total sent; nothing for a unit line', () => {
    const carrots = { ...line('carrots', 3, null), sellBy: 'WEIGHT' as const, grams: 750, weighedGrams: null, lineTotal: 360 };
    expect(weighedLine(carrots)).toEqual({ askedGrams: 750, weighedGrams: null, lineTotal: 360 });
    expect(weighedLine({ ...carrots, weighedGrams: 742, lineTotal: 356 })).toEqual({ askedGrams: 750, weighedGrams: 742, lineTotal: 356 });
    expect(weighedLine({ ...line('milk', 2, null), sellBy: 'EACH', grams: null, lineTotal: 200 })).toBeNull();
  });

  it('is revised from revision 1 on', () => {
    expect(isRevised({ revision: 0 })).toBe(false);
    expect(isRevised({})).toBe(false);
    expect(isRevised({ revision: 2 })).toBe(true);
  });

  it('lists the proposals still waiting by the server clock, soonest to end first, with their lines', () => {
    const now = Date.parse('2026-11-28T14:00:00.000Z');
    const a = order('a', [line('milk', 2, 1)], [proposal('late', 'milk', 'PENDING', '2026-11-28T14:04:00.000Z'), proposal('done', 'milk', 'ACCEPTED')]);
    const b = order('b', [line('eggs', 3, 0)], [proposal('soon', 'eggs', 'PENDING', '2026-11-28T14:01:00.000Z'), proposal('over', 'eggs', 'PENDING', '2026-11-28T13:59:59.000Z')]);
    const waiting = waitingProposals([a, b], now);
    expect(waiting.map((w) => [w.order._id, w.proposal._id, w.line?.productId])).toEqual([
      ['b', 'soon', 'eggs'],
      ['a', 'late', 'milk'],
    ]);
    expect(waitingProposals([a, b], Date.parse('2026-11-28T14:04:00.000Z'))).toEqual([]);
  });
});

describe('the newest copy of an order', () => {
  const at = (id: string, updatedAt: string, revision: number) => ({ _id: id, updatedAt, revision, products: [], proposals: [] }) as unknown as OrderWire;

  it('keeps a copy an event brought over an older one a read answered later', () => {
    const event = at('o1', '2026-11-28T14:00:01.500Z', 2);
    const staleRead = at('o1', '2026-11-28T14:00:01.200Z', 1);
    expect(newestOrder(event, staleRead)).toBe(event);
    // and takes a newer copy, and an equal one (the incoming), and anything over nothing
    const newer = at('o1', '2026-11-28T14:00:02.000Z', 3);
    expect(newestOrder(event, newer)).toBe(newer);
    const same = at('o1', '2026-11-28T14:00:01.500Z', 2);
    expect(newestOrder(event, same)).toBe(same);
    expect(newestOrder(undefined, staleRead)).toBe(staleRead);
  });

  it("lays a read's page over the held orders: the read's order and members, each order's newest copy", () => {
    const held = [at('o1', '2026-11-28T14:00:05.000Z', 2), at('o2', '2026-11-28T14:00:00.000Z', 0), at('gone', '2026-11-28T14:00:00.000Z', 0)];
    const page = [at('o3', '2026-11-28T14:00:06.000Z', 0), at('o1', '2026-11-28T14:00:04.000Z', 1), at('o2', '2026-11-28T14:00:07.000Z', 1)];
    const merged = newestOrders(held, page);
    expect(merged.map((order) => order._id)).toEqual(['o3', 'o1', 'o2']);
    expect(merged.map((order) => order.revision)).toEqual([0, 2, 1]);
    expect(newestOrders(null, page)).toEqual(page);
  });
});
