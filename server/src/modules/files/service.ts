import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import sharp, { type Metadata } from 'sharp';
import { AppError } from '../../http/errors';

/** The widths every uploaded image is encoded at. The middle one is the URL we hand out. */
export const IMAGE_WIDTHS = [160, 480, 1024] as const;
export const MAIN_WIDTH = 480;
export const MAX_IMAGE_PIXELS = 40_000_000;

const ACCEPTED = new Map([
  ['png', 'image/png'],
  ['jpeg', 'image/jpeg'],
  ['webp', 'image/webp'],
]);

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

/**
 * Checks an image by its content and encodes it to WebP at each width (never enlarging). CPU work only:
 * nothing is written, so a caller can prepare many images before opening a transaction.
 */
export async function prepareImage(bytes: Buffer, options: { originalName?: string; uploadedBy?: string } = {}): Promise<PreparedImage> {
  const kind = sniffImageType(bytes);
  if (!kind || !ACCEPTED.has(kind)) {
    throw new AppError(415, 'UNSUPPORTED_IMAGE', 'That file is not a PNG, JPEG or WebP image.', { field: 'image' });
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_IMAGE', 'That image cannot be read: it may be damaged.', { field: 'image' });
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_IMAGE_PIXELS) {
    throw new AppError(413, 'IMAGE_TOO_LARGE', `That image has too many pixels (at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`, { field: 'image' });
  }
  const rows = await Promise.all(
    IMAGE_WIDTHS.map(async (width) => {
      const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return {
        key: `${hash}-${width}.webp`,
        content_hash: hash,
        variant: String(width),
        content_type: 'image/webp',
        width: info.width,
        height: info.height,
        byte_size: data.length,
        data,
        original_name: options.originalName ?? null,
        uploaded_by: options.uploadedBy ?? null,
      };
    }),
  );
  return { hash, url: fileUrl(hash), rows };
}

/** Writes a prepared image; the same content written twice is kept once. */
export async function savePreparedImage(db: Knex | Knex.Transaction, image: PreparedImage): Promise<string> {
  await db('stored_files').insert(image.rows).onConflict('key').ignore();
  return image.url;
}

/**
 * Stores an image: checks it by content, re-encodes it to WebP at each width, and keeps every variant in the
 * database under a content-hash key, so the same picture uploaded twice is stored once. Answers the URL of
 * the main variant.
 */
export async function storeImage(
  db: Knex | Knex.Transaction,
  bytes: Buffer,
  options: { originalName?: string; uploadedBy?: string } = {},
): Promise<{ url: string; hash: string }> {
  const image = await prepareImage(bytes, options);
  const existing = await db('stored_files').where({ content_hash: image.hash }).first('key');
  if (!existing) await savePreparedImage(db, image);
  return { url: image.url, hash: image.hash };
}
