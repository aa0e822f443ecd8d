import { readEscPos, type Alignment, type RasterImage } from './escpos-text';
import { PAPER_DOTS } from './line-image';
import { receiptFonts } from './receipt-fonts';

// The raster pictures of ESC/POS bytes (read by escpos-text.ts) put together and compared, and a whole
// receipt's bytes drawn as the paper would look: for the tests that compare pictures with approved ones, and
// for people to look at what a counter printed. Dots are black (1) or white (0), as on thermal paper.

const dotAt = (image: RasterImage, x: number, y: number): boolean =>
  (((image.bits[y * (image.width / 8) + (x >> 3)] ?? 0) >> (7 - (x & 7))) & 1) === 1;

/** Pictures one under the other, as they come out of the printer, on the widest one's width. */
export function stackRasters(images: readonly RasterImage[]): RasterImage {
  const width = Math.max(8, ...images.map((image) => image.width));
  const height = images.reduce((sum, image) => sum + image.height, 0);
  const bits = new Uint8Array((width / 8) * height);
  let top = 0;
  for (const image of images) {
    for (let y = 0; y < image.height; y += 1) bits.set(image.bits.subarray((y * image.width) / 8, ((y + 1) * image.width) / 8), ((top + y) * width) / 8);
    top += image.height;
  }
  return { width, height, bits };
}

/** How many dots differ between two pictures; pictures of different sizes differ everywhere. */
export function differingDots(a: RasterImage, b: RasterImage): number {
  if (a.width !== b.width || a.height !== b.height) return Math.max(a.width * a.height, b.width * b.height, 1);
  let count = 0;
  for (let i = 0; i < a.bits.length; i += 1) {
    let diff = ((a.bits[i] as number) ^ (b.bits[i] as number)) & 0xff;
    for (; diff !== 0; diff &= diff - 1) count += 1;
  }
  return count;
}

const MARGIN = 12;
/** A text line's pitch as most 203-dpi printers space font A by default (about 30 dots), and its baseline. */
const TEXT_LINE_DOTS = 30;
const TEXT_BASELINE_DOTS = 22;

/**
 * The bytes drawn as the paper would look, for people: text in font A's place (12 dots a column, twice as
 * large where the bytes ask), pictures dot for dot, the QR code as a labelled box (its modules are the
 * printer's work), a dashed line where the paper is cut. About right for text, exact for pictures.
 */
export async function receiptPreview(bytes: Uint8Array): Promise<Buffer> {
  const { canvas, fallback } = await receiptFonts();
  const items = readEscPos(bytes);
  const heights = items.map((item) => {
    if (item.kind === 'text') return TEXT_LINE_DOTS * (item.doubleHeight ? 2 : 1);
    if (item.kind === 'image') return item.image.height * item.scaleY;
    if (item.kind === 'qr') return 150;
    return 24;
  });
  const out = canvas.createCanvas(PAPER_DOTS + 2 * MARGIN, heights.reduce((sum, h) => sum + h, 0) + 2 * MARGIN);
  const ctx = out.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, out.width, out.height);
  const left = (align: Alignment, width: number) => MARGIN + (align === 'left' ? 0 : align === 'centre' ? Math.floor((PAPER_DOTS - width) / 2) : PAPER_DOTS - width);
  let top = MARGIN;
  items.forEach((item, index) => {
    ctx.fillStyle = '#000000';
    if (item.kind === 'text') {
      const scaleX = item.doubleWidth ? 2 : 1;
      const scaleY = item.doubleHeight ? 2 : 1;
      const width = [...item.text].length * 12 * scaleX;
      const x = left(item.align, width);
      if (item.invert) {
        ctx.fillRect(x, top, width, TEXT_LINE_DOTS * scaleY);
        ctx.fillStyle = '#ffffff';
      }
      ctx.save();
      ctx.translate(x, top);
      ctx.scale(scaleX, scaleY);
      ctx.font = `${item.bold ? 700 : 500} ${fallback.sizeDots}px "${fallback.family}"`;
      ctx.fillText(item.text, 0, TEXT_BASELINE_DOTS);
      ctx.restore();
    } else if (item.kind === 'image') {
      const { image } = item;
      const x0 = left(item.align, image.width * item.scaleX);
      for (let y = 0; y < image.height; y += 1) {
        for (let x = 0; x < image.width; x += 1) if (dotAt(image, x, y)) ctx.fillRect(x0 + x * item.scaleX, top + y * item.scaleY, item.scaleX, item.scaleY);
      }
    } else if (item.kind === 'qr') {
      const x = left(item.align, 130);
      ctx.strokeStyle = '#000000';
      ctx.lineWidth = 2;
      ctx.strokeRect(x, top + 10, 130, 130);
      ctx.font = `500 ${fallback.sizeDots}px "${fallback.family}"`;
      ctx.fillText('QR', x + 53, top + 70);
      ctx.fillText(item.data.slice(0, 10), x + 65 - Math.min(item.data.length, 10) * 6, top + 100);
    } else {
      ctx.setLineDash([8, 6]);
      ctx.strokeStyle = '#000000';
      ctx.beginPath();
      ctx.moveTo(0, top + 12);
      ctx.lineTo(out.width, top + 12);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    top += heights[index] as number;
  });
  // thermal paper has no grey: the drawn text in black and white too, by the same rule as the pictures
  const pixels = ctx.getImageData(0, 0, out.width, out.height);
  for (let at = 0; at < pixels.data.length; at += 4) {
    const grey = 0.2126 * (pixels.data[at] as number) + 0.7152 * (pixels.data[at + 1] as number) + 0.0722 * (pixels.data[at + 2] as number);
    pixels.data.fill(grey < 128 ? 0 : 255, at, at + 3);
  }
  ctx.putImageData(pixels, 0, 0);
  return out.toBuffer('image/png');
}
