import { useTranslation } from 'react-i18next';
import { closedNotice } from '../../lib/ordering-text';
import { useShopConfig } from '../../lib/shop-config';
import { useOrdering } from '../../state/ordering';
import { useLanguage } from '../../state/language';

/**
 * Under the shop's header on every page while the shop takes no orders: 'We are not taking orders right now',
 * why, and when it expects to reopen. A live region, so a change while the page is open is read out.
 */
export function OrderingNotice() {
  const { timeZone, shopHours } = useShopConfig();
  const { t } = useTranslation();
  const language = useLanguage();
  const notice = closedNotice(useOrdering(), timeZone, { say: t, language, shopHours });
  return (
    <div className="ordering-notice-slot" role="status">
      {notice ? (
        <div className="ordering-notice">
          <p className="ordering-notice__title">{notice.title}</p>
          <p>
            {notice.message}
            {notice.until ? ` ${notice.until}` : ''}
          </p>
        </div>
      ) : null}
    </div>
  );
}
