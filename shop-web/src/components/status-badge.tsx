import { useTranslation } from 'react-i18next';
import { isOrderStatus, STATUS_COLOURS, statusLabel } from '@kade/shared';
import './status-badge.css';

/**
 * An order's status in its colour (the shared STATUS_COLOURS), for My Orders and the admin order lists. The
 * shopper's screens pass `translated` and show it in their language; the dashboard stays English.
 */
export function StatusBadge({ status, translated = false }: { status: string; translated?: boolean }) {
  const label = statusLabel(status);
  const { t } = useTranslation();
  const colour = isOrderStatus(label) ? STATUS_COLOURS[label] : STATUS_COLOURS.Pending;
  return (
    <span className="status-badge" data-colour={colour.name} style={{ color: colour.text, background: colour.background }}>
      {translated && isOrderStatus(label) ? t(`status.${label}`) : label}
    </span>
  );
}
