// Who may do what, once: each role maps to named permissions (after Vendure's Permission list and Ghost's
// permission fixtures). Every server route and socket room declares the permission it needs; the screens ask
// the same table to decide what to show. A new role is a new row here, not a new `if` in forty places.

/** The roles of an account. */
export const ROLES = ['USER', 'STAFF', 'ADMIN', 'RIDER'] as const;
export type Role = (typeof ROLES)[number];

/** Every permission, with what it lets a person do (the dashboard's Users page shows these words). */
export const PERMISSIONS = {
  /** See every order (all lists, today's summary) and receive the live order feed. */
  'orders.view': 'See every order and receive new orders live',
  /** Move an order through its statuses. */
  'orders.update': 'Move orders through their statuses',
  /** Take a new order (stop it ringing on every counter). */
  'orders.take': 'Take new orders',
  /** Report a counter's heartbeat and see every counter's and printer's state. */
  'counters.use': 'Run a counter and see counters and printers',
  /** Categories, sub-categories, products, variations and their pictures. */
  'catalogue.manage': 'Manage the catalogue',
  /** Every customer's addresses: see them, and edit them for the customer. */
  'addresses.manage': "See and edit every customer's addresses",
  /** Accounts: list, create, change role or status, and the reset codes staff read out. */
  'users.manage': 'Manage accounts and read reset codes',
  /** The day's report: orders, items sold, cash collected, delivery times; on screen, as CSV and printed. */
  'reports.view': "See the day's report of orders, takings and delivery times",
  /** Busy mode: pause all ordering or the fastest option, and resume. */
  'store.pause': 'Pause and resume ordering when the shop is busy',
  /** The store's settings: each delivery option's capacity. */
  'store.manage': "Change the store's settings",
  /** A rider's own work: the orders assigned to them, their shift, picking up, delivering, returning. */
  'deliveries.carry': 'Carry the orders assigned to them and collect their cash',
  /** Give an order to a rider (or take it back) and see the riders and their open orders. */
  'orders.assign': 'Assign orders to riders',
  /** Each rider's cash for the day, and recording the cash a rider hands in. */
  'cash.manage': "See each rider's cash and record hand-ins",
  /** Problems reported on delivered orders: see them, approve a refund (credit or cash) or decline; issue goodwill credit. */
  'credit.manage': 'Decide reported problems and issue store credit',
  /** Promo codes: create, list and delete them. */
  'promotions.manage': 'Create and delete promo codes',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** What each role may do. A shopper (USER) acts only on what is theirs, which needs no permission here. */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  USER: [],
  STAFF: [
    'orders.view',
    'orders.update',
    'orders.take',
    'counters.use',
    'store.pause',
    'reports.view',
    'orders.assign',
    'cash.manage',
  ],
  // An admin runs the store, not deliveries: every permission but the rider's own.
  ADMIN: PERMISSION_NAMES.filter((permission) => permission !== 'deliveries.carry'),
  // A delivery partner: only the orders given to them (the service checks they are theirs).
  RIDER: ['deliveries.carry'],
};

/** Whether a role (or a signed-in user's role) has a permission. Unknown roles have none. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** A role as people read it ('Staff'), for menus and the Users page. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  USER: 'Customer',
  STAFF: 'Staff',
  ADMIN: 'Admin',
  RIDER: 'Rider',
};

/** The tag shown after a staff member's, rider's or admin's name ('(Admin)', '(Staff)', '(Rider)'); none for a shopper. */
export function roleTag(role: string | null | undefined): string | null {
  if (role === 'ADMIN' || role === 'STAFF' || role === 'RIDER') return `(${ROLE_LABELS[role]})`;
  return null;
}
