import { useTranslation } from 'react-i18next';
import { discountedPricePaise, formatPerKg, formatRs, localDiscountLabel, perKgChargePaise, rupeesToPaise } from '@kade/shared';
import { useLanguage } from '../state/language';

/**
 * The price after discount, and the struck original with 'N% off' when there is a discount, in the shopper's language. `perKg` for a product
 * sold by weight (issue 34): both read per kg ('Rs.480.00 / kg'), the paid one by the shared per-kg rule.
 */
export function Price({ price, discount, size = 'normal', perKg = false }: { price: number; discount: number; size?: 'normal' | 'large'; perKg?: boolean }) {
  const pricePaise = rupeesToPaise(price);
  const paid = perKg ? perKgChargePaise(pricePaise, discount) : discountedPricePaise(pricePaise, discount);
  const language = useLanguage();
  const off = localDiscountLabel(discount, language);
  const show = perKg ? (paise: number) => formatPerKg(paise, language) : formatRs;
  const { t } = useTranslation();
  return (
    <div className={`price price--${size}`}>
      <span className="price__paid">{show(paid)}</span>
      {off && paid < pricePaise ? (
        <>
          <s className="price__was">
            <span className="visually-hidden">{t('product.was')} </span>
            {show(pricePaise)}
          </s>
          <span className="price__off">{off}</span>
        </>
      ) : null}
    </div>
  );
}
