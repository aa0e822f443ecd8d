// The UI and business constants of SPEC.md sections 4, 8 and 9 that no other module owns, and the texts
// people see. Rules that compute something live in their own module; this file only holds values.
import { MOBILE_ERROR, MOBILE_EXACT, MOBILE_REQUIRED, PASSWORD_TOO_SHORT, RESET_MISMATCH } from './mobile';
import { LOCATION_NOT_AVAILABLE } from './zone';

/** Keys under which the browser keeps the session. */
export const STORAGE_KEYS = {
  accessToken: 'accesstoken',
  refreshToken: 'refreshToken',
  /** The last mobile number, kept after logout to pre-fill the login form. */
  lastMobile: 'lastMobile',
  /** The cart of a shopper who is not logged in, merged into the account at login. */
  anonymousCart: 'kadeCart',
  /** The checkout's chosen address and delivery option, kept in the tab's session storage so a reload keeps them. */
  checkoutAddress: 'kadeCheckoutAddress',
  checkoutOption: 'kadeCheckoutOption',
  /** The shopper's language (en, si or ta), remembered on the phone. */
  language: 'kadeLanguage',
} as const;

/** The role value of administrators (exact); the roles and what each may do are in permissions.ts. */
export const ADMIN_ROLE = 'ADMIN';
export const USER_ROLE = 'USER';

/** Below this width the layout is the narrow (mobile) one. */
export const NARROW_BREAKPOINT_PX = 768;

/** Toasts: at most 20 kept, 350 px wide at most, and how long each kind stays. */
export const TOAST = {
  limit: 20,
  maxWidthPx: 350,
  durationMs: {
    blank: 4000,
    error: 4000,
    custom: 4000,
    success: 2000,
    /** A loading toast stays until dismissed. */
    loading: Number.POSITIVE_INFINITY,
  },
} as const;

/** The delivery-time banner changes language every 3 seconds. */
export const BANNER_ROTATION_MS = 3000;
/** The banner's text in English, Tamil and Sinhala. */
export const BANNER_TEXTS = [
  'Delivery time 6.30AM - 11.00PM',
  'டெலிவரி நேரம் 6.30AM - 11.00PM',
  'බෙදාහැරීමේ වේලාව 6.30AM - 11.00PM',
] as const;

/** The search placeholder types 'Search "milk"', then each following word, in a loop. */
export const SEARCH_PLACEHOLDER_PREFIX = 'Search';
export const SEARCH_PLACEHOLDER_WORDS = [
  'milk',
  'bread',
  'sugar',
  'biscuits',
  'chocolate',
  'tomatoes',
  'rice',
  'egg',
  'chips',
] as const;
/** Milliseconds per typed character of the animated placeholder. */
export const SEARCH_TYPING_SPEED_MS = 50;
/** Milliseconds the placeholder rests on a finished word. */
export const SEARCH_TYPING_PAUSE_MS = 1000;

/** Page sizes. */
export const CATEGORY_PAGE_SIZE = 8;
export const CATEGORY_PAGE_SIZE_MAX = 50;
export const ADMIN_PRODUCT_LIMIT = 10000;
export const SEARCH_PAGE_SIZE = 10;
export const ORDER_LIST_PAGE_SIZE = 10;
/** A shopper's My Orders, a page at a time (the order list's own limit, asked by the page). */
export const MY_ORDERS_PAGE_SIZE = 20;
/** The admin's Users page (GET /api/users/list's default limit). */
export const USERS_PAGE_SIZE = 20;
/** Products in one category strip of the home page (and in POST /api/product/get-product-by-category). */
export const HOME_STRIP_SIZE = 15;
/** Products in the home page's 'Special - Deal' strip. */
export const HOME_DEALS_SIZE = 20;
/** The longest search text accepted. */
export const SEARCH_MAX_LENGTH = 100;

/** Loading placeholders shown while lists load. */
export const PLACEHOLDER_COUNTS = {
  categories: 12,
  strip: 6,
  search: 10,
  adminProducts: 12,
} as const;

/** A product strip's arrows move it by 250 px and appear only above 3 items. */
export const STRIP_SCROLL_PX = 250;
/** A strip's card at its narrowest (phones); the strip draws a screen's width of them first. */
export const STRIP_CARD_MIN_PX = 150;
export const STRIP_ARROWS_ABOVE_ITEMS = 3;

/** Listing pages load the next page 100 px before the end. */
export const INFINITE_SCROLL_THRESHOLD_PX = 100;
/** Search loads the next page at 95% of the scroll. */
export const SEARCH_SCROLL_THRESHOLD = 0.95;

/** The product sheet closes when dragged down more than 100 px. */
export const DRAG_CLOSE_THRESHOLD_PX = 100;

/** Seconds before /success goes to My Orders, and before /future goes back to checkout. */
export const SUCCESS_REDIRECT_SECONDS = 6;
export const FUTURE_REDIRECT_SECONDS = 5;
/** The pending-orders page reloads every 30 seconds (counting down; live events update it at once). */
export const PENDING_RELOAD_SECONDS = 30;
/** How long 'Link Copied!' shows. */
export const LINK_COPIED_MS = 2000;
/** The admin product search waits this long after the last key. */
export const PRODUCT_SEARCH_DEBOUNCE_MS = 300;

/** Geolocation: high accuracy, no cached position, 15 s time-out. */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 15000,
  maximumAge: 0,
} as const;

/** Uploads: 5 MB at most per file; images only (PNG only for the bulk uploads). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BULK_UPLOAD_IMAGE_TYPES = ['image/png'] as const;

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
  /** To one socket only: something it sent, or its connection's set-up, failed (`{ code, message }`); the server takes no events from clients. */
  socketError: 'kade:error',
} as const;
