import type { Totals } from '@kade/shared';
import type { CartLine } from './atoms';
import { cartCheckout } from './weighed';

/**
 * Turns cart lines into the totals of @kade/shared: the chosen delivery option's fee, or the default
 * option's before one is chosen (DESIGN.md section 10). The server computes the same with the same rule. A weighed
 * line counts at its asked grams (the estimate); `cartCheckout` (state/weighed.ts) also gives the "at most" figure.
 */
export function cartTotals(lines: readonly CartLine[], optionLabel?: string | null): Totals {
  return cartCheckout(lines, optionLabel).estimate;
}
