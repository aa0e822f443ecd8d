// How the admin lists show a price and the stock of something sold: each at its price, by weight at its price per
// kg ('Rs.480.00 / kg') with its stock as a weight ('25 kg'), in the shared formats.
import { useTranslation } from 'react-i18next';
import { formatPerKg, formatRs, formatWeight, rupeesToPaise, type SellableWire } from '@kade/shared';

/** The price as a list shows it: per kg for a product sold by weight. */
export function priceText(item: Pick<SellableWire, 'price' | 'sellBy'>): string {
  const paise = rupeesToPaise(item.price);
  return item.sellBy === 'WEIGHT' ? formatPerKg(paise) : formatRs(paise);
}

/** 'In stock: 25 kg' for a product sold by weight (its stock counts grams); nothing for one sold each. */
export function WeighedStock({ item, className }: { item: Pick<SellableWire, 'stock' | 'sellBy'>; className?: string }) {
  const { t } = useTranslation();
  if (item.sellBy !== 'WEIGHT') return null;
  return <span className={className}>{t('weighedAdmin.inStock', { weight: formatWeight(item.stock) })}</span>;
}
