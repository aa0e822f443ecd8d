import { useTranslation } from 'react-i18next';
import { isFreshCategory, maxQuantity } from '@kade/shared';
import { useShopClock } from '../lib/shop-clock';
import { useCartActions } from '../state/cart-actions';
import { useLiveStock } from '../state/live-stock';
import { useLocalName } from '../state/local-name';
import type { SellableProduct } from './types';

/** True when the product is in Vegetable or Meat (the fresh hours apply). */
export function isFreshProduct(product: SellableProduct): boolean {
  return (product.category ?? []).some((c) => isFreshCategory(c.name));
}

/**
 * 'Add', or the quantity stepper once the item is in the cart (stepping down at 1 removes it). 'Out of Stock'
 * at stock 0, 'Run Out' outside the shop hours, and the fresh hours' label for Vegetable and Meat outside them.
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

  if (stock <= 0 && !line) {
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
  return (
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
      >
        +
      </button>
    </div>
  );
}
