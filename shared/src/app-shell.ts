// SPEC.md section 1's app-shell gate, decided once for the app (which shows the 'use the app' message) and the
// server (which draws the home page's first paint only for a visit that will see the shop).

/**
 * True when this visit must see only the 'use the app' message (APP_SHELL_ONLY on, outside the shell, not
 * /dashboard). /login stays open too: the dashboard sends anonymous visitors there, and admins use any browser.
 */
export function isGated(config: { appShellOnly: boolean; insideShell: boolean }, pathname: string): boolean {
  if (!config.appShellOnly || config.insideShell) return false;
  return !(pathname === '/dashboard' || pathname.startsWith('/dashboard/') || pathname === '/login');
}
