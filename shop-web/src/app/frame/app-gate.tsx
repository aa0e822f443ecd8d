import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useShopConfig } from '../../lib/shop-config';

/**
 * True when this visit must see only the 'use the app' message (APP_SHELL_ONLY on, outside the shell, not
 * /dashboard). /login stays open too: the dashboard sends anonymous visitors there, and admins use any browser.
 */
export function isGated(config: { appShellOnly: boolean; insideShell: boolean }, pathname: string): boolean {
  if (!config.appShellOnly || config.insideShell) return false;
  return !(pathname === '/dashboard' || pathname.startsWith('/dashboard/') || pathname === '/login');
}

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
