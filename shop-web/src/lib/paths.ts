// Every page's address, once: the routes (app/router.tsx, app/dashboard-routes.tsx) mount these patterns and every
// link, redirect and navigate() goes to one of these paths, so a page cannot be renamed in one place only.
// A string literal starting with '/' in a link's `to`, a `navigate(...)` or a route's `path` fails the lint.
import { listingPath, productPath } from '@kade/shared';

const DASHBOARD = '/dashboard';

/** The dashboard's pages, relative to /dashboard: their <Route path>s (app/dashboard-routes.tsx). */
export const dashboardRoutes = {
  print: 'print/:orderId',
  profile: 'profile',
  myOrders: 'myorders',
  address: 'address',
  /** The shopper's store credit (issue 35). */
  credit: 'credit',
  /** Problems reported on delivered orders, and promo codes (issue 35, admins). */
  problems: 'problems',
  promoCodes: 'promo-codes',
  category: 'category',
  subCategory: 'subcategory',
  product: 'product',
  uploadProduct: 'upload-product',
  variation: 'variation',
  allAddresses: 'alladdress',
  users: 'sign',
  store: 'store',
  report: 'report',
  printJobs: 'print-jobs',
  /** The packing screen of one taken order (issue 33). */
  pack: 'pack/:orderId',
  /** An order list by its status key (ORDER_LISTS: pending, confirm, ...). */
  orderList: ':status',
} as const;

/** The route patterns of the pages whose addresses carry a part (app/router.tsx). */
export const routePatterns = {
  product: '/product/:slug',
  listing: '/:categorySlug/:subSlug',
  dashboard: `${DASHBOARD}/*`,
  notFound: '*',
} as const;

const dashboardPath = (page: string) => `${DASHBOARD}/${page}`;

/** Where links go: fixed paths as strings, patterned ones as functions. */
export const paths = {
  home: '/',
  search: '/search',
  /** The search page asking for `query`. */
  searchFor: (query: string) => `/search?q=${encodeURIComponent(query)}`,
  /** A product's sheet: '/product/{slug}-{id}'. */
  product: productPath,
  /** A sub-category's listing: '/{category slug}-{id}/{sub-category slug}-{id}'. */
  listing: listingPath,
  about: '/about',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  contact: '/contact',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  verificationOtp: '/verification-otp',
  resetPassword: '/reset-password',
  otp: '/otp',
  user: '/user',
  cart: '/cart',
  checkout: '/checkout',
  checkoutPayment: '/checkout/payment',
  checkoutAddress: '/checkout/address',
  /** The checkout's 'Add address' page, returning to the checkout step `returnTo` once saved or cancelled. */
  checkoutAddressFrom: (returnTo: string) => `/checkout/address?from=${encodeURIComponent(returnTo)}`,
  success: '/success',
  cancel: '/cancel',
  future: '/future',
  rider: '/rider',
  dashboard: {
    root: DASHBOARD,
    profile: dashboardPath(dashboardRoutes.profile),
    myOrders: dashboardPath(dashboardRoutes.myOrders),
    /** One order's card on My Orders (the page scrolls to it): where the success page links. */
    myOrder: (orderId: string) => `${dashboardPath(dashboardRoutes.myOrders)}#order-${orderId}`,
    address: dashboardPath(dashboardRoutes.address),
    credit: dashboardPath(dashboardRoutes.credit),
    problems: dashboardPath(dashboardRoutes.problems),
    promoCodes: dashboardPath(dashboardRoutes.promoCodes),
    category: dashboardPath(dashboardRoutes.category),
    subCategory: dashboardPath(dashboardRoutes.subCategory),
    product: dashboardPath(dashboardRoutes.product),
    uploadProduct: dashboardPath(dashboardRoutes.uploadProduct),
    variation: dashboardPath(dashboardRoutes.variation),
    allAddresses: dashboardPath(dashboardRoutes.allAddresses),
    users: dashboardPath(dashboardRoutes.users),
    store: dashboardPath(dashboardRoutes.store),
    report: dashboardPath(dashboardRoutes.report),
    printJobs: dashboardPath(dashboardRoutes.printJobs),
    /** An order list by its status key. */
    orderList: (status: string) => dashboardPath(status),
    /** An order's printable bill. */
    print: (orderId: string) => dashboardPath(`print/${encodeURIComponent(orderId)}`),
    /** The packing screen of a taken order (issue 33). */
    pack: (orderId: string) => dashboardPath(`pack/${encodeURIComponent(orderId)}`),
  },
} as const;
