import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { CartDrawer } from '../../features/cart/components/cart-drawer';
import { ViewCartBar } from '../../features/cart/components/view-cart-bar';
import { Footer } from './footer';
import { Header } from './header';
import { OrderingNotice } from './ordering-notice';

/** The shop's frame: header, the notice while the shop takes no orders, the page, footer, the cart drawer and the phone's 'View Cart' bar. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="frame">
      <a className="skip-link" href="#main">
        {t('common.skip')}
      </a>
      <Header />
      <main id="main" className="frame__main">
        <OrderingNotice />
        <Outlet />
      </main>
      <Footer />
      <ViewCartBar />
      <CartDrawer />
    </div>
  );
}
