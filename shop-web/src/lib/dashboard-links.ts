// The dashboard's pages as the menus list them, once: the account menu and the dashboard's side menu.
// The order lists come from the shared ORDER_LISTS (the side menu adds their counts). Each staff page names
// the permission it needs, so a menu shows a role only what it may open.
import { can, type Permission, type Role } from '@kade/shared';
import { paths } from './paths';

export interface DashboardLink {
  to: string;
  label: string;
  /** Which count the account menu shows beside the link. */
  count?: 'orders' | 'pending';
  /** The permission the page needs; none for a shopper's own pages. */
  permission?: Permission;
  /** The catalogue key of its name, for a page a shopper reads in their language (the staff's pages are English). */
  labelKey?: string;
}

/** Pages every logged-in user has. */
export const SHOPPER_LINKS: readonly DashboardLink[] = [
  { to: paths.dashboard.profile, label: 'Profile', labelKey: 'account.profile' },
  { to: paths.dashboard.myOrders, label: 'My Orders', count: 'orders', labelKey: 'account.myOrders' },
  { to: paths.dashboard.address, label: 'Save Address', labelKey: 'account.saveAddress' },
  { to: paths.dashboard.credit, label: 'Store credit', labelKey: 'problems.credit.title' },
];

/** True on one of the shopper's own pages under /dashboard (or a page beneath one): they speak the shopper's language. */
export function isShopperDashboardPage(pathname: string): boolean {
  return SHOPPER_LINKS.some((link) => pathname === link.to || pathname.startsWith(`${link.to}/`));
}

/** The admin's catalogue, address and user pages (the order lists are listed from ORDER_LISTS). */
export const ADMIN_PAGE_LINKS: readonly DashboardLink[] = [
  { to: paths.dashboard.category, label: 'Category', permission: 'catalogue.manage' },
  { to: paths.dashboard.subCategory, label: 'Sub Category', permission: 'catalogue.manage' },
  { to: paths.dashboard.uploadProduct, label: 'Upload Product', permission: 'catalogue.manage' },
  { to: paths.dashboard.variation, label: 'Variation', permission: 'catalogue.manage' },
  { to: paths.dashboard.product, label: 'Product', permission: 'catalogue.manage' },
  { to: paths.dashboard.allAddresses, label: 'All Address', permission: 'addresses.manage' },
  { to: paths.dashboard.users, label: 'Users', permission: 'users.manage' },
  { to: paths.dashboard.store, label: 'Store', permission: 'store.manage' },
  { to: paths.dashboard.report, label: 'Day report', permission: 'reports.view' },
  { to: paths.dashboard.problems, label: 'Problems', permission: 'credit.manage' },
  { to: paths.dashboard.promoCodes, label: 'Promo codes', permission: 'promotions.manage' },
];

/** The links a role may follow. */
export function linksFor(role: Role | string | undefined, links: readonly DashboardLink[]): DashboardLink[] {
  return links.filter((link) => link.permission === undefined || can(role, link.permission));
}

/** Where staff and admins land after logging in: the orders waiting to be taken. */
export const STAFF_HOME = paths.dashboard.orderList('pending');

/** Where a rider works: their deliveries (they have no dashboard). */
export const RIDER_HOME = paths.rider;

/** The page a role starts on after login when nothing asked for another: staff work from the Pending list, riders from their deliveries. */
export function homeAfterLogin(role: Role | string | undefined): string {
  if (can(role, 'deliveries.carry')) return RIDER_HOME;
  return can(role, 'orders.view') ? STAFF_HOME : paths.home;
}
