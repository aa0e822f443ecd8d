import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { CartDrawer } from '../../features/cart/components/cart-drawer';
import { ViewCartBar } from '../../features/cart/components/view-cart-bar';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineNotice } from './offline-notice';
import { OrderingNotice } from './ordering-notice';
import { PageBoundary } from './page-boundary';

/** The shop's frame: header, the notices while offline and while the shop takes no orders, the page (or why it failed: page-boundary.tsx), footer, the cart drawer and the phone's 'View Cart' bar. */
export function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        {t('common.skip')}
      </a>
      <Header />
      <main id="main" className="frame__main">
        <OfflineNotice />
        <OrderingNotice />
        <PageBoundary resetKey={pathname}>
          <Outlet />
        </PageBoundary>
      </main>
      <Footer />
      <ViewCartBar />
      <CartDrawer />
    </div>
  );
}
