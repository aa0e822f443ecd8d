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
