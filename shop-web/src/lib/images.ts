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
