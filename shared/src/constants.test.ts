import { describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCT_LIMIT,
  CATEGORY_PAGE_SIZE,
  HOME_DEALS_SIZE,
  HOME_STRIP_SIZE,
  ORDER_LIST_PAGE_SIZE,
  POLICY,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  UPLOAD_MAX_BYTES,
} from './constants';
import { BULK_PRODUCT_DEFAULTS } from './product-draft';
import { TEXT } from './shown-text';

describe('constants of SPEC.md section 9', () => {
  it.each([
    ['category page size', CATEGORY_PAGE_SIZE, 8],
    ['admin product limit', ADMIN_PRODUCT_LIMIT, 10000],
    ['search page size', SEARCH_PAGE_SIZE, 10],
    ['search max length', SEARCH_MAX_LENGTH, 100],
    ['order list page size', ORDER_LIST_PAGE_SIZE, 10],
    ['home strip size', HOME_STRIP_SIZE, 15],
    ['home deals size', HOME_DEALS_SIZE, 20],
    ['upload limit', UPLOAD_MAX_BYTES, 5_242_880],
    ['bulk stock', BULK_PRODUCT_DEFAULTS.stock, 1],
    ['bulk discount', BULK_PRODUCT_DEFAULTS.discount, 0],
    ['minimum age', POLICY.minimumAge, 18],
    ['refund days', POLICY.refundWorkingDays, 3],
  ])('%s', (_name, value, expected) => {
    expect(value).toBe(expected);
  });

  it('lists the bulk defaults', () => {
    expect(BULK_PRODUCT_DEFAULTS.categoryNames).toEqual(['All Product', 'Buy Brand', 'Fruit']);
    expect(BULK_PRODUCT_DEFAULTS.subCategoryNames).toEqual(['All Products', 'All Fruits']);
    expect(BULK_PRODUCT_DEFAULTS.description).toMatch(/illustration/);
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
    [TEXT.loadingMore, 'Loading more...'],
    [TEXT.loadingAddresses, 'Loading addresses...'],
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
