import { describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCT_LIMIT,
  ADMIN_ROLE,
  BANNER_ROTATION_MS,
  BANNER_TEXTS,
  BULK_PRODUCT_DEFAULTS,
  BULK_UPLOAD_IMAGE_TYPES,
  CATEGORY_PAGE_SIZE,
  DRAG_CLOSE_THRESHOLD_PX,
  FUTURE_REDIRECT_SECONDS,
  GEOLOCATION_OPTIONS,
  INFINITE_SCROLL_THRESHOLD_PX,
  LINK_COPIED_MS,
  NARROW_BREAKPOINT_PX,
  ORDER_LIST_PAGE_SIZE,
  PENDING_RELOAD_SECONDS,
  PLACEHOLDER_COUNTS,
  POLICY,
  PRODUCT_SEARCH_DEBOUNCE_MS,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_PLACEHOLDER_PREFIX,
  SEARCH_PLACEHOLDER_WORDS,
  SEARCH_SCROLL_THRESHOLD,
  SEARCH_TYPING_PAUSE_MS,
  SEARCH_TYPING_SPEED_MS,
  STORAGE_KEYS,
  STRIP_ARROWS_ABOVE_ITEMS,
  STRIP_SCROLL_PX,
  SUCCESS_REDIRECT_SECONDS,
  TEXT,
  TOAST,
  UPLOAD_MAX_BYTES,
} from './constants';

describe('constants of SPEC.md section 9', () => {
  it.each([
    ['access token key', STORAGE_KEYS.accessToken, 'accesstoken'],
    ['refresh token key', STORAGE_KEYS.refreshToken, 'refreshToken'],
    ['admin role', ADMIN_ROLE, 'ADMIN'],
    ['narrow breakpoint', NARROW_BREAKPOINT_PX, 768],
    ['toast limit', TOAST.limit, 20],
    ['toast width', TOAST.maxWidthPx, 350],
    ['blank toast', TOAST.durationMs.blank, 4000],
    ['error toast', TOAST.durationMs.error, 4000],
    ['custom toast', TOAST.durationMs.custom, 4000],
    ['success toast', TOAST.durationMs.success, 2000],
    ['loading toast', TOAST.durationMs.loading, Number.POSITIVE_INFINITY],
    ['banner rotation', BANNER_ROTATION_MS, 3000],
    ['typing speed', SEARCH_TYPING_SPEED_MS, 50],
    ['typing pause', SEARCH_TYPING_PAUSE_MS, 1000],
    ['category page size', CATEGORY_PAGE_SIZE, 8],
    ['admin product limit', ADMIN_PRODUCT_LIMIT, 10000],
    ['search page size', SEARCH_PAGE_SIZE, 10],
    ['search max length', SEARCH_MAX_LENGTH, 100],
    ['order list page size', ORDER_LIST_PAGE_SIZE, 10],
    ['category placeholders', PLACEHOLDER_COUNTS.categories, 12],
    ['strip placeholders', PLACEHOLDER_COUNTS.strip, 6],
    ['search placeholders', PLACEHOLDER_COUNTS.search, 10],
    ['admin product placeholders', PLACEHOLDER_COUNTS.adminProducts, 12],
    ['strip scroll', STRIP_SCROLL_PX, 250],
    ['strip arrows above', STRIP_ARROWS_ABOVE_ITEMS, 3],
    ['infinite scroll threshold', INFINITE_SCROLL_THRESHOLD_PX, 100],
    ['search scroll threshold', SEARCH_SCROLL_THRESHOLD, 0.95],
    ['drag close', DRAG_CLOSE_THRESHOLD_PX, 100],
    ['success redirect', SUCCESS_REDIRECT_SECONDS, 6],
    ['future redirect', FUTURE_REDIRECT_SECONDS, 5],
    ['pending reload', PENDING_RELOAD_SECONDS, 30],
    ['link copied', LINK_COPIED_MS, 2000],
    ['search debounce', PRODUCT_SEARCH_DEBOUNCE_MS, 300],
    ['geolocation timeout', GEOLOCATION_OPTIONS.timeout, 15000],
    ['geolocation accuracy', GEOLOCATION_OPTIONS.enableHighAccuracy, true],
    ['geolocation no cache', GEOLOCATION_OPTIONS.maximumAge, 0],
    ['upload limit', UPLOAD_MAX_BYTES, 5_242_880],
    ['bulk stock', BULK_PRODUCT_DEFAULTS.stock, 1],
    ['bulk discount', BULK_PRODUCT_DEFAULTS.discount, 0],
    ['minimum age', POLICY.minimumAge, 18],
    ['refund days', POLICY.refundWorkingDays, 3],
  ])('%s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it('lists the search words, banner texts and bulk defaults', () => {
    expect(SEARCH_PLACEHOLDER_PREFIX).toBe('Search');
    expect(SEARCH_PLACEHOLDER_WORDS).toEqual(['milk', 'bread', 'sugar', 'biscuits', 'chocolate', 'tomatoes', 'rice', 'egg', 'chips']);
    expect(BANNER_TEXTS).toHaveLength(3);
    for (const text of BANNER_TEXTS) expect(text).toContain('6.30AM - 11.00PM');
    expect(BULK_PRODUCT_DEFAULTS.categoryNames).toEqual(['All Product', 'Buy Brand', 'Fruit']);
    expect(BULK_PRODUCT_DEFAULTS.subCategoryNames).toEqual(['All Products', 'All Fruits']);
    expect(BULK_PRODUCT_DEFAULTS.description).toMatch(/illustration/);
    expect(BULK_UPLOAD_IMAGE_TYPES).toEqual(['image/png']);
  });
});

describe('TEXT', () => {
  it.each([
    [TEXT.pleaseLogin, 'Please Login'],
    [TEXT.emailVerificationError, 'Error checking email verification'],
    [TEXT.categoryImageUploadFailed('apple.png'), 'Failed to upload image apple.png'],
    [TEXT.productImageUploadFailed('apple.png'), 'Image upload failed: apple.png'],
    [TEXT.statusUpdated, 'Order status updated successfully!'],
    [TEXT.statusUpdateFailed, 'Failed to update order status.'],
    [TEXT.selectAddress, 'Please select an address before placing the order.'],
    [TEXT.cartEmpty, 'Your cart is empty! Please add items before checkout.'],
    [TEXT.addAddressFirst, 'Please add an address before checkout.'],
    [TEXT.locationUnavailable, 'Unable to get location. Please ensure location is turned on.'],
    [TEXT.fetchAddressesFailed, 'Failed to fetch addresses'],
    [TEXT.somethingWentWrong, 'Something went wrong'],
    [TEXT.noPermission, 'Do not have permission'],
    [TEXT.itemAdded, 'Item added'],
    [TEXT.itemRemoved, 'Item removed'],
    [TEXT.addressRemoved, 'Address Remove'],
    [TEXT.addressUpdated, 'Address Updated'],
    [TEXT.linkCopied, 'Link Copied!'],
    [TEXT.allCategoriesUploaded, 'All categories uploaded!'],
    [TEXT.allSubcategoriesUploaded, 'All subcategories uploaded!'],
    [TEXT.allProductsUploaded, 'All products uploaded!'],
    [TEXT.noData, 'No Data'],
    [TEXT.noDataFound, 'No Data found'],
    [TEXT.noUsersWithOtp, 'No users with OTP found.'],
    [TEXT.noProductsFoundAdmin, 'No products found'],
    [TEXT.noProductsFound, 'No Products Found.'],
    [TEXT.noAddressesFound, 'No addresses found.'],
    [TEXT.noSubcategories, 'No subcategories available.'],
    [TEXT.mobileInvalid, 'Please enter a valid 10-digit mobile number.'],
    [TEXT.resetMismatch, 'New password and confirm password must be same.'],
    [TEXT.successTitle('Order'), 'Order Successfully'],
    [TEXT.successTitle('Payment'), 'Payment Successfully'],
    [TEXT.redirectingIn(6), 'Redirecting in 6 seconds...'],
    [TEXT.ordersTitle(12), 'Orders (12)'],
    [TEXT.allUsersTitle(0), 'All Users (0)'],
    [TEXT.pageReloadsIn(30), 'Page reloads in: 30s'],
    [TEXT.shipmentOf(1), 'Shipment of 1 item'],
    [TEXT.shipmentOf(3), 'Shipment of 3 items'],
    [TEXT.confirmPermanentDelete, 'Are you sure want to delete permanent ?'],
    [TEXT.notPaid, 'Not Paid'],
    [TEXT.notApplicable, 'N/A'],
    [TEXT.locationNotAvailable, 'Location not available'],
  ])('%j', (text, expected) => {
    expect(text).toBe(expected);
  });
});
