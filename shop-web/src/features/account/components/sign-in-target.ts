import { homeAfterLogin } from '../../../lib/dashboard-links';

/** Where the login was asked from (the cart's Proceed, a guarded page), if it is a path of this app. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/**
 * Where a login or a registration goes once signed in: back where it was asked from; else a shopper goes home,
 * staff to the Pending orders and a rider to their deliveries.
 */
export function afterSignIn(state: unknown, role: string | undefined): string {
  return returnPath(state) ?? homeAfterLogin(role);
}
