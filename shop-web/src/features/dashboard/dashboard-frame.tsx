// The dashboard's frame: a top bar, the side menu (a drawer on phones) with the links the role allows,
// and the page. It stays light: the staff part of the menu (order counts, live updates, the pages the role may
// open) and the printer status are lazy chunks loaded only for staff and admins, so a shopper's
// /dashboard/myorders pulls no admin code. The admin pieces (printer status, busy mode) come from the app as
// slots: a feature does not import another.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { userAtom } from '../../state/atoms';
import { roleTag, TEXT } from '@kade/shared';
import { LanguageSwitch } from '../../components/language-switch';
import { useLogout } from '../../state/session';
import { useCan } from '../../state/use-can';
import './dashboard.css';
import { SHOPPER_LINKS } from '../../lib/dashboard-links';
import { MenuLinks } from './menu-links';
import { useShopConfig } from '../../lib/shop-config';
import { useTranslation } from 'react-i18next';
import { isEnglishOnlyPage } from '../../i18n/i18n';
import { paths } from '../../lib/paths';
import { useToastClearance } from '../../lib/use-toast-clearance';

/** The frame's own words on the staff's pages, which stay English. */
const ENGLISH = { skip: 'Skip to content', menu: 'Menu', closeMenu: 'Close menu', nav: 'Dashboard', backToShop: 'Back to the shop', logOut: TEXT.logOut };

const AdminMenuLinks = lazy(() => import('./admin-menu-links'));

/** The staff's pieces of the frame, each rendered only for those allowed (so a lazy one loads only for them). */
export interface DashboardSlots {
  /** The counter printer's state, for staff (orders.view). */
  printerStatus: ReactNode;
  /** Busy mode's pause and resume, for those who may pause (store.pause). */
  pauseControl: ReactNode;
  /** The red banner above the page while ordering is paused, for those who may pause. */
  orderingAlert: ReactNode;
}

export function DashboardFrame({ slots }: { slots: DashboardSlots }) {
  const user = useAtomValue(userAtom);
  const shopName = useShopConfig().name;
  const isStaff = useCan('orders.view');
  const mayPause = useCan('store.pause');
  const tag = roleTag(user?.role);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { t } = useTranslation();
  // The shopper's own pages (profile, My Orders, addresses) speak the shopper's language, frame and links too.
  const shopperPage = !isEnglishOnlyPage(pathname);
  const words = shopperPage
    ? { skip: t('common.skip'), menu: t('dashboard.menu'), closeMenu: t('dashboard.closeMenu'), nav: t('account.myAccount'), backToShop: t('roughEdges.backToShop'), logOut: t('account.logOut') }
    : ENGLISH;
  const logout = useLogout();
  const closeButton = useRef<HTMLButtonElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLElement>(null);
  useToastClearance(bar);
  // Closing by hand gives the focus back to the Menu button.
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  // The drawer closes when a link is followed.
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return undefined;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="dash">
      <a className="skip-link" href="#main">
        {words.skip}
      </a>
      <header className="dash__bar" ref={bar}>
        <button ref={toggle} type="button" className="dash__menu-toggle button button--ghost" aria-expanded={open} aria-controls="dash-menu" onClick={() => setOpen((v) => !v)}>
          {words.menu}
        </button>
        <Link to={paths.home} className="dash__logo">
          {shopName}
        </Link>
        <span className="dash__who">{user ? `${user.name}${tag ? ` ${tag}` : ''}` : ''}</span>
        {/* the shopper's pages speak the shopper's language: the switch is here as in the shop's header (issue 36) */}
        {shopperPage ? <LanguageSwitch /> : null}
        {mayPause ? (
          <Suspense fallback={null}>
            {slots.pauseControl}
          </Suspense>
        ) : null}
        {isStaff ? (
          <Suspense fallback={null}>
            {slots.printerStatus}
          </Suspense>
        ) : null}
      </header>
      <div className="dash__body">
        <nav id="dash-menu" className={`dash__menu${open ? ' dash__menu--open' : ''}`} aria-label={words.nav}>
          <button ref={closeButton} type="button" className="dash__menu-close button button--ghost" onClick={close}>
            {words.closeMenu}
          </button>
          <Link to={paths.home} className="dash-menu__link dash-menu__back">
            <span aria-hidden="true">←</span> {words.backToShop}
          </Link>
          <MenuLinks links={SHOPPER_LINKS} translated={shopperPage} />
          {isStaff ? (
            <Suspense fallback={null}>
              <AdminMenuLinks />
            </Suspense>
          ) : null}
          <button type="button" className="button button--ghost dash__logout" onClick={() => void logout()}>
            {words.logOut}
          </button>
        </nav>
        {open ? <div className="dash__scrim" aria-hidden="true" onClick={close} /> : null}
        <main id="main" className="dash__main">
          {mayPause ? (
            <Suspense fallback={null}>
              {slots.orderingAlert}
            </Suspense>
          ) : null}
          <Outlet />
        </main>
      </div>
    </div>
  );
}
