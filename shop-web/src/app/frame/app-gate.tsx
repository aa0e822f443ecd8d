import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isGated } from '@kade/shared';
import { useShopConfig } from '../../lib/shop-config';

/** The app-shell gate of SPEC.md section 1. */
export function AppGate({ children }: { children: ReactNode }) {
  const config = useShopConfig();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  if (!isGated(config, pathname)) return <>{children}</>;
  return (
    <main className="gate">
      <h1>{config.name}</h1>
      <p>{t('gate.appOnly', { shop: config.name })}</p>
      <a className="button button--primary" href={config.storeUrl} rel="noopener noreferrer">
        {t('gate.download')}
      </a>
    </main>
  );
}
