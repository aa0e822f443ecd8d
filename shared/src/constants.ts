// The business constants of SPEC.md sections 4, 8 and 9 that no other module owns (page sizes and limits the
// server enforces, upload size, policy numbers), the texts people see and the socket events. Rules that compute
// something live in their own module; how the web app looks and moves is in shop-web/src/lib/ui-constants.ts.
import { MOBILE_ERROR, MOBILE_EXACT, MOBILE_REQUIRED, PASSWORD_TOO_SHORT, RESET_MISMATCH } from './mobile';
import { LOCATION_NOT_AVAILABLE } from './zone';

/** Page sizes. */
export const CATEGORY_PAGE_SIZE = 8;
export const CATEGORY_PAGE_SIZE_MAX = 50;
export const ADMIN_PRODUCT_LIMIT = 10000;
export const SEARCH_PAGE_SIZE = 10;
export const ORDER_LIST_PAGE_SIZE = 10;
/** The admin's Users page (GET /api/users/list's default limit). */
export const USERS_PAGE_SIZE = 20;
/** Products in one category strip of the home page (and in POST /api/product/get-product-by-category). */
export const HOME_STRIP_SIZE = 15;
/** Products in the home page's 'Special - Deal' strip. */
export const HOME_DEALS_SIZE = 20;
/** The longest search text accepted. */
export const SEARCH_MAX_LENGTH = 100;

/** Uploads: 5 MB at most per file. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** What each new product draft of the bulk upload starts with. */
export const BULK_PRODUCT_DEFAULTS = {
  stock: 1,
  discount: 0,
  categoryNames: ['All Product', 'Buy Brand', 'Fruit'],
  subCategoryNames: ['All Products', 'All Fruits'],
  description:
    'Product images are for illustration only. The product you receive may differ slightly in packaging, ' +
    'colour, size or label from the one shown, as manufacturers update their designs from time to time; ' +
    'please read the label on the product itself before use.',
} as const;

/** Policy numbers of the terms (SPEC.md section 9). */
export const POLICY = {
  minimumAge: 18,
  refundWorkingDays: 3,
  codRefundPromoExpiryDays: 30,
  promoExpiryDays: 3,
} as const;

/** The texts people see (SPEC.md sections 2, 4, 5, 8), each once. */
export const TEXT = {
  // Errors and prompts
  pleaseLogin: 'Please Login',
  emailVerificationError: 'Error checking email verification',
  categoryImageUploadFailed: (file: string): string => `Failed to upload image ${file}`,
  productImageUploadFailed: (file: string): string => `Image upload failed: ${file}`,
  statusUpdated: 'Order status updated successfully!',
  statusUpdateFailed: 'Failed to update order status.',
  selectAddress: 'Please select an address before placing the order.',
  selectDeliveryOption: 'Please select a delivery option before placing the order.',
  cartEmpty: 'Your cart is empty! Please add items before checkout.',
  addAddressFirst: 'Please add an address before checkout.',
  geolocationUnsupported: 'Your device does not support location. Please use the Kade app on a phone.',
  locationUnavailable: 'Unable to get location. Please ensure location is turned on.',
  outsideDeliveryArea:
    'This location is outside our delivery area. If you are indoors, step outside for a better signal and try again.',
  fetchAddressesFailed: 'Failed to fetch addresses',
  somethingWentWrong: 'Something went wrong',
  noPermission: 'Do not have permission',
  mobileInvalid: MOBILE_ERROR,
  mobileRequired: MOBILE_REQUIRED,
  mobileExact: MOBILE_EXACT,
  passwordTooShort: PASSWORD_TOO_SHORT,
  resetMismatch: RESET_MISMATCH,
  appOnly: 'Please access this site via the Kade mobile app.',

  // Successes
  itemAdded: 'Item added',
  itemRemoved: 'Item removed',
  addressRemoved: 'Address Remove',
  addressUpdated: 'Address Updated',
  linkCopied: 'Link Copied!',
  allCategoriesUploaded: 'All categories uploaded!',
  allSubcategoriesUploaded: 'All subcategories uploaded!',
  allProductsUploaded: 'All products uploaded!',

  // Empty states
  noData: 'No Data',
  noDataFound: 'No Data found',
  noUsersWithOtp: 'No users with OTP found.',
  noProductsFoundAdmin: 'No products found',
  noProductsFound: 'No Products Found.',
  noAddressesFound: 'No addresses found.',
  noSubcategories: 'No subcategories available.',

  // Lists and loading
  loadingMore: 'Loading more...',
  endOfList: 'You have reached the end.',
  loadingAddresses: 'Loading addresses...',
  /** A file picker while its upload runs (the dashboard's; shoppers read the catalogue's common.uploading). */
  uploading: 'Uploading…',

  // Product and cart
  outOfStock: 'Out of Stock',
  runOut: 'Run Out',
  withinHour: 'Within Hour',
  /** The product card's flag at night, with the shop's opening time ('Delivery from 6:30 AM'). */
  nightFlag: (time: string): string => `Delivery from ${time}`,
  roundedFrom: 'Rounded from',
  viewCart: 'View Cart',
  proceed: 'Proceed',
  seeAll: 'See All',
  specialDeal: 'Special - Deal',
  buyBrand: 'Buy Brand',
  shipmentOf: (items: number): string => `Shipment of ${items} ${items === 1 ? 'item' : 'items'}`,

  // Checkout
  chooseAddress: 'Choose your address',
  addAddress: 'Add address',
  selectDeliveryOptionTitle: 'Select a Delivery Option',
  onlinePayment: 'Online Payment',
  cashOnDelivery: 'Cash on Delivery',
  locationNotAvailable: LOCATION_NOT_AVAILABLE,

  // Result pages
  successTitle: (kind: 'Order' | 'Payment'): string => `${kind} Successfully`,
  orderPlaced: 'Your order has been placed successfully! We are processing it now.',
  redirectingIn: (seconds: number): string => `Redirecting in ${seconds} seconds...`,
  comingSoon: 'Coming Soon!',
  orderCancel: 'Order Cancel',
  goToHome: 'Go To Home',

  // Account
  myAccount: 'My Account',
  adminTag: '(Admin)',
  logOut: 'Log Out',
  sendOtp: 'Send OTP',

  // Admin
  productHeading: 'Product',
  searchProductPlaceholder: 'Search product here ...',
  searchAddressesPlaceholder: 'Search by name, email, city or address...',
  allUserAddresses: 'All User Addresses',
  uploadProduct: 'Upload Product',
  permanentDelete: 'Permanent Delete',
  confirmPermanentDelete: 'Are you sure want to delete permanent ?',
  addFieldPlaceholder: 'Enter field name',
  addField: 'Add Field',
  ordersTitle: (count: number): string => `Orders (${count})`,
  allUsersTitle: (count: number): string => `All Users (${count})`,
  pageReloadsIn: (seconds: number): string => `Page reloads in: ${seconds}s`,
  lastUpdated: 'Last updated',
  pauseAutoRefresh: 'Pause Auto-Refresh',
  resumeAutoRefresh: 'Resume Auto-Refresh',
  orderDetailsPanel: 'Order Details & Additional Content',
  updateStatus: 'Update Status',
  printOrderDetails: 'Print Order Details',
  searchByStatus: 'Search by status',
  addressActive: 'Active',
  addressDisabled: 'Disabled',

  // Orders and receipts
  notPaid: 'Not Paid',
  notApplicable: 'N/A',
} as const;

/** Socket.IO events: `order:new` to admins, `order:status` to admins and the order's shopper. */
export const SOCKET_EVENTS = {
  orderNew: 'order:new',
  orderStatus: 'order:status',
  /** The server is about to cut this socket: `{ reason: 'expired' }` (reconnect with a fresh token) or `'ended'` (logged out, disabled). */
  sessionEnded: 'session:ended',
  /** An order was taken (`{ order }`, its `acknowledgedBy` and `acknowledgedAt` set): every counter and dashboard stops ringing for it. */
  orderAcknowledged: 'order:acknowledged',
  /** Whether the shop takes orders changed (a pause, a resume, a capacity, a slot filling or freeing): `{ ordering }`, to every socket. */
  shopOrdering: 'shop:ordering',
  /** To a rider's own room (`rider:<id>`): one of their orders was assigned, unassigned or moved (`{ orderId }`); re-read GET /api/rider/orders. */
  riderOrders: 'rider:orders',
  /** To staff: a rider could not deliver and the order is back in the store (`{ orderId, reason, rider }`). */
  orderReturned: 'order:returned',
  /** To staff: a delivery's cash differed from the order's total (`{ orderId }`). */
  orderCashFlagged: 'order:cash-flagged',
  /** To staff: a rider went on or off shift (`{ riderId, onShift }`); the assigning dropdowns read GET /api/riders again. */
  riderShift: 'rider:shift',
  /** To staff: a rider's hand-in was recorded (`{ riderId, day, handInId }`); a day report open on that day reads its cash again. */
  cashHandIn: 'cash:hand-in',
  /** To staff and to its shopper: packing changed an order (issue 33): `{ order }`, its revision and new total. */
  orderRevised: 'order:revised',
  /** To every socket: products ran out at packing (issue 33): `{ productIds }`; the shop shows them out of stock. */
  stockOut: 'stock:out',
  /** To one socket only: something it sent, or its connection's set-up, failed (`{ code, message }`); the server takes no events from clients. */
  socketError: 'kade:error',
} as const;
