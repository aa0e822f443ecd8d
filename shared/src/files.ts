// Uploaded images (SPEC.md section 7, POST /api/file/upload): every image the shop shows is one of its own
// uploads, served at '/files/{content hash}-{width}.webp'. The server stores it under the key after '/files/'.

/** The address of an uploaded image: '/files/' + 32 hex digits of the content hash + '-' + width + '.webp'. */
export const UPLOADED_IMAGE_PATTERN = /^\/files\/([0-9a-f]{32}-\d{2,4}\.webp)$/;

/** True when the text is the address of one of the shop's own uploaded images. */
export function isUploadedImageUrl(url: unknown): url is string {
  return typeof url === 'string' && UPLOADED_IMAGE_PATTERN.test(url);
}

/** The storage key of an uploaded image's address ('{hash}-{width}.webp'), or undefined for any other text. */
export function uploadedImageKey(url: string): string | undefined {
  return UPLOADED_IMAGE_PATTERN.exec(url)?.[1];
}

const VARIANT = /-(160|480|1024)\.webp$/;

/** The stored image at another width (/files/<hash>-480.webp has -160 and -1024 siblings). */
export function imageAt(url: string | undefined, width: 160 | 480 | 1024): string {
  if (!url) return '';
  return VARIANT.test(url) ? url.replace(VARIANT, `-${width}.webp`) : url;
}

/** A srcset for a stored image, or undefined for an image from elsewhere. */
export function imageSrcSet(url: string | undefined): string | undefined {
  if (!url || !VARIANT.test(url)) return undefined;
  return `${imageAt(url, 160)} 160w, ${imageAt(url, 480)} 480w, ${imageAt(url, 1024)} 1024w`;
}

/**
 * The home banner's `sizes`: the page says it to the browser twice, on the image and on the preload the
 * server writes into the page's head (they must match for the preload to be used).
 */
export const HOME_BANNER_SIZES = '(min-width: 1200px) 1176px, 100vw';

/**
 * The home banner as the page asks for it: its address, candidates, sizes and box (3:1). The app's image, the
 * preload in the page's head and the banner the server draws with the page (first-paint.ts) all use it, so the
 * browser fetches one picture and the three agree.
 */
export function homeBannerImage(url: string): { href: string; srcset: string | undefined; sizes: string; width: number; height: number } {
  return { href: imageAt(url, 1024), srcset: imageSrcSet(url), sizes: HOME_BANNER_SIZES, width: 1024, height: 341 };
}

/**
 * A product card's picture: its `sizes` (two columns on a phone, 200 px from a tablet up), said twice, on the
 * card's <img> and on the preload the server writes into a listing's or a search's head (they must match for the
 * browser to use the preload).
 */
export const PRODUCT_CARD_SIZES = '(min-width: 768px) 200px, 45vw';

/** Cards at the top of a listing or search grid whose pictures load at once: a phone's first screen of them. */
export const FIRST_SCREEN_CARDS = 4;

/** A product card's picture as the card asks for it: its address, candidates and sizes (see PRODUCT_CARD_SIZES). */
export function productCardImage(url: string | undefined): { href: string; srcset: string | undefined; sizes: string } {
  return { href: imageAt(url, 480), srcset: imageSrcSet(url), sizes: PRODUCT_CARD_SIZES };
}
