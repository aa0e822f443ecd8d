// /dashboard/credit: the shopper's store credit (issue 35): what they can spend now, and every entry of the ledger
// (credit added with its code and expiry date, used on an order, expired, given back), newest first, as the server
// answers GET /api/credit. In the shopper's language (a shopper page: SHOPPER_LINKS).
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatRs, rupeesToPaise, type CreditWire } from '@kade/shared';
import { Loading } from '../../../components/loading';
import { showError } from '../../../lib/show-error';
import { useShopperDateTime } from '../../../lib/shop-clock';
import { userAtom } from '../../../state/atoms';
import { creditApi } from '../api/credit-api';
import './credit.css';

/** The server's own reasons, said in the shopper's words; a reason typed by the shop is shown as it is. */
const KNOWN_REASONS: Readonly<Record<string, string>> = { refund: 'refund', order: 'order', 'order cancelled': 'orderCancelled', expired: 'expired' };

export default function CreditPage() {
  const { t } = useTranslation();
  const { date } = useShopperDateTime();
  const user = useAtomValue(userAtom);
  const [credit, setCredit] = useState<CreditWire | null>(null);

  useEffect(() => {
    if (!user) return;
    creditApi.mine().then(
      (answer) => setCredit(answer.data),
      (error: unknown) => showError(error),
    );
  }, [user]);

  return (
    <section className="credit-page" aria-labelledby="credit-title">
      <h1 id="credit-title">{t('problems.credit.title')}</h1>
      {credit === null ? (
        <Loading />
      ) : (
        <>
          <p className="credit-page__balance">
            <span>{t('problems.credit.balance')}</span>
            <strong data-testid="credit-balance">{formatRs(rupeesToPaise(credit.balance))}</strong>
          </p>
          <p className="credit-page__hint">{t('problems.credit.hint')}</p>
          {credit.entries.length === 0 ? (
            <p className="empty">{t('problems.credit.none')}</p>
          ) : (
            <ul className="credit-page__entries" aria-label={t('problems.credit.entries')}>
              {credit.entries.map((entry) => {
                const reasonKey = KNOWN_REASONS[entry.reason];
                return (
                  <li key={entry._id} className={`credit-entry credit-entry--${entry.kind.toLowerCase()}`}>
                    <span className="credit-entry__kind">{t(`problems.credit.kind.${entry.kind}`)}</span>
                    <strong className="credit-entry__amount">{formatRs(rupeesToPaise(entry.amount))}</strong>
                    <span className="credit-entry__reason">{reasonKey ? t(`problems.credit.reason.${reasonKey}`) : entry.reason}</span>
                    <span className="credit-entry__date">{date(entry.createdAt)}</span>
                    {entry.code ? <span className="credit-entry__code">{t('problems.credit.code', { code: entry.code })}</span> : null}
                    {entry.expiresAt ? <span className="credit-entry__expires">{t('problems.credit.expires', { date: date(entry.expiresAt) })}</span> : null}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
