import type { Knex } from 'knex';
import { can, ENDPOINTS, orderingForShoppers, type ShopConfigWire } from '@kade/shared';
import type { Config } from '../../config';
import type { Clock } from '../../clock';
import { route, type RouteSpec } from '../../http/route';
import { readBanner } from './banner';
import type { OrderingService } from './ordering';

/** True when the user agent carries the app shell's token (a whole word, case as configured). */
export function isInsideShell(userAgent: string | undefined, token: string): boolean {
  if (!userAgent) return false;
  return userAgent.split(/[\s;()]+/).some((part) => part === token || part.startsWith(`${token}/`));
}

export interface ShopConfigDeps {
  config: Config;
  db: Knex;
  clock: Clock;
  ordering: OrderingService;
}

/**
 * The store's public settings for a request from this user agent: what GET /api/shop/config answers, and what
 * the server writes into the pages it sends (http/static.ts) so the app renders without asking. Who paused the
 * shop is named only for `staff` (a caller with orders.view), never in a page.
 */
export async function shopConfigFor(deps: ShopConfigDeps, userAgent: string | undefined, staff = false): Promise<ShopConfigWire> {
  const ordering = await deps.ordering.state();
  const { shop, appShell } = deps.config;
  return {
    name: shop.name,
    storeUrl: shop.storeUrl,
    email: shop.email,
    phone: shop.phone,
    website: shop.website,
    address: shop.address,
    timeZone: shop.timeZone,
    shopHours: shop.shopHours,
    freshHours: shop.freshHours,
    appShellOnly: appShell.only,
    insideShell: isInsideShell(userAgent, appShell.uaToken),
    banner: await readBanner(deps.db),
    serverTime: deps.clock.now().toISOString(),
    deliveryZone: { lat: deps.config.zone.centre.lat, lng: deps.config.zone.centre.lng, radiusKm: deps.config.zone.radiusKm },
    takeAlertMinutes: shop.takeAlertMinutes,
    receiptFooter: shop.receiptFooter,
    minOrderRupees: shop.minOrderRupees,
    problemReportHours: deps.config.problemReportHours,
    weightTolerancePercent: shop.weightTolerancePercent,
    scaleLabelPattern: shop.scaleLabelPattern,
    ordering: staff ? ordering : orderingForShoppers(ordering),
  };
}

/**
 * GET /api/shop/config: the store's public settings for the web app, read at run time, and whether this
 * request comes from inside the app shell (the gate of SPEC.md section 1 decides on the request's user agent).
 */
export function shopRoutes(deps: ShopConfigDeps): RouteSpec[] {
  return [
    route(ENDPOINTS.shop.config, async ({ ctx, user }) => {
      const data = await shopConfigFor(deps, ctx.get('user-agent'), user !== undefined && can(user.role, 'orders.view'));
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Vary', 'User-Agent');
      return { data };
    }),
    route(ENDPOINTS.shop.pause, async ({ user, body }) => {
      const ordering = await deps.ordering.pause(user!, body);
      return { data: ordering, message: body.scope === 'all' ? 'New orders are paused.' : 'The fastest delivery is paused.' };
    }),
    route(ENDPOINTS.shop.resume, async () => ({ data: await deps.ordering.resume(), message: 'Orders are open again.' })),
    route(ENDPOINTS.shop.store, async () => ({ data: await deps.ordering.capacities() })),
    route(ENDPOINTS.shop.setCapacities, async ({ body }) => ({ data: await deps.ordering.setCapacities(body), message: 'Capacities saved.' })),
  ];
}
