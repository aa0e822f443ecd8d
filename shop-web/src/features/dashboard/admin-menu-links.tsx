// The staff part of the side menu (a lazy chunk): the order lists with their counts, kept current by the live
// order events (Pending highlighted), and the admin pages the role may open.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { NavLink } from 'react-router-dom';
import { ORDER_LISTS, type OrderListKey } from '@kade/shared';
import { dashboardApi } from './api/dashboard-api';
import { useOrderEvents } from '../../lib/realtime';
import { ordersAtom, userAtom } from '../../state/atoms';
import { ADMIN_PAGE_LINKS, linksFor } from '../../lib/dashboard-links';
import { MenuLinks } from './menu-links';
import { paths } from '../../lib/paths';


type Counts = Partial<Record<OrderListKey, number>>;

export default function AdminMenuLinks() {
  const [counts, setCounts] = useState<Counts | null>(null);
  const setOrders = useSetAtom(ordersAtom);
  const role = useAtomValue(userAtom)?.role;
  const pages = linksFor(role, ADMIN_PAGE_LINKS);
  const timer = useRef<number | undefined>(undefined);

  const load = useCallback(async () => {
    try {
      const answer = await dashboardApi.orderCounts();
      const next = answer.counts ?? {};
      setCounts(next);
      setOrders((orders) => ({ ...orders, pending: next.pending ?? 0 }));
    } catch {
      // the counts are a convenience: the lists themselves show their totals
    }
  }, [setOrders]);

  // A burst of events (a counter moving several orders) reloads the counts once.
  const reloadSoon = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void load(), 300);
  }, [load]);

  useEffect(() => {
    void load();
    return () => window.clearTimeout(timer.current);
  }, [load]);
  useOrderEvents({ onNew: reloadSoon, onStatus: reloadSoon, onReconnect: reloadSoon });

  return (
    <>
      <h2 className="dash-menu__heading">Orders</h2>
      <ul className="dash-menu">
        {ORDER_LISTS.map((list) => (
          <li key={list.key}>
            <NavLink to={paths.dashboard.orderList(list.key)} className={`dash-menu__link${list.key === 'pending' ? ' dash-menu__link--pending' : ''}`}>
              <span>{list.title}</span>
              {counts ? (
                <span className="dash-menu__count" data-testid={`count-${list.key}`}>
                  {counts[list.key] ?? 0}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
      {pages.length > 0 ? (
        <>
          {/* a clerk's other pages (the day's report) are the store's, not an admin's */}
          <h2 className="dash-menu__heading">{role === 'ADMIN' ? 'Admin' : 'Store'}</h2>
          <MenuLinks links={pages} />
        </>
      ) : null}
    </>
  );
}
