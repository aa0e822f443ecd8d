import { useTranslation } from 'react-i18next';
import { discountPercentLabel, discountedPricePaise, formatRs, rupeesToPaise } from '@kade/shared';

/** The price after discount, and the struck original with 'N% off' when there is a discount. */
export function Price({ price, discount, size = 'normal' }: { price: number; discount: number; size?: 'normal' | 'large' }) {
  const pricePaise = rupeesToPaise(price);
  const paid = discountedPricePaise(pricePaise, discount);
  const off = discountPercentLabel(discount);
  const { t } = useTranslation();
  return (
    <div className={`price price--${size}`}>
      <span className="price__paid">{formatRs(paid)}</span>
      {off && paid < pricePaise ? (
        <>
          <s className="price__was">
            <span className="visually-hidden">{t('product.was')} </span>
            {formatRs(pricePaise)}
          </s>
          <span className="price__off">{off}</span>
        </>
      ) : null}
    </div>
  );
}
