// The dashboard's gates: any logged-in user (anonymous visitors go to /login), and a permission of the shared
// role table ('Do not have permission' for everyone else; the server refuses them anyway).
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { can, TEXT, type Permission } from '@kade/shared';
import { RIDER_HOME, STAFF_HOME } from '../../lib/dashboard-links';
import { useCan } from '../../state/use-can';
import { sessionCheckedAtom, userAtom } from '../../state/atoms';
import { Loading } from '../../components/loading';
import { paths } from '../../lib/paths';

/** Renders the nested routes for a logged-in user; waits for the stored session to be checked first. */
export function RequireLogin() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const location = useLocation();
  if (!checked) return <Loading />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  // Riders have no dashboard: their deliveries are their page.
  if (can(user.role, 'deliveries.carry')) return <Navigate to={RIDER_HOME} replace />;
  return <Outlet />;
}

/** The permission wrapper: its pages for those who have the permission, 'Do not have permission' in red for everyone else. */
export function RequirePermission({ permission }: { permission: Permission }) {
  if (!useCan(permission)) {
    return (
      <p className="no-permission" role="alert">
        {TEXT.noPermission}
      </p>
    );
  }
  return <Outlet />;
}

/** /dashboard itself: staff and admins start on the orders (issue 36: a login asked from /dashboard lands there), a shopper on the profile. */
export function DashboardHome() {
  const staff = useCan('orders.view');
  return <Navigate to={staff ? STAFF_HOME : paths.dashboard.profile} replace />;
}
