// A shop page's first paint, sent inside the page's #root: the header's frame and what the first screen shows
// largest (the home page's banner; a listing's sub-category row, title row and first cards' pictures; a search's
// first results' pictures), so a phone paints them as soon as they arrive instead of after the whole script has
// loaded and run (on a slow phone that was about two seconds later). The app replaces it when it draws its first
// screen: React clears the root on its first render, so nothing here is kept, moved or announced (it is
// aria-hidden). The classes are the app's own (shop-web/src/app/styles.css, the style sheet inlined into the page),
// so the boxes sit where the app will draw them. No words but the shop's name and a search's own text: the rest
// come in the shopper's language with the script.

import type { homeBannerImage, productCardImage } from '@kade/shared';

/** A listing's first paint: its sub-categories' pictures (the current one marked) and its first cards' pictures. */
export interface ListingPaint {
  subCategories: ReadonlyArray<{ image: string; current: boolean }>;
  /**
   * The first cards' pictures as the cards ask for them: the same address, sizes and candidates, fetched once
   * (null: a product without a picture, its box left empty).
   */
  cards: ReadonlyArray<ReturnType<typeof productCardImage> | null>;
}

/** A search's first paint: the shopper's text (shown in the open search box) and the first results' pictures. */
export interface SearchPaint {
  query: string;
  cards: ListingPaint['cards'];
}

/** What a page's first paint shows under the header. */
export type FirstPaint =
  | { shopName: string; page: 'home'; banner: ReturnType<typeof homeBannerImage> }
  | { shopName: string; page: 'listing'; listing: ListingPaint }
  | { shopName: string; page: 'search'; search: SearchPaint };

/** Text safe inside HTML, as an element's content or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** ` srcset=… sizes=…` of a picture, when it has candidates. */
function candidates(picture: { srcset?: string | undefined; sizes: string }): string {
  return picture.srcset ? ` srcset="${escapeHtml(picture.srcset)}" sizes="${escapeHtml(picture.sizes)}"` : '';
}

function bannerHtml(banner: ReturnType<typeof homeBannerImage>): string {
  return (
    '<div class="home">' +
    `<img class="home__banner" src="${escapeHtml(banner.href)}"` +
    (banner.srcset ? ` srcset="${escapeHtml(banner.srcset)}"` : '') +
    ` sizes="${escapeHtml(banner.sizes)}" alt="" width="${banner.width}" height="${banner.height}" fetchpriority="high">` +
    '</div>'
  );
}

/** The first cards of a grid: each a picture over the rows of name, unit, stock bar, price and button (empty boxes). */
function cardsHtml(cards: ListingPaint['cards']): string {
  return cards
    .map(
      (card) =>
        // the picture and the name inside one box, as the card's link holds them (the card's gap falls outside it)
        '<article class="product-card"><div class="product-card__link"><div class="product-card__media">' +
        (card ? `<img src="${escapeHtml(card.href)}"${candidates(card)} alt="" width="240" height="240" fetchpriority="high">` : '') +
        '</div><h2 class="product-card__name">&nbsp;</h2></div><p class="product-card__unit">&nbsp;</p><div class="stock-bar"></div>' +
        '<div class="product-card__foot"><div class="price"><span class="price__paid">&nbsp;</span></div>' +
        '<button type="button" class="add-to-cart add-to-cart--compact" disabled>&nbsp;</button></div></article>',
    )
    .join('');
}

/**
 * A listing as listing-page.tsx draws it, without its words: each sub-category's round picture over an empty label,
 * an empty title (the heading elements the app uses, for their sizes; hidden like the rest), and the first cards
 * (the button disabled, so nothing in the hidden frame takes focus).
 */
function listingHtml(listing: ListingPaint): string {
  const subs = listing.subCategories
    .map((sub) => `<li><span class="listing__sub${sub.current ? ' active' : ''}"><img src="${escapeHtml(sub.image)}" alt="" width="48" height="48"><span>&nbsp;</span></span></li>`)
    .join('');
  return (
    '<div class="listing">' +
    `<nav class="listing__subs"><ul>${subs}</ul></nav>` +
    `<div class="listing__main"><h1 class="listing__title">&nbsp;</h1><div class="product-grid">${cardsHtml(listing.cards)}</div></div>` +
    '</div>'
  );
}

/** A search's results as search-page.tsx draws them: an empty title and count, then the first cards. */
function searchHtml(search: SearchPaint): string {
  const count = search.cards.length > 0 ? '<p class="search__count">&nbsp;</p>' : '';
  return `<section class="search"><h1 class="search__title">&nbsp;</h1>${count}<div class="product-grid">${cardsHtml(search.cards)}</div></section>`;
}

/** The shop's header: its name, the delivery line, the buttons and the search box (empty boxes at their heights). */
function shopHeader(shopName: string): string {
  return (
    '<header class="header"><div class="header__top">' +
    `<span class="header__logo">${escapeHtml(shopName)}</span>` +
    '<p class="delivery-banner">&nbsp;</p>' +
    '<div class="header__actions"><span class="button button--ghost">&nbsp;</span></div>' +
    '</div><div class="header__search"><span class="search-bar">&nbsp;</span></div></header>'
  );
}

/** The header on a search: only the search box, open, with the way back and the shopper's own text in it. */
function searchHeader(query: string): string {
  return (
    '<header class="header"><div class="header__search"><span class="search-bar search-bar--active">' +
    '<span class="search-bar__back"><svg viewBox="0 0 24 24" width="20" height="20"><path d="M15 5 8 12l7 7" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg></span>' +
    `<span class="search-bar__input search-bar__typed">${escapeHtml(query)}</span>` +
    '</span></div></header>'
  );
}

/**
 * The markup: the header (its words come with the shopper's language from the script, so its boxes are empty but
 * for the shop's name, or on a search the shopper's own text) and the page's own part.
 */
export function firstPaintHtml(paint: FirstPaint): string {
  const header = paint.page === 'search' ? searchHeader(paint.search.query) : shopHeader(paint.shopName);
  const main = paint.page === 'home' ? bannerHtml(paint.banner) : paint.page === 'listing' ? listingHtml(paint.listing) : searchHtml(paint.search);
  return `<div class="frame first-paint" aria-hidden="true">${header}<main class="frame__main">${main}</main></div>`;
}
