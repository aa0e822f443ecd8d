import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useOffline } from '../../lib/network-state';
import { userAtom } from '../../state/atoms';
import { useOutboxKey } from '../../state/outbox';

/**
 * Under the shop's header while the shop cannot reach its server (issue 37 item 5): the pages seen before still
 * show, and the notice says so; for a signed-in shopper also that cart changes are kept and sent later, and that an
 * order waits when one does. A live region, so going offline and coming back are read out.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  const signedIn = useAtomValue(userAtom) !== null;
  const waitingKey = useOutboxKey();
  return (
    <div className="offline-notice-slot" role="status">
      {offline ? (
        <div className="offline-notice">
          <p className="offline-notice__title">{t('offline.title')}</p>
          <p>{t('offline.message')}</p>
          {signedIn ? <p>{t('outbox.noticeCart')}</p> : null}
          {signedIn && waitingKey ? <p>{t('outbox.noticeOrder')}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
