import { useTranslation } from 'react-i18next';
import { formatRs } from '@kade/shared';
import { useShopperDateTime } from '../../../lib/shop-clock';

/**
 * Store credit at checkout (issue 35): 'Rs.150 credit applied, expires 12 Oct' (what this order will use, and when the
 * soonest of it expires), with a switch to keep the credit for a later order. Nothing when the account has none.
 */
export function CreditLine({ balancePaise, creditPaise, expiresAt, useCredit, onUseCredit }: {
  balancePaise: number;
  creditPaise: number;
  expiresAt: Date | null;
  useCredit: boolean;
  onUseCredit: (use: boolean) => void;
}) {
  const { t } = useTranslation();
  const { date } = useShopperDateTime();
  if (balancePaise <= 0) return null;
  return (
    <section className="credit-line" aria-label={t('promo.creditTitle')}>
      <p data-testid="credit-applied">
        {useCredit && creditPaise > 0 && expiresAt
          ? t('promo.creditApplied', { amount: formatRs(creditPaise), date: date(expiresAt) })
          : t('promo.creditKept', { amount: formatRs(balancePaise) })}
      </p>
      <label className="credit-line__switch">
        <input type="checkbox" role="switch" checked={!useCredit} onChange={(event) => onUseCredit(!event.target.checked)} />
        <span>{t('promo.keepCredit')}</span>
      </label>
    </section>
  );
}
