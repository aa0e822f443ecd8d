// The web app's own values: how its screens look and move (breakpoints, animations, placeholders, redirects) and
// what the browser keeps. No business rule lives here: limits, page sizes the server enforces, prices and texts
// shared with the server or the counter stay in @kade/shared.
import { formatBannerHours } from '@kade/shared';

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
/** The banner's languages in the order it turns through them, and the words before the hours in each. */
export const BANNER_LANGUAGES = ['en', 'ta', 'si'] as const;
const BANNER_WORDS: Readonly<Record<(typeof BANNER_LANGUAGES)[number], string>> = {
  en: 'Delivery time',
  ta: 'டெலிவரி நேரம்',
  si: 'බෙදාහැරීමේ වේලාව',
};

/**
 * The banner's text in English, Tamil and Sinhala for the shop hours (SHOP_HOURS): with the default hours
 * 'Delivery time 6.30AM - 11.00PM', then 'டெலிவரி நேரம் காலை 6.30 - இரவு 11.00' and 'බෙදාහැරීමේ වේලාව උදේ 6.30 - රෑ 11.00'.
 */
export function bannerTexts(shopHours: string): string[] {
  return BANNER_LANGUAGES.map((language) => `${BANNER_WORDS[language]} ${formatBannerHours(shopHours, language)}`);
}

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

/** A shopper's My Orders, a page at a time (the order list's own limit, asked by the page). */
export const MY_ORDERS_PAGE_SIZE = 20;

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

/** True when a strip of this many items needs scroll arrows (more than 3). */
export function showStripArrows(itemCount: number): boolean {
  return itemCount > STRIP_ARROWS_ABOVE_ITEMS;
}

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

/** The admin's product list shows this many cards a page (issue 36): a few screens, never the whole catalogue. */
export const ADMIN_PRODUCT_PAGE_SIZE = 24;
/** The variation page's list of every variation, a page at a time. */
export const ADMIN_VARIATION_PAGE_SIZE = 20;

/** Geolocation: high accuracy, no cached position, 15 s time-out. */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 15000,
  maximumAge: 0,
} as const;

/** The images a picture may be (the server checks what it receives itself). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
