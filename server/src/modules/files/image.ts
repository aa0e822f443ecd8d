// An uploaded image from bytes to stored variants, with no database and no queue: the checks on its header
// (type, pixels, decoded memory) and the encoding to WebP. The server runs the encoding in its image process
// (image-process.ts); the seed calls it directly.
import { createHash } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { AppError } from '../../http/errors';

/**
 * sharp (libvips, about 30 MB resident once loaded) is loaded by the first image this process checks: the
 * server's own process only reads headers, and a shop that takes no upload never pays for it.
 */
const loadSharp = async () => (await import('sharp')).default;

/** The widths every uploaded image is encoded at. The middle one is the URL we hand out. */
export const IMAGE_WIDTHS = [160, 480, 1024] as const;
export const MAIN_WIDTH = 480;
/** The pixel limit when none is configured (IMAGE_MAX_MEGAPIXELS' default). */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * The memory an image's decoded pixels may take, per pixel of the pixel limit: 4 bytes, an 8-bit RGBA picture at
 * the limit (160 MB at 40 megapixels). A 16-bit picture needs twice its pixels' worth, so it may have half as many.
 */
export const DECODED_BYTES_PER_PIXEL = 4;

/** How big an image may be, checked from its header before anything is decoded. */
export interface ImageLimits {
  /** Width × height. */
  maxPixels: number;
  /** Width × height × channels × bytes per sample: what its pixels would take once decoded. */
  maxDecodedBytes: number;
}

export function imageLimits(maxPixels: number = MAX_IMAGE_PIXELS): ImageLimits {
  return { maxPixels, maxDecodedBytes: maxPixels * DECODED_BYTES_PER_PIXEL };
}

const ACCEPTED = new Map([
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['webp', 'image/webp'],
]);

/** Bytes per sample of libvips' band formats (sharp's `metadata.depth`). */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

/** The image type read from the bytes themselves (magic numbers), never from the file name. */
export function sniffImageType(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | undefined {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' &&
    String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

export function fileUrl(contentHash: string, width: number = MAIN_WIDTH): string {
  return `/files/${contentHash}-${width}.webp`;
}

export interface PreparedImage {
  hash: string;
  url: string;
  rows: Array<Record<string, unknown>>;
}

export interface ImageOptions {
  originalName?: string;
  uploadedBy?: string;
  /** The form field the image came in, named in refusals. */
  field?: string;
}

/** An image whose header passed the checks: nothing of it has been decoded yet. */
export interface CheckedImage {
  bytes: Buffer;
  hash: string;
  width: number;
  height: number;
}

const megabytes = (bytes: number) => Math.ceil(bytes / 1_000_000);

/**
 * Checks an image by its content and its header only (sharp's metadata reads no pixels): its type from the
 * magic numbers, then its pixels and the memory they would take once decoded against `limits`. Cheap, so it
 * runs before the image queue; a refusal here has decoded nothing.
 */
export async function checkImage(bytes: Buffer, limits: ImageLimits, field = 'image'): Promise<CheckedImage> {
  const kind = sniffImageType(bytes);
  if (!kind || !ACCEPTED.has(kind)) {
    throw new AppError('UNSUPPORTED_IMAGE', 'That file is not a PNG, JPEG or WebP image.', { field });
  }
  const tooManyPixels = () =>
    new AppError('IMAGE_TOO_LARGE', `That image has too many pixels (at most ${limits.maxPixels / 1_000_000} megapixels).`, { field });
  let meta: Metadata;
  try {
    meta = await (await loadSharp())(bytes, { limitInputPixels: limits.maxPixels }).metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels();
    throw new AppError('UNSUPPORTED_IMAGE', 'That image cannot be read: it may be damaged.', { field });
  }
  const { width, height } = meta;
  if (!width || !height) throw new AppError('UNSUPPORTED_IMAGE', 'That image cannot be read: it may be damaged.', { field });
  if (width * height > limits.maxPixels) throw tooManyPixels();
  // An unknown band format counts as the widest one: never under-estimated.
  const decodedBytes = width * height * (meta.channels ?? 4) * (SAMPLE_BYTES[meta.depth ?? ''] ?? 16);
  if (decodedBytes > limits.maxDecodedBytes) {
    throw new AppError('IMAGE_TOO_LARGE',
      `That image would take about ${megabytes(decodedBytes)} MB to open (at most ${megabytes(limits.maxDecodedBytes)} MB): save it with fewer pixels or 8 bits per channel.`,
      { field },
    );
  }
  return { bytes, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32), width, height };
}

/**
 * The expensive part: decodes a checked image once, scaled to the widest variant, and encodes every width to
 * WebP from that (never enlarging). CPU and memory only, nothing written. Decoding each width from the upload
 * took three decodes at once: about twice the memory. A picture whose header was fine but whose pixels cannot
 * be decoded is refused with 415.
 */
export async function encodeImage(image: CheckedImage, limits: ImageLimits, options: ImageOptions = {}): Promise<PreparedImage> {
  const widest = Math.max(...IMAGE_WIDTHS);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await (await loadSharp())(image.bytes, { limitInputPixels: limits.maxPixels })
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new AppError('UNSUPPORTED_IMAGE', 'That image cannot be read: it may be damaged.', { field: options.field ?? 'image' });
  }
  const { data, info } = decoded;
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const rows = [];
  for (const width of IMAGE_WIDTHS) {
    const encoded = await (await loadSharp())(data, { raw, limitInputPixels: limits.maxPixels })
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    rows.push({
      key: `${image.hash}-${width}.webp`,
      content_hash: image.hash,
      variant: String(width),
      content_type: 'image/webp',
      width: encoded.info.width,
      height: encoded.info.height,
      byte_size: encoded.data.length,
      data: encoded.data,
      original_name: options.originalName ?? null,
      uploaded_by: options.uploadedBy ?? null,
    });
  }
  return { hash: image.hash, url: fileUrl(image.hash), rows };
}

/**
 * Checks an image and encodes it here, with no queue: for the seed, which renders its own pictures once at
 * start. Uploads go through `createImageService` (service.ts).
 */
export async function prepareImage(bytes: Buffer, options: ImageOptions & { limits?: ImageLimits } = {}): Promise<PreparedImage> {
  const limits = options.limits ?? imageLimits();
  return encodeImage(await checkImage(bytes, limits, options.field), limits, options);
}

