// The home page's first paint, sent inside the page's #root: the header's frame and the banner, so a phone paints
// the shop's largest picture as soon as it arrives instead of after the whole script has loaded and run (on a
// slow phone that was about two seconds later). The app replaces it when it draws its first screen: React clears
// the root on its first render, so nothing here is kept, moved or announced (it is aria-hidden). The classes are
// the app's own (shop-web/src/app/styles.css), so the boxes sit where the app will draw them.

import type { homeBannerImage } from '@kade/shared';

/** What the home page's first paint shows. */
export interface FirstPaint {
  shopName: string;
  /** The banner as the home page draws it: the same address, sizes and candidates, so the browser fetches it once. */
  banner: ReturnType<typeof homeBannerImage>;
}

/** Text safe inside HTML, as an element's content or a double-quoted attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The markup: the header's rows at their heights (the shop's name; the delivery line, the buttons and the search
 * box as empty boxes, since their words come with the shopper's language from the script) and the banner.
 */
export function firstPaintHtml(paint: FirstPaint): string {
  const { banner } = paint;
  return (
    '<div class="frame first-paint" aria-hidden="true">' +
    '<header class="header"><div class="header__top">' +
    `<span class="header__logo">${escapeHtml(paint.shopName)}</span>` +
    '<p class="delivery-banner">&nbsp;</p>' +
    '<div class="header__actions"><span class="button button--ghost">&nbsp;</span></div>' +
    '</div><div class="header__search"><span class="search-bar">&nbsp;</span></div></header>' +
    '<main class="frame__main"><div class="home">' +
    `<img class="home__banner" src="${escapeHtml(banner.href)}"` +
    (banner.srcset ? ` srcset="${escapeHtml(banner.srcset)}"` : '') +
    ` sizes="${escapeHtml(banner.sizes)}" alt="" width="${banner.width}" height="${banner.height}" fetchpriority="high">` +
    '</div></main></div>'
  );
}
