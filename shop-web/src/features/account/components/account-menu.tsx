import { useEffect, useId } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { can, ORDER_LISTS, roleTag } from '@kade/shared';
import { ordersAtom, userAtom } from '../../../state/atoms';
import { useLogout } from '../../../state/session';
import { useIsNarrow } from '../../../lib/use-media-query';
import { usePopupMenu } from '../../../lib/use-popup-menu';
import { ADMIN_PAGE_LINKS, linksFor, SHOPPER_LINKS, type DashboardLink } from '../../../lib/dashboard-links';
import './account.css';
import { paths } from '../../../lib/paths';

/** The staff's and admin's links: the pages, then the order lists (Pending with its count); each shown to the roles that may open it. */
const STAFF_LINKS: readonly DashboardLink[] = [
  ...ADMIN_PAGE_LINKS,
  ...ORDER_LISTS.map((list): DashboardLink => ({ to: paths.dashboard.orderList(list.key), label: list.title, permission: 'orders.view', ...(list.key === 'pending' ? { count: 'pending' as const } : {}) })),
];

/** The account's links: 'My Account', the name ('(Admin)' for admins, '(Staff)' for staff), the allowed dashboard links, 'Log Out'. */
export function AccountLinks() {
  const user = useAtomValue(userAtom);
  const orders = useAtomValue(ordersAtom);
  const logout = useLogout();
  const { t } = useTranslation();
  if (!user) return null;
  const tag = roleTag(user.role);
  const links = can(user.role, 'orders.view') ? [...SHOPPER_LINKS, ...linksFor(user.role, STAFF_LINKS)] : SHOPPER_LINKS;
  return (
    <>
      <p className="account__title">{t('account.myAccount')}</p>
      <p className="account__name">
        {user.name || user.mobile} {tag ? <span className="account__admin">{tag}</span> : null}
      </p>
      <ul>
        {links.map((link) => {
          const count = link.count === 'orders' ? orders.count : link.count === 'pending' ? orders.pending : null;
          return (
            <li key={link.to}>
              <Link to={link.to}>
                {link.labelKey ? t(link.labelKey) : link.label}
                {count !== null && count !== undefined ? <span className="account__count">{count}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button--ghost account__logout" onClick={() => void logout()}>
        {t('account.logOut')}
      </button>
    </>
  );
}

/** The account menu: 'My Account', the name ('(Admin)' for admins), the allowed dashboard links, 'Log Out'; 'Login' when anonymous. */
export function AccountMenu() {
  const user = useAtomValue(userAtom);
  const { open, setOpen, box } = usePopupMenu();
  const menuId = useId();
  const { pathname } = useLocation();
  const narrow = useIsNarrow();
  const { t } = useTranslation();

  useEffect(() => setOpen(false), [pathname]);

  if (!user) {
    return (
      <Link to={paths.login} className="button button--ghost">
        {t('account.login')}
      </Link>
    );
  }
  // On a phone the account menu is a page of its own (/user), as in the store's app.
  if (narrow) {
    return (
      <Link to={paths.user} className="button button--ghost">
        {t('account.account')}
      </Link>
    );
  }
  return (
    <div className="account" ref={box}>
      <button type="button" className="button button--ghost" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((v) => !v)}>
        {t('account.account')}
      </button>
      {open ? (
        <div className="account__menu" id={menuId}>
          <AccountLinks />
        </div>
      ) : null}
    </div>
  );
}
