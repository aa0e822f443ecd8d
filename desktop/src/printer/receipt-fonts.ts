import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Canvas from '@napi-rs/canvas';

// The fonts a receipt line is drawn with when the printer's code page cannot print it (line-image.ts):
// Noto Sans Sinhala, Noto Sans Tamil and Noto Sans Mono from the Fontsource packages (woff2, one file per
// subset and weight; the web shop can load the same packages). Each file is registered under its own family
// name, and each character is drawn with the first file whose subset holds it (the package's unicode.json),
// so nothing ever falls back to whatever fonts the counter PC has: the same text draws the same pixels on
// every machine. Mono for Latin keeps the receipt's columns: 12 dots a character, as the printer's font A.

const require = createRequire(import.meta.url);

/** The renderer, loaded on first use: a receipt whose every line is text never loads the native module. */
export type CanvasModule = typeof Canvas;

export interface ReceiptFace {
  /** The family the file is registered under (ours, so no system font of the same name interferes). */
  family: string;
  /** The size it is drawn at for a normal line, in dots. */
  sizeDots: number;
  /** The code points its subset holds, as inclusive ranges. */
  ranges: ReadonlyArray<readonly [number, number]>;
}

interface FontFile {
  pkg: 'noto-sans-sinhala' | 'noto-sans-tamil' | 'noto-sans-mono';
  subset: string;
  weights: readonly (500 | 700)[];
  family: string;
  sizeDots: number;
}

/**
 * In the order a character looks for its face. Sizes: Noto Sans Mono at 20 dots advances exactly 12 dots a
 * character (48 columns in 576 dots, like font A); Sinhala and Tamil at 22 dots match its letters' height
 * and fit a 32-dot line with their marks above and below. Weight 500 (medium): at 203 dpi its strokes are
 * two dots wide, as the printer's own font, where 400 leaves hairlines of one dot; 700 for the order number.
 */
const FILES: readonly FontFile[] = [
  { pkg: 'noto-sans-sinhala', subset: 'sinhala', weights: [500], family: 'Kade Receipt Sinhala', sizeDots: 22 },
  { pkg: 'noto-sans-tamil', subset: 'tamil', weights: [500], family: 'Kade Receipt Tamil', sizeDots: 22 },
  { pkg: 'noto-sans-mono', subset: 'latin', weights: [500, 700], family: 'Kade Receipt Mono', sizeDots: 20 },
  { pkg: 'noto-sans-mono', subset: 'latin-ext', weights: [500, 700], family: 'Kade Receipt Mono Ext', sizeDots: 20 },
];

/** 'U+0964-0965,U+0D81-0DF4,U+1CF2' as ranges. */
export function parseUnicodeRange(text: string): Array<[number, number]> {
  return text.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = Number.parseInt(from ?? '', 16);
    const end = to === undefined ? start : Number.parseInt(to, 16);
    if (!Number.isInteger(start) || !Number.isInteger(end) || end < start) throw new Error(`not a unicode range: ${part}`);
    return [start, end];
  });
}

export function covers(face: ReceiptFace, codePoint: number): boolean {
  return face.ranges.some(([start, end]) => codePoint >= start && codePoint <= end);
}

export type DrawingContext = Canvas.SKRSContext2D;

export interface ReceiptFonts {
  canvas: CanvasModule;
  faces: readonly ReceiptFace[];
  /** The face for Latin text and for characters no face holds (drawn as '?', as the code page would). */
  fallback: ReceiptFace;
  /**
   * A drawing surface at least this big, kept for the next line (making one costs about 2 ms, drawing a
   * line a tenth of that). Drawing is synchronous, so one line at a time uses it; the caller clears it.
   */
  surface(width: number, height: number): DrawingContext;
}

async function load(): Promise<ReceiptFonts> {
  const canvas = await import('@napi-rs/canvas');
  const faces = FILES.map((file): ReceiptFace => {
    const unicode = JSON.parse(readFileSync(require.resolve(`@fontsource/${file.pkg}/unicode.json`), 'utf8')) as Record<string, string>;
    const range = unicode[file.subset];
    if (range === undefined) throw new Error(`@fontsource/${file.pkg} has no ${file.subset} subset`);
    for (const weight of file.weights) {
      // Read by Node rather than by path, so it also works from inside the packaged app's asar archive.
      const data = readFileSync(require.resolve(`@fontsource/${file.pkg}/files/${file.pkg}-${file.subset}-${weight}-normal.woff2`));
      if (!canvas.GlobalFonts.register(data, file.family)) throw new Error(`could not load the receipt font ${file.pkg} ${file.subset} ${weight}`);
    }
    return { family: file.family, sizeDots: file.sizeDots, ranges: parseUnicodeRange(range) };
  });
  const fallback = faces.find((face) => face.family === 'Kade Receipt Mono');
  if (!fallback) throw new Error('the receipt fonts have no Latin face');
  let kept: DrawingContext | undefined;
  const surface = (width: number, height: number): DrawingContext => {
    if (!kept || kept.canvas.width < width || kept.canvas.height < height) {
      kept = canvas.createCanvas(Math.max(width, kept?.canvas.width ?? 0), Math.max(height, kept?.canvas.height ?? 0)).getContext('2d');
    }
    return kept;
  };
  return { canvas, faces, fallback, surface };
}

let loading: Promise<ReceiptFonts> | undefined;

/** The renderer with the receipt fonts registered, loaded once per process (fonts register process-wide). */
export function receiptFonts(): Promise<ReceiptFonts> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
