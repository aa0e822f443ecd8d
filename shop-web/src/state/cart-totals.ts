import { computeTotals, DEFAULT_FEE_OPTION_LABEL, rupeesToPaise, type Totals } from '@kade/shared';
import type { CartLine } from './atoms';

/**
 * Turns cart lines into the totals of @kade/shared: the chosen delivery option's fee, or the default
 * option's before one is chosen (DESIGN.md section 10). The server computes the same with the same rule.
 */
export function cartTotals(lines: readonly CartLine[], optionLabel?: string | null): Totals {
  return computeTotals(
    lines.map((line) => ({ pricePaise: rupeesToPaise(line.productId.price), discount: line.productId.discount, quantity: line.quantity })),
    optionLabel ?? DEFAULT_FEE_OPTION_LABEL,
  );
}
