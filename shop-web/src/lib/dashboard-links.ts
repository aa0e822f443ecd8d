// The dashboard's pages as the menus list them, once: the account menu and the dashboard's side menu.
// The order lists come from the shared ORDER_LISTS (the side menu adds their counts).

export interface DashboardLink {
  to: string;
  label: string;
  /** Which count the account menu shows beside the link. */
  count?: 'orders' | 'pending';
}

/** Pages every logged-in user has. */
export const SHOPPER_LINKS: readonly DashboardLink[] = [
  { to: '/dashboard/profile', label: 'Profile' },
  { to: '/dashboard/myorders', label: 'My Orders', count: 'orders' },
  { to: '/dashboard/address', label: 'Save Address' },
];

/** The admin's catalogue, address and user pages (the order lists are listed from ORDER_LISTS). */
export const ADMIN_PAGE_LINKS: readonly DashboardLink[] = [
  { to: '/dashboard/category', label: 'Category' },
  { to: '/dashboard/subcategory', label: 'Sub Category' },
  { to: '/dashboard/upload-product', label: 'Upload Product' },
  { to: '/dashboard/variation', label: 'Variation' },
  { to: '/dashboard/product', label: 'Product' },
  { to: '/dashboard/alladdress', label: 'All Address' },
  { to: '/dashboard/sign', label: 'Users' },
];
