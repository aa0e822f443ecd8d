import { describe, expect, it } from 'vitest';
import * as shared from './index';

// The names other packages code against (the contract of @kade/shared).
const CONTRACT = [
  // money
  'rupeesToPaise', 'paiseToRupees', 'formatRs', 'discountedPricePaise', 'discountPercentLabel',
  // pricing
  'BASKET_TIERS', 'basketDiscountRate', 'basketDiscountPaise', 'DELIVERY_OPTIONS', 'deliveryOptionByLabel',
  'DELIVERY_OPTION_LABELS', 'DEFAULT_FEE_OPTION_LABEL', 'deliveryFeePaise', 'computeTotals',
  // order status
  'ORDER_STATUSES', 'normalizeStatus', 'STATUS_COLOURS', 'NEXT_STATUSES', 'canTransition', 'isCancelled',
  'ORDER_LISTS', 'listForStatus', 'holdsStock', 'SHOPPER_CANCELLABLE', 'shopperMayCancel', 'cancelOrderSchema', 'orderAgainSchema',
  // hours
  'parseTimeWindow', 'localMinutes', 'isWithinWindow', 'DEFAULT_SHOP_HOURS', 'DEFAULT_FRESH_HOURS',
  'NIGHT_FLAG_WINDOW', 'FRESH_CATEGORIES', 'isFreshCategory', 'DEFAULT_TIME_ZONE', 'formatDateTime', 'formatDate', 'INTL_LOCALES', 'windowEnds',
  // zone
  'EARTH_RADIUS_KM', 'DEFAULT_DELIVERY_RADIUS_KM', 'distanceKm', 'isInsideZone', 'validateCoordinates',
  // mobile
  'MOBILE_ERROR', 'MOBILE_REQUIRED', 'MOBILE_EXACT', 'sanitizeMobileInput', 'isValidMobile', 'mobileToLoginEmail',
  'loginEmailToMobile', 'DEFAULT_LOGIN_EMAIL_PREFIX', 'DEFAULT_LOGIN_EMAIL_DOMAIN', 'PASSWORD_MIN_LENGTH',
  'RESET_MISMATCH', 'PASSWORDS_DIFFER', 'USERS_PAGE_SIZE', 'OTP_LENGTH',
  // catalogue
  'CATEGORY_DISPLAY_ORDER', 'sortCategories', 'NO_STRIP_CATEGORIES', 'hasProductStrip', 'isSingleQuantity',
  'maxQuantity', 'slugify', 'productPath', 'idFromSlug', 'listingPath', 'listingTitleFromSlug', 'stockBarColour',
  'DEFAULT_TOTAL_STOCK',
  // constants
  'TEXT', 'HOME_STRIP_SIZE', 'HOME_DEALS_SIZE',
  // uploaded images
  'UPLOADED_IMAGE_PATTERN', 'isUploadedImageUrl', 'uploadedImageKey',
  // address
  'addressFromWire', 'addressToWire', 'PLACE_TYPES', 'ADDRESS_FIELD_LABELS',
  // schemas
  'uuidSchema', 'formatZodError', 'issueRule', 'registerSchema', 'loginSchema', 'cashOnDeliverySchema', 'updateStatusSchema',
  // receipt
  'buildReceipt', 'receiptTextLines', 'buildDaySummary', 'daySummaryTextLines', 'formatReportDay',
  // the day's report
  'reportQuerySchema', 'isCalendarDay', 'dayBounds', 'localDay', 'hourOfDay', 'ordersPerHour', 'percentile', 'promiseMinutes',
  'summariseDeliveries', 'emptyDayReport', 'csvCell', 'csvText', 'dayReportCsv', 'reportFileName', 'REPORT_TOP_ITEMS',
  // text people type
  'hasControlCharacters', 'printableText', 'normaliseLineBreaks',
  // selling by weight (issue 34)
  'SELL_BY', 'DEFAULT_SELL_BY', 'isSellBy', 'DEFAULT_WEIGHT_TOLERANCE_PERCENT', 'DEFAULT_SCALE_LABEL_PATTERN', 'GRAMS_PER_KG',
  'MIN_STEP_GRAMS', 'MAX_WEIGHED_GRAMS', 'weighedRuleProblem', 'gramsForSteps', 'stepLimits', 'isAllowedSteps', 'formatWeight',
  'formatReceiptKg', 'formatPerKg', 'formatReceiptWeighed', 'perKgChargePaise', 'weighedAmountPaise', 'weighedLineAmount',
  'weighedTotalsLine', 'toleranceCapGrams', 'isOverTolerance', 'chargedGrams', 'totalsLines', 'hasUnweighedLine', 'atMostTotals',
  'checkoutTotals', 'printedLinePaise', 'SCALE_LABEL_PROBLEMS', 'scaleLabelLayout', 'parseScaleLabel', 'isScaleCode', 'buildScaleLabel',
  'lineAmountPaise', 'roundGrandTotalPaise', 'ean13CheckDigit',
  // the API's error codes
  'ERROR_CODES', 'ERROR_MEANINGS', 'isErrorCode',
];

describe('@kade/shared', () => {
  it.each(CONTRACT)('exports %s', (name) => {
    expect(shared).toHaveProperty(name);
    expect((shared as Record<string, unknown>)[name]).toBeDefined();
  });
});
