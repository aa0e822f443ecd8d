// The texts people see (SPEC.md sections 2, 4, 5, 8), each once: mostly the dashboard's English words and the
// ones the shop's catalogues must read the same (shop-web/src/i18n/catalogues.test.ts). A module of its own, apart
// from constants.ts: the shop's first script needs the page sizes and socket events but none of these words.
import { BUY_BRAND_CATEGORY } from './catalogue';
import { MOBILE_ERROR, MOBILE_EXACT, MOBILE_REQUIRED, PASSWORD_TOO_SHORT, RESET_MISMATCH } from './mobile';
import { roleTag } from './permissions';
import { LOCATION_NOT_AVAILABLE } from './zone';

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
  buyBrand: BUY_BRAND_CATEGORY,
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
  adminTag: roleTag('ADMIN') as string,
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
  /** The heading while the first page of a list is on its way: no count until there is one. */
  ordersTitleLoading: 'Orders',
  allUsersTitle: (count: number): string => `All Users (${count})`,
  pageReloadsIn: (seconds: number): string => `Page reloads in: ${seconds}s`,
  lastUpdated: 'Last updated',
  /** What the countdown says while the auto-refresh is paused (issue 36). */
  autoRefreshPaused: 'Paused',
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
