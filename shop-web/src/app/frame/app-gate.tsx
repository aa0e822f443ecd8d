import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { TEXT } from '@kade/shared';
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
  if (!isGated(config, pathname)) return <>{children}</>;
  return (
    <main className="gate">
      <h1>{config.name}</h1>
      <p>{TEXT.appOnly.replace('Kade', config.name)}</p>
      <a className="button button--primary" href={config.storeUrl} rel="noopener noreferrer">
        Download the app
      </a>
    </main>
  );
}
