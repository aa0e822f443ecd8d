import { useTranslation } from 'react-i18next';
import { AddToCart } from '../../../components/add-to-cart';
import { Price } from '../../../components/price';
import { imageAt } from '../../../lib/images';
import type { CartLine } from '../../../state/atoms';
import { useLiveStock } from '../../../state/live-stock';
import { useLocalName, useLocalUnit } from '../../../state/local-name';
import { SubstitutionSelect } from './substitution-select';

/** The cart's lines with their steppers (the drawer and /cart). */
export function CartLines({ lines }: { lines: readonly CartLine[] }) {
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const { t } = useTranslation();
  const stockOf = useLiveStock();
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <li key={line._id} className="cart-line" aria-label={nameOf(line.productId)}>
          <img src={imageAt(line.productId.image[0], 160)} alt="" width={56} height={56} />
          <div className="cart-line__text">
            <span className="cart-line__name">{nameOf(line.productId)}</span>
            <span className="cart-line__unit">{unitOf(line.productId.unit)}</span>
            <Price price={line.productId.price} discount={line.productId.discount} perKg={line.productId.sellBy === 'WEIGHT'} />
            {stockOf(line.productId) <= 0 && line.problem !== 'UNAVAILABLE' ? (
              <span className="cart-line__problem">{t('product.outOfStock')}</span>
            ) : line.problem ? (
              <span className="cart-line__problem">{line.problem === 'OUT_OF_STOCK' ? t('product.outOfStock') : t('cart.notAvailable')}</span>
            ) : null}
          </div>
          <AddToCart product={line.productId} compact />
          <SubstitutionSelect line={line} name={nameOf(line.productId)} />
        </li>
      ))}
    </ul>
  );
}
