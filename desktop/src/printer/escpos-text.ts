import iconv from 'iconv-lite';

/**
 * Reads ESC/POS bytes back as what a printer would put on paper: the text lines (commands removed, one string
 * per printed line, read in PC858), the raster pictures (GS v 0) and the commands met. For tests, for the paper preview
 * (escpos-raster.ts) and for the "what was printed" view; it knows the commands receiptBytes emits.
 */

/** A GS v 0 raster picture: one bit a dot (1 = black), `width / 8` bytes a row, rows top to bottom. */
export interface RasterImage {
  width: number;
  height: number;
  bits: Uint8Array;
}

export type Alignment = 'left' | 'centre' | 'right';

/** One thing the printer puts on paper, in order. */
export type PrintedItem =
  | { kind: 'text'; text: string; align: Alignment; doubleWidth: boolean; doubleHeight: boolean; bold: boolean; invert: boolean }
  | { kind: 'image'; image: RasterImage; align: Alignment; scaleX: 1 | 2; scaleY: 1 | 2 }
  | { kind: 'qr'; data: string; align: Alignment }
  | { kind: 'cut' };

export interface DecodedReceipt {
  lines: string[];
  cuts: number;
  qrCodes: string[];
  invert: boolean;
  /** The raster pictures, each with the number of text lines printed before it. */
  images: Array<RasterImage & { afterLine: number }>;
}

const ALIGN: readonly Alignment[] = ['left', 'centre', 'right'];

/** The GS v 0 picture starting at `at` (GS 'v' '0' m xL xH yL yH data), and how many bytes it takes. */
export function readRaster(bytes: Uint8Array, at: number): { image: RasterImage; mode: number; length: number } {
  const byte = (offset: number) => bytes[at + offset] ?? 0;
  const rowBytes = byte(4) + byte(5) * 256;
  const height = byte(6) + byte(7) * 256;
  const size = rowBytes * height;
  if (at + 8 + size > bytes.length) throw new RangeError(`a GS v 0 picture at byte ${at} runs past the end of the bytes`);
  return { image: { width: rowBytes * 8, height, bits: bytes.slice(at + 8, at + 8 + size) }, mode: byte(3) % 48, length: 8 + size };
}

/** Everything the bytes put on paper, in order. */
export function readEscPos(bytes: Uint8Array): PrintedItem[] {
  const items: PrintedItem[] = [];
  let current: number[] = [];
  let align: Alignment = 'left';
  let bold = false;
  let invert = false;
  let doubleWidth = false;
  let doubleHeight = false;
  const endLine = () => {
    items.push({ kind: 'text', text: iconv.decode(Buffer.from(current), 'CP858'), align, doubleWidth, doubleHeight, bold, invert });
    current = [];
  };
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b === 0x1b) {
      const cmd = bytes[i + 1];
      const n = bytes[i + 2] ?? 0;
      if (cmd === 0x40) {
        align = 'left';
        bold = invert = doubleWidth = doubleHeight = false;
        i += 2; // ESC @ initialise
        continue;
      }
      if (cmd === 0x32) {
        i += 2; // ESC 2 default line spacing
        continue;
      }
      if (cmd === 0x61) align = ALIGN[n % 48] ?? 'left'; // ESC a n
      else if (cmd === 0x45) bold = n % 2 === 1; // ESC E n
      else if (cmd === 0x21) {
        doubleHeight = (n & 0x10) !== 0; // ESC ! n: bit 4 double height, bit 5 double width
        doubleWidth = (n & 0x20) !== 0;
      }
      i += 3; // ESC d n, ESC t n, ESC - n, ESC M n …: one argument
      continue;
    }
    if (b === 0x1d) {
      const cmd = bytes[i + 1];
      if (cmd === 0x56) {
        items.push({ kind: 'cut' });
        i += bytes[i + 2] === 0x41 || bytes[i + 2] === 0x42 ? 4 : 3; // GS V m [n]
      } else if (cmd === 0x28 && bytes[i + 2] === 0x6b) {
        const length = (bytes[i + 3] as number) + (bytes[i + 4] as number) * 256; // GS ( k pL pH cn fn …
        const fn = bytes[i + 6];
        if (fn === 0x50) items.push({ kind: 'qr', data: Buffer.from(bytes.subarray(i + 8, i + 5 + length)).toString('latin1'), align });
        i += 5 + length;
      } else if (cmd === 0x76 && bytes[i + 2] === 0x30) {
        const raster = readRaster(bytes, i); // GS v 0 m xL xH yL yH d1…dk
        if (current.length > 0) endLine();
        items.push({ kind: 'image', image: raster.image, align, scaleX: raster.mode & 1 ? 2 : 1, scaleY: raster.mode & 2 ? 2 : 1 });
        i += raster.length;
      } else {
        if (cmd === 0x42) invert = bytes[i + 2] === 1; // GS B n reverse printing
        else if (cmd === 0x21) {
          const n = bytes[i + 2] ?? 0; // GS ! n: high nibble width, low nibble height
          doubleWidth = n >> 4 > 0;
          doubleHeight = (n & 0x0f) > 0;
        }
        i += 3; // GS ! n and other one-argument commands
      }
      continue;
    }
    if (b === 0x0a) endLine();
    else if (b >= 0x20) current.push(b);
    i += 1;
  }
  if (current.length > 0) endLine();
  return items;
}

export function decodeEscPos(bytes: Uint8Array): DecodedReceipt {
  const decoded: DecodedReceipt = { lines: [], cuts: 0, qrCodes: [], invert: false, images: [] };
  for (const item of readEscPos(bytes)) {
    if (item.kind === 'text') {
      decoded.lines.push(item.text);
      decoded.invert ||= item.invert;
    } else if (item.kind === 'image') decoded.images.push({ ...item.image, afterLine: decoded.lines.length });
    else if (item.kind === 'qr') decoded.qrCodes.push(item.data);
    else decoded.cuts += 1;
  }
  return decoded;
}
