import { isOrderStatus, STATUS_COLOURS, statusLabel } from '@kade/shared';
import './status-badge.css';

/** An order's status in its colour (the shared STATUS_COLOURS), for My Orders and the admin order lists. */
export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status);
  const colour = isOrderStatus(label) ? STATUS_COLOURS[label] : STATUS_COLOURS.Pending;
  return (
    <span className="status-badge" data-colour={colour.name} style={{ color: colour.text, background: colour.background }}>
      {label}
    </span>
  );
}
