import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRs, formatWeight, isFreshCategory, isSingleQuantity, maxQuantity, type WeighedRule } from '@kade/shared';
import { useShopClock } from '../lib/shop-clock';
import { useCartActions } from '../state/cart-actions';
import { useLiveStock } from '../state/live-stock';
import { useLocalName } from '../state/local-name';
import { askedGrams, weighedEstimatePaise, weighedRule } from '../state/weighed';
import type { CartLine } from '../state/atoms';
import type { SellableProduct } from './types';

/** True when the product is in Vegetable or Meat (the fresh hours apply). */
export function isFreshProduct(product: SellableProduct): boolean {
  return (product.category ?? []).some((c) => isFreshCategory(c.name));
}

/**
 * A weighed product's stepper (issue 34): the weight asked ('750 g', '1.25 kg') between − and +, one step each, +
 * stopping at the maximum or the stock, − at the minimum removing the line; beside it the line's estimate.
 */
function WeightStepper({ product, line, rule, max, name, className }: { product: SellableProduct; line: CartLine; rule: WeighedRule; max: number; name: string; className: string }) {
  const { t } = useTranslation();
  const { setQuantity } = useCartActions();
  const atMinimum = line.quantity <= rule.minGrams / rule.stepGrams;
  return (
    <div className="weighed">
      <div className={`${className} stepper stepper--weight`} role="group" aria-label={t('weighed.weighOf', { name })}>
        <button
          type="button"
          className="stepper__button"
          onClick={() => void setQuantity(line, atMinimum ? 0 : line.quantity - 1)}
          aria-label={atMinimum ? t('product.removeNamed', { name }) : t('weighed.decrease', { name })}
        >
          −
        </button>
        <span className="stepper__count stepper__weight" aria-live="polite">
          {formatWeight(askedGrams(rule, line.quantity))}
        </span>
        <button type="button" className="stepper__button" onClick={() => void setQuantity(line, line.quantity + 1)} disabled={line.quantity >= max} aria-label={t('weighed.increase', { name })}>
          +
        </button>
      </div>
      <span className="weighed__estimate" data-testid="weighed-estimate">
        {t('weighed.estimate', { amount: formatRs(weighedEstimatePaise(product, rule, line.quantity)) })}
      </span>
    </div>
  );
}

/**
 * 'Add', or the quantity stepper once the item is in the cart (stepping down at 1 removes it); for a product sold
 * by weight the weight stepper. 'Out of Stock' at stock 0 (or, by weight, less than its minimum), 'Run Out' outside
 * the shop hours, and the fresh hours' label for Vegetable and Meat outside them.
 */
export function AddToCart({ product, compact = false }: { product: SellableProduct; compact?: boolean }) {
  const { shopOpen, freshOpen, freshLabel } = useShopClock();
  const { t } = useTranslation();
  const { lineFor, add, setQuantity } = useCartActions();
  const line = lineFor(product._id);
  const stock = useLiveStock()(product);
  // a product that ran out while the page is open (stock:out) takes no more, even from a line already in the cart
  const max = stock <= 0 ? 0 : (line?.maxQuantity ?? maxQuantity({ ...product, stock }));
  const className = `add-to-cart${compact ? ' add-to-cart--compact' : ''}`;
  const name = useLocalName()(product);
  const rule = weighedRule(product);
  const limitId = useId();

  // by weight, fewer grams than the minimum is none to sell
  if ((stock <= 0 || (rule !== null && max <= 0)) && !line) {
    return (
      <span className={`${className} add-to-cart--out`} role="note">
        {t('product.outOfStock')}
      </span>
    );
  }
  if (!shopOpen) {
    return (
      <button type="button" className={`${className} add-to-cart--closed`} disabled>
        {t('product.runOut')}
      </button>
    );
  }
  if (!freshOpen && isFreshProduct(product)) {
    return (
      <button type="button" className={`${className} add-to-cart--closed`} disabled aria-label={t('product.availableAt', { hours: freshLabel })}>
        {freshLabel}
      </button>
    );
  }
  if (!line) {
    return (
      <button type="button" className={className} onClick={() => void add(product._id, product)} aria-label={t('product.addNamed', { name })}>
        {t('product.add')}
      </button>
    );
  }
  if (rule) return <WeightStepper product={product} line={line} rule={rule} max={max} name={name} className={className} />;
  // a Deal (single-quantity) at its one: the greyed + says why (issue 36)
  const onePerOrder = isSingleQuantity(product) && line.quantity >= max;
  const stepper = (
    <div className={`${className} stepper`} role="group" aria-label={t('product.quantityOf', { name })}>
      <button
        type="button"
        className="stepper__button"
        onClick={() => void setQuantity(line, line.quantity - 1)}
        aria-label={line.quantity <= 1 ? t('product.removeNamed', { name }) : t('product.oneLess', { name })}
      >
        −
      </button>
      <span className="stepper__count" aria-live="polite">
        {line.quantity}
      </span>
      <button
        type="button"
        className="stepper__button"
        onClick={() => void setQuantity(line, line.quantity + 1)}
        disabled={line.quantity >= max}
        aria-label={t('product.oneMore', { name })}
        aria-describedby={onePerOrder ? limitId : undefined}
      >
        +
      </button>
    </div>
  );
  if (!onePerOrder) return stepper;
  return (
    <span className="add-to-cart__limited">
      {stepper}
      <span className="add-to-cart__limit" id={limitId}>
        {t('roughEdges.product.onePerOrder')}
      </span>
    </span>
  );
}
