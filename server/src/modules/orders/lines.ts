// An order line's money as the shared rules total it (issue 34): a line sold by the unit counts what it sends (found,
// else ordered), a line sold by weight its charged grams once packed, its asked grams until then (and nothing when it
// was found gone). The wire's lineTotal, the revision's totals and the "at most" figure all read lines through here,
// so the receipt's line, the subtotal and the promise are the same numbers.
import { hasUnweighedLine, printedLinePaise, weighedAmountPaise, type OrderLine } from '@kade/shared';

/** The columns of an order_lines row that decide its amount. */
export interface LineMoneyRow {
  sell_by?: string | null;
  original_price_paise: number;
  discount: string | number;
  quantity: number;
  found: number | null;
  grams?: number | null;
  weighed_grams?: number | null;
  charged_grams?: number | null;
}

/** Whether an order line is sold by weight (a row from before weights is not). */
export function isWeighedRow(row: Pick<LineMoneyRow, 'sell_by' | 'grams'>): boolean {
  return row.sell_by === 'WEIGHT' && row.grams != null;
}

/** The shared OrderLine of an order_lines row (prices before discount, as the shared rules take them). */
export function orderLineOf(row: LineMoneyRow): OrderLine {
  const discount = Number(row.discount);
  if (!isWeighedRow(row) || row.found === 0) {
    return { pricePaise: row.original_price_paise, discount, quantity: row.found ?? row.quantity };
  }
  return {
    sellBy: 'WEIGHT',
    pricePaise: row.original_price_paise,
    discount,
    askedGrams: row.grams as number,
    weighedGrams: row.weighed_grams ?? null,
    chargedGrams: row.charged_grams ?? null,
  };
}

/** What the line prints and the subtotal adds, in paise. */
export function linePaise(row: LineMoneyRow): number {
  return printedLinePaise(orderLineOf(row));
}

/** Whether any weighed line still waits for the scale (found gone does not wait). */
export function anyUnweighed(rows: readonly LineMoneyRow[]): boolean {
  return hasUnweighedLine(rows.map(orderLineOf));
}

/** The grams (weighed lines) or units an order line holds of its product's stock now. */
export function heldStock(row: LineMoneyRow): number {
  if (row.found === 0) return 0;
  if (isWeighedRow(row)) return row.weighed_grams ?? (row.grams as number);
  return row.found ?? row.quantity;
}

/**
 * The unit price a substitute is weighed against (issue 33's rules): a unit line's price; for a weighed line found
 * gone, one step's amount (250 g of carrots at Rs.480 a kg is Rs.120), as its quantity counts steps.
 */
export function lineUnitPaise(row: { sell_by?: string | null; step_grams?: number | null; grams?: number | null; price_paise: number }): number {
  return isWeighedRow(row) && row.step_grams != null ? weighedAmountPaise(row.step_grams, row.price_paise) : row.price_paise;
}

/** lineUnitPaise as SQL, for a line aliased `l` (the half-up rupee of weight.ts weighedAmountPaise in integers). */
export const LINE_UNIT_PAISE_SQL = `(case when l.sell_by = 'WEIGHT' and l.step_grams is not null
  then ((l.step_grams::bigint * l.price_paise + 50000) / 100000 * 100)::integer else l.price_paise end)`;
