import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { AccountMenu } from '../../features/account/components/account-menu';
import { CartButton } from '../../features/cart/components/cart-button';
import { LanguageSwitch } from '../../components/language-switch';
import { useShopConfig } from '../../lib/shop-config';
import { DeliveryBanner } from './delivery-banner';
import { SearchBar } from './search-bar';
import { paths } from '../../lib/paths';
import { useToastClearance } from '../../lib/use-toast-clearance';

/** The header: logo, delivery banner, account and cart in the top row (hidden on /search with a query), then search. */
export function Header() {
  const config = useShopConfig();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const hideTop = pathname === paths.search && (params.get('q') ?? '') !== '';
  const box = useRef<HTMLElement>(null);
  useToastClearance(box);
  return (
    <header className="header" ref={box}>
      {hideTop ? null : (
        <div className="header__top">
          <Link to={paths.home} className="header__logo" aria-label={t('header.home', { shop: config.name })}>
            {config.name}
          </Link>
          <DeliveryBanner />
          <div className="header__actions">
            <LanguageSwitch />
            <AccountMenu />
            <CartButton />
          </div>
        </div>
      )}
      <div className="header__search">
        <SearchBar />
      </div>
    </header>
  );
}
