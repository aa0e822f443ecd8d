// The dashboard's two gates: any logged-in user (anonymous visitors go to /login), and admins only
// ('Do not have permission' for everyone else; the server refuses them anyway).
import { useAtomValue } from 'jotai';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { ADMIN_ROLE, TEXT } from '@kade/shared';
import { sessionCheckedAtom, userAtom } from '../../state/atoms';
import { Loading } from '../../components/loading';


/** Renders the nested routes for a logged-in user; waits for the stored session to be checked first. */
export function RequireLogin() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const location = useLocation();
  if (!checked) return <Loading />;
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** True when the signed-in user is an admin. */
export function useIsAdmin(): boolean {
  return useAtomValue(userAtom)?.role === ADMIN_ROLE;
}

/** The permission wrapper: admin pages for admins, 'Do not have permission' in red for everyone else. */
export function AdminOnly() {
  if (!useIsAdmin()) {
    return (
      <p className="no-permission" role="alert">
        {TEXT.noPermission}
      </p>
    );
  }
  return <Outlet />;
}
