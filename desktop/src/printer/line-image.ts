import { printableText } from '@kade/shared';
import type { RasterImage } from './escpos-text';
import { rasterPng } from './raster-png';
import { covers, receiptFonts, type ReceiptFace, type ReceiptFonts } from './receipt-fonts';

// A receipt line as a picture, for the lines the printer's code page cannot print (Sinhala, Tamil) and for
// printers that print nothing but pictures: white paper, black text, shaped by the renderer (Skia with
// HarfBuzz), so conjuncts and vowel signs come out as they are written. The drawing is made black and white
// here, by the printer library's own rule (opaque and darker than half grey is a dot), and handed over as a
// small greyscale PNG that node-thermal-printer's printImageBuffer sends as a GS v 0 raster: the PNG holds
// exactly the dots that reach the paper.

/** 72 mm of paper at 203 dots an inch: the widest a picture may be. */
export const PAPER_DOTS = 576;
/** One column of the receipt's layout: font A is 12 dots wide. */
export const COLUMN_DOTS = 12;
/** One line of text on paper, about the printer's own line pitch; room for Sinhala marks above and below. */
export const LINE_DOTS = 32;
const BASELINE_DOTS = 24;

export interface LineImageOptions {
  /** The printable width in dots (576 for 72 mm); never more than PAPER_DOTS. */
  widthDots?: number;
  /** 'centre' centres each row in the width, as the receipt centres its headings. */
  align?: 'left' | 'centre';
  /** Text set flush right on the last row, as the layout right-aligns amounts (a row of its own when it does not fit). */
  right?: string;
  /** Twice as wide and high, in bold: the order number at the top. */
  large?: boolean;
  /** White on black behind the text, as the printer's reverse mode (REPRINT). */
  invert?: boolean;
}

export interface LineImage {
  png: Buffer;
  /** The same dots as the PNG. */
  raster: RasterImage;
}

interface Run {
  text: string;
  face: ReceiptFace;
}

interface Segment {
  x: number;
  text: string;
}

/**
 * Splits text into runs that each draw with one face. A character stays in the current run when its face
 * holds it (a joiner or a danda inside Sinhala stays with the Sinhala letters, so the conjunct is shaped
 * whole); otherwise it takes the first face that holds it. A character no face holds becomes '?', as the
 * code page prints it.
 */
function runsOf(text: string, fonts: ReceiptFonts): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const char of printableText(text)) {
    const codePoint = char.codePointAt(0) as number;
    let face = current && covers(current.face, codePoint) ? current.face : fonts.faces.find((candidate) => covers(candidate, codePoint));
    let drawn = char;
    if (!face) {
      face = fonts.fallback;
      drawn = '?';
    }
    if (current && current.face === face) current.text += drawn;
    else {
      current = { text: drawn, face };
      runs.push(current);
    }
  }
  return runs;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Draws text into PNG rows no wider than the paper; long text wraps at spaces (continuation rows indented two columns). */
export async function lineImage(text: string, options: LineImageOptions = {}): Promise<LineImage> {
  const fonts = await receiptFonts();
  const scale = options.large ? 2 : 1;
  const limit = Math.min(options.widthDots ?? PAPER_DOTS, PAPER_DOTS);
  const rowDots = LINE_DOTS * scale;
  const measure = fonts.surface(PAPER_DOTS, 4 * LINE_DOTS);
  const font = (face: ReceiptFace) => `${options.large ? 700 : 500} ${face.sizeDots * scale}px "${face.family}"`;
  const widths = new Map<string, number>();
  const width = (value: string): number => {
    let known = widths.get(value);
    if (known === undefined) {
      known = runsOf(value, fonts).reduce((sum, run) => {
        measure.font = font(run.face);
        return sum + measure.measureText(run.text).width;
      }, 0);
      widths.set(value, known);
    }
    return known;
  };

  // Rows: the line as it is when it fits (its spaces keep the layout's columns), else wrapped by words.
  const rows: Segment[][] = [];
  if (width(text) <= limit) rows.push([{ x: 0, text }]);
  else {
    const indent = 2 * COLUMN_DOTS * scale;
    let x = (/^ */.exec(text)?.[0].length ?? 0) * COLUMN_DOTS * scale;
    let current = '';
    const flush = () => {
      rows.push([{ x, text: current }]);
      x = indent;
      current = '';
    };
    for (const word of text.trim().split(/\s+/).filter((w) => w !== '')) {
      let rest = word;
      while (rest !== '') {
        const candidate = current === '' ? rest : `${current} ${rest}`;
        if (x + width(candidate) <= limit) {
          current = candidate;
          rest = '';
        } else if (current !== '') flush();
        else {
          // one word wider than a row: cut it between letters (grapheme clusters) where the row ends
          const parts = [...graphemes.segment(rest)].map((part) => part.segment);
          let fit = 1;
          while (fit < parts.length && x + width(parts.slice(0, fit + 1).join('')) <= limit) fit += 1;
          current = parts.slice(0, fit).join('');
          rest = parts.slice(fit).join('');
          flush();
        }
      }
    }
    if (current !== '' || rows.length === 0) flush();
  }
  if (options.align === 'centre') {
    for (const segment of rows.flat()) segment.x = Math.max(0, Math.floor((limit - width(segment.text)) / 2));
  }
  if (options.right !== undefined && options.right !== '') {
    const rightWidth = width(options.right);
    const last = rows[rows.length - 1] as Segment[];
    const end = Math.max(...last.map((segment) => segment.x + width(segment.text)));
    const segment = { x: Math.max(0, limit - rightWidth), text: options.right };
    if (end + COLUMN_DOTS * scale <= segment.x) last.push(segment);
    else rows.push([segment]);
  }

  // The picture is as wide as its text (a multiple of 8 dots, as GS v 0 sends whole bytes), at most the paper.
  const ends = rows.flatMap((row) => row.map((segment) => segment.x + width(segment.text)));
  const imageWidth = Math.min(limit - (limit % 8), Math.max(8, Math.ceil((Math.max(...ends) + 2) / 8) * 8));
  const imageHeight = rows.length * rowDots;
  const ctx = fonts.surface(imageWidth, imageHeight);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, imageWidth, imageHeight);
  rows.forEach((row, index) => {
    const baseline = index * rowDots + BASELINE_DOTS * scale;
    for (const segment of row) {
      if (options.invert) {
        ctx.fillStyle = '#000000';
        ctx.fillRect(segment.x, index * rowDots, width(segment.text), rowDots);
      }
      ctx.fillStyle = options.invert ? '#ffffff' : '#000000';
      let x = segment.x;
      for (const run of runsOf(segment.text, fonts)) {
        ctx.font = font(run.face);
        ctx.fillText(run.text, x, baseline);
        x += ctx.measureText(run.text).width;
      }
    }
  });
  const pixels = ctx.getImageData(0, 0, imageWidth, imageHeight).data;
  const raster: RasterImage = { width: imageWidth, height: imageHeight, bits: new Uint8Array((imageWidth / 8) * imageHeight) };
  for (let dot = 0; dot < imageWidth * imageHeight; dot += 1) {
    const at = dot * 4;
    const grey = 0.2126 * (pixels[at] as number) + 0.7152 * (pixels[at + 1] as number) + 0.0722 * (pixels[at + 2] as number);
    if (grey < 128) raster.bits[dot >> 3] = (raster.bits[dot >> 3] as number) | (0x80 >> (dot & 7));
  }
  return { png: rasterPng(raster), raster };
}

