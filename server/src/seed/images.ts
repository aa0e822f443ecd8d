// sharp is loaded when the seed draws its pictures, not by every server that starts (the seed runs once).
const loadSharp = async () => (await import('sharp')).default;
import { SEED_CATEGORIES, SEED_SUB_CATEGORIES } from './catalogue-data';
import type { SeedIcon, SeedShape, SeedVisual } from './catalogue-data';
import { seededRandom } from '../lib/seeded-random';

/**
 * Pictures for the demo catalogue, drawn here as SVG and rendered to PNG by sharp (librsvg): flat packshots
 * in each product's colour with a label naming it, category and sub-category tiles, and the home banner.
 * Nothing is downloaded. Every product picture differs: tilt, offset, accent, label style and pattern come
 * from a hash of the name. Text needs a font through fontconfig; where none renders, labels are drawn as
 * stripes instead (see textRenderingAvailable).
 */

/**
 * The version of these drawings and of their encoding: raise it with any change to how a picture looks, so a seed
 * does not read back pictures an older drawing kept in SEED_IMAGE_CACHE_DIR (image-cache.ts).
 */
export const SEED_PICTURES_VERSION = 2;

export interface ProductImageInput {
  name: string;
  unit: string;
  visual: SeedVisual;
}

const FONT = "'DejaVu Sans', 'Noto Sans', 'Liberation Sans', Arial, sans-serif";

// ---------------------------------------------------------------------------------------------------------
// Small helpers: hashing, colours, text
// ---------------------------------------------------------------------------------------------------------

/** FNV-1a: a steady 32-bit number from a text. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const randomFrom = seededRandom;

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  let h = hex.trim().replace(/^#/, '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const n = /^[0-9a-fA-F]{6}$/.test(h) ? Number.parseInt(h, 16) : 0x718096;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, '0')).join('')}`;
}

/** Mixes colour a towards colour b by amount (0 = a, 1 = b). */
function mix(a: string, b: string, amount: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex([x[0] + (y[0] - x[0]) * amount, x[1] + (y[1] - x[1]) * amount, x[2] + (y[2] - x[2]) * amount]);
}

/** Lighter (amount > 0, towards white) or darker (amount < 0, towards black). */
function shade(hex: string, amount: number): string {
  return amount >= 0 ? mix(hex, '#ffffff', amount) : mix(hex, '#000000', -amount);
}

/** Relative brightness, 0 (black) to 1 (white). */
function lightness(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Accents for labels and stripes, chosen per product by its hash. */
const ACCENTS = ['#e53e3e', '#d69e2e', '#2f855a', '#2b6cb0', '#805ad5', '#dd6b20', '#b83280', '#1a202c', '#319795', '#c05621'];
/** Soft backgrounds used when the product's own colour is too pale to tint one. */
const PASTELS = ['#e6fffa', '#ebf8ff', '#faf5ff', '#fff5f7', '#fffaf0', '#f0fff4', '#fefcbf', '#e9d8fd'];

const BRAND_PREFIXES = SEED_SUB_CATEGORIES.filter((s) => s.categories.includes('Buy Brand')).map((s) => s.name);
const GENERIC_WORDS = new Set(
  [
    'rice', 'powder', 'tea', 'bags', 'biscuits', 'chips', 'oil', 'sauce', 'flour', 'seeds', 'soap', 'bread', 'buns', 'drink',
    'mix', 'leaves', 'sticks', 'slices', 'steaks', 'cut', 'box', 'jar', 'tablets', 'liquid', 'combo', 'pack', 'bundle',
    'basket', 'kit', 'set', 'whole', 'boneless', 'refill', 'imported', 'fresh', 'bar', 'pot', 'block', 'paste', 'cups',
  ].map((w) => w.toLowerCase()),
);

export interface LabelParts {
  /** The big word: the name's last distinctive word. */
  word: string;
  /** A small line above it: the brand, 'Deal', or the words before the big one (may be empty). */
  prefix: string;
}

function clip(text: string, max: number): string {
  return text.length > max ? text.slice(0, max - 1).trimEnd() + '.' : text;
}

/**
 * What a product's label says: the name without brand, 'Deal:' or sizes; its last word is the big word
 * unless that is a generic one ('Rice', 'Powder', 'Combo', ...), then the word before it. The brand, 'Deal'
 * or the remaining leading words go on a small line above.
 */
export function labelParts(name: string): LabelParts {
  let rest = name.trim();
  let prefix = '';
  if (/^deal:/i.test(rest)) {
    rest = rest.replace(/^deal:\s*/i, '');
    prefix = 'Deal';
  }
  for (const brand of BRAND_PREFIXES) {
    if (rest.toLowerCase().startsWith(brand.toLowerCase() + ' ')) {
      rest = rest.slice(brand.length).trim();
      prefix = brand;
    }
  }
  const words = rest
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}-]/gu, ''))
    .filter((w) => w.length > 1 && !/\d/.test(w));
  if (words.length === 0) return { word: clip(rest.split(/\s+/)[0] ?? name, 12), prefix };
  let index = words.length - 1;
  if (GENERIC_WORDS.has((words[index] as string).toLowerCase()) && index > 0) index -= 1;
  if (!prefix) prefix = words.slice(0, index).join(' ');
  return { word: clip(words[index] as string, 12), prefix: clip(prefix, 16) };
}

/** The big word of a product's label (see labelParts). */
export function labelWord(name: string): string {
  return labelParts(name).word;
}

/** A font size that fits `text` (bold, upper case) into `width`, at most `max`. */
function fitFont(text: string, width: number, max: number): number {
  return Math.max(10, Math.min(max, Math.floor(width / (Math.max(1, text.length) * 0.74))));
}

let textProbe: Promise<boolean> | undefined;

/**
 * True when librsvg draws text on this machine (a font is reachable through fontconfig). Checked once by
 * rendering a letter and looking for dark pixels.
 */
export function textRenderingAvailable(): Promise<boolean> {
  textProbe ??= (async () => {
    try {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="48" height="32"><rect width="48" height="32" fill="#fff"/><text x="4" y="26" font-family="${FONT}" font-size="28" font-weight="bold" fill="#000">W</text></svg>`;
      const { data } = await (await loadSharp())(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
      let dark = 0;
      for (const value of data) if (value < 128) dark++;
      return dark > 20;
    } catch {
      return false;
    }
  })();
  return textProbe;
}

function svgDocument(width: number, height: number, viewWidth: number, viewHeight: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${viewWidth} ${viewHeight}">${body}</svg>`;
}

async function toPng(svg: string): Promise<Buffer> {
  return (await loadSharp())(Buffer.from(svg)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

function checkSize(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 16 || value > 4096) throw new RangeError(`${what} must be a whole number of pixels from 16 to 4096`);
  return value;
}

// ---------------------------------------------------------------------------------------------------------
// Product packshots (drawn on a 512 x 512 grid, scaled to the requested size)
// ---------------------------------------------------------------------------------------------------------

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

interface ShapeDrawing {
  /** The packshot itself. */
  svg: string;
  /** Where the label goes. */
  label: Box;
  /** 'band' labels are rectangles across the body; 'tag' labels are stickers or tie tags. */
  labelKind: 'band' | 'tag';
  /** An area of the body that may carry a pattern. */
  patternArea?: Box;
}

interface Palette {
  body: string;
  light: string;
  dark: string;
  outline: string;
  accent: string;
}

function zigzag(x1: number, x2: number, y: number, depth: number, teeth: number): string {
  const step = (x2 - x1) / teeth;
  let d = `M${x1} ${y}`;
  for (let i = 0; i < teeth; i++) d += ` L${x1 + step * (i + 0.5)} ${y + depth} L${x1 + step * (i + 1)} ${y}`;
  return d;
}

function drawShape(shape: SeedShape, p: Palette, random: () => number): ShapeDrawing {
  const stroke = `stroke="${p.outline}" stroke-width="5" stroke-linejoin="round"`;
  switch (shape) {
    case 'bag': {
      const svg =
        `<path d="M146 132 L366 132 L384 428 Q386 462 352 462 L160 462 Q126 462 128 428 Z" fill="url(#body)" ${stroke}/>` +
        `<path d="${zigzag(146, 366, 132, -16, 11)} L366 110 L146 110 Z" fill="${p.dark}" ${stroke}/>` +
        `<rect x="146" y="132" width="220" height="22" fill="${p.dark}" opacity="0.35"/>` +
        `<path d="M184 176 Q256 166 328 176" stroke="${p.light}" stroke-width="6" fill="none" opacity="0.7"/>`;
      return { svg, label: { x: 166, y: 238, w: 180, h: 112 }, labelKind: 'band', patternArea: { x: 150, y: 370, w: 212, h: 70 } };
    }
    case 'bottle': {
      const svg =
        `<path d="M232 104 L280 104 L282 150 Q338 170 340 220 L340 436 Q340 462 314 462 L198 462 Q172 462 172 436 L172 220 Q174 170 230 150 Z" fill="url(#body)" ${stroke}/>` +
        `<rect x="220" y="58" width="72" height="52" rx="10" fill="${p.accent}" ${stroke}/>` +
        `<rect x="220" y="70" width="72" height="6" fill="${shade(p.accent, 0.35)}"/>` +
        `<rect x="190" y="212" width="18" height="210" rx="9" fill="#ffffff" opacity="0.35"/>`;
      return { svg, label: { x: 176, y: 262, w: 160, h: 108 }, labelKind: 'band', patternArea: { x: 214, y: 390, w: 118, h: 56 } };
    }
    case 'box': {
      const svg =
        `<polygon points="338,150 390,118 390,424 338,456" fill="${p.dark}" ${stroke}/>` +
        `<polygon points="148,150 200,118 390,118 338,150" fill="${p.light}" ${stroke}/>` +
        `<rect x="148" y="150" width="190" height="306" fill="url(#body)" ${stroke}/>` +
        `<rect x="148" y="150" width="190" height="26" fill="${p.accent}" opacity="0.85"/>`;
      return { svg, label: { x: 160, y: 246, w: 166, h: 108 }, labelKind: 'band', patternArea: { x: 152, y: 376, w: 182, h: 72 } };
    }
    case 'can': {
      const svg =
        `<rect x="158" y="128" width="196" height="318" fill="url(#body)" ${stroke}/>` +
        `<ellipse cx="256" cy="446" rx="98" ry="22" fill="${p.dark}" ${stroke}/>` +
        `<rect x="161" y="420" width="190" height="26" fill="${p.dark}"/>` +
        `<ellipse cx="256" cy="128" rx="98" ry="22" fill="#cbd5e0" ${stroke}/>` +
        `<ellipse cx="256" cy="128" rx="78" ry="14" fill="#a0aec0"/>` +
        `<rect x="176" y="150" width="16" height="260" rx="8" fill="#ffffff" opacity="0.3"/>`;
      return { svg, label: { x: 161, y: 226, w: 190, h: 124 }, labelKind: 'band', patternArea: { x: 200, y: 360, w: 150, h: 54 } };
    }
    case 'jar': {
      const svg =
        `<rect x="160" y="150" width="192" height="308" rx="48" fill="url(#body)" ${stroke}/>` +
        `<rect x="178" y="134" width="156" height="30" rx="8" fill="${p.dark}" ${stroke}/>` +
        `<rect x="170" y="92" width="172" height="50" rx="12" fill="${p.accent}" ${stroke}/>` +
        `<path d="M178 108 H334" stroke="${shade(p.accent, 0.3)}" stroke-width="5"/>` +
        `<rect x="178" y="184" width="18" height="230" rx="9" fill="#ffffff" opacity="0.35"/>`;
      return { svg, label: { x: 170, y: 252, w: 172, h: 108 }, labelKind: 'band', patternArea: { x: 204, y: 376, w: 130, h: 60 } };
    }
    case 'bunch': {
      const count = 5 + Math.floor(random() * 3);
      let leaves = '';
      for (let i = 0; i < count; i++) {
        const angle = -42 + (84 / (count - 1)) * i + (random() * 8 - 4);
        const length = 250 + random() * 70;
        const width = 40 + random() * 18;
        const fill = i % 2 === 0 ? p.body : p.dark;
        leaves +=
          `<g transform="rotate(${angle.toFixed(1)} 256 410)">` +
          `<path d="M256 410 C${256 - width} ${410 - length * 0.45} ${256 - width * 0.6} ${410 - length * 0.85} 256 ${410 - length} C${256 + width * 0.6} ${410 - length * 0.85} ${256 + width} ${410 - length * 0.45} 256 410 Z" fill="${fill}" ${stroke}/>` +
          `<path d="M256 400 L256 ${410 - length + 30}" stroke="${p.light}" stroke-width="4" opacity="0.8"/></g>`;
      }
      const svg =
        leaves +
        `<path d="M236 392 L276 392 L270 462 L242 462 Z" fill="${shade(p.body, -0.35)}" ${stroke}/>` +
        `<rect x="226" y="396" width="60" height="16" rx="6" fill="${p.accent}" ${stroke}/>`;
      return { svg, label: { x: 180, y: 414, w: 152, h: 58 }, labelKind: 'tag' };
    }
    case 'round': {
      const leafSide = random() < 0.5 ? -1 : 1;
      const svg =
        `<circle cx="256" cy="282" r="166" fill="url(#round)" ${stroke}/>` +
        `<ellipse cx="200" cy="212" rx="52" ry="32" fill="#ffffff" opacity="0.35" transform="rotate(-30 200 212)"/>` +
        `<path d="M256 124 Q262 96 ${256 + leafSide * 20} 76" stroke="${shade(p.body, -0.55)}" stroke-width="12" stroke-linecap="round" fill="none"/>` +
        `<path d="M${256 + leafSide * 8} 104 Q${256 + leafSide * 60} 60 ${256 + leafSide * 110} 92 Q${256 + leafSide * 60} 128 ${256 + leafSide * 8} 104 Z" fill="#38a169" ${stroke}/>`;
      return { svg, label: { x: 180, y: 306, w: 152, h: 64 }, labelKind: 'tag' };
    }
    case 'pack': {
      const svg =
        `<path d="M148 124 Q256 112 364 124 Q352 290 374 446 Q256 458 138 446 Q160 290 148 124 Z" fill="url(#body)" ${stroke}/>` +
        `<path d="${zigzag(150, 362, 124, -14, 12)} L362 104 L150 104 Z" fill="${p.dark}" ${stroke}/>` +
        `<path d="${zigzag(140, 372, 446, 14, 13)} L372 466 L140 466 Z" fill="${p.dark}" ${stroke}/>` +
        `<circle cx="330" cy="182" r="30" fill="${p.accent}" ${stroke}/>` +
        `<circle cx="330" cy="182" r="16" fill="#ffffff" opacity="0.5"/>`;
      return { svg, label: { x: 166, y: 236, w: 180, h: 110 }, labelKind: 'band', patternArea: { x: 164, y: 368, w: 188, h: 62 } };
    }
    case 'tray': {
      const pieces = 3 + Math.floor(random() * 3);
      let contents = '';
      for (let i = 0; i < pieces; i++) {
        const cx = 150 + (212 / Math.max(1, pieces - 1)) * i + (random() * 16 - 8);
        const cy = 312 + (random() * 24 - 12);
        const rx = 52 + random() * 16;
        const ry = 36 + random() * 12;
        contents +=
          `<ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${rx.toFixed(0)}" ry="${ry.toFixed(0)}" fill="${i % 2 ? p.body : p.dark}" ${stroke}/>` +
          `<ellipse cx="${(cx - 12).toFixed(0)}" cy="${(cy - 10).toFixed(0)}" rx="${(rx * 0.45).toFixed(0)}" ry="${(ry * 0.3).toFixed(0)}" fill="${p.light}" opacity="0.7"/>`;
      }
      const svg =
        `<path d="M72 250 L440 250 L412 420 Q408 436 390 436 L122 436 Q104 436 100 420 Z" fill="#f7fafc" ${stroke}/>` +
        `<path d="M96 262 L416 262 L398 398 L114 398 Z" fill="#e2e8f0"/>` +
        contents +
        `<path d="M110 270 L200 270 M300 300 L390 282 M130 380 L190 330" stroke="#ffffff" stroke-width="7" stroke-linecap="round" opacity="0.75"/>`;
      return { svg, label: { x: 270, y: 392, w: 168, h: 58 }, labelKind: 'tag' };
    }
  }
}

function patternDefs(kind: number, colour: string): string {
  switch (kind) {
    case 1:
      return `<pattern id="pat" width="24" height="24" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="24" fill="${colour}"/></pattern>`;
    case 2:
      return `<pattern id="pat" width="26" height="26" patternUnits="userSpaceOnUse"><circle cx="13" cy="13" r="6" fill="${colour}"/></pattern>`;
    case 3:
      return `<pattern id="pat" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 14 Q10 2 20 14 T40 14" stroke="${colour}" stroke-width="5" fill="none"/></pattern>`;
    default:
      return `<pattern id="pat" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M0 22 L15 8 L30 22" stroke="${colour}" stroke-width="5" fill="none"/></pattern>`;
  }
}

function backgroundDecor(kind: number, colour: string, random: () => number): string {
  let out = '';
  if (kind === 0) {
    for (let i = 0; i < 7; i++) {
      out += `<circle cx="${(random() * 512).toFixed(0)}" cy="${(random() * 420).toFixed(0)}" r="${(10 + random() * 34).toFixed(0)}" fill="${colour}" opacity="0.35"/>`;
    }
  } else if (kind === 1) {
    for (let i = -2; i < 10; i++) out += `<rect x="${i * 64}" y="-60" width="22" height="640" fill="${colour}" opacity="0.22" transform="rotate(20 256 256)"/>`;
  } else if (kind === 2) {
    out += `<circle cx="${(380 + random() * 80).toFixed(0)}" cy="${(60 + random() * 80).toFixed(0)}" r="150" fill="${colour}" opacity="0.35"/><circle cx="${(40 + random() * 60).toFixed(0)}" cy="420" r="120" fill="${colour}" opacity="0.25"/>`;
  } else {
    for (let y = 40; y < 512; y += 56) {
      for (let x = 28 + ((y / 56) % 2) * 28; x < 512; x += 56) out += `<circle cx="${x}" cy="${y}" r="4" fill="${colour}" opacity="0.5"/>`;
    }
  }
  return out;
}

function drawLabel(
  box: Box,
  kind: 'band' | 'tag',
  style: number,
  parts: LabelParts,
  unit: string,
  p: Palette,
  withText: boolean,
): string {
  const word = parts.word;
  const { x, y, w, h } = box;
  const cx = x + w / 2;
  const dark = lightness(p.body) > 0.35 ? shade(p.body, -0.62) : shade(p.body, -0.35);
  const filled = style === 1;
  const fill = filled ? dark : '#ffffff';
  const ink = filled ? '#ffffff' : dark;
  const radius = kind === 'tag' ? h / 2 : style === 2 ? 18 : 6;
  let out = `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${radius}" fill="${fill}" stroke="${p.outline}" stroke-width="4"/>`;
  if (kind === 'band' && style !== 2) {
    out += `<rect x="${x + 2}" y="${y + 5}" width="${w - 4}" height="5" fill="${p.accent}"/><rect x="${x + 2}" y="${y + h - 10}" width="${w - 4}" height="5" fill="${p.accent}"/>`;
  }
  if (withText) {
    const text = word.toUpperCase();
    const big = fitFont(text, w - 24, kind === 'tag' ? 30 : 36);
    if (kind === 'tag') {
      out += `<text x="${cx}" y="${y + h / 2 + big * 0.36}" font-family="${FONT}" font-size="${big}" font-weight="bold" fill="${ink}" text-anchor="middle">${escapeXml(text)}</text>`;
    } else {
      const small = Math.min(18, fitFont(unit, w - 40, 18));
      const baseline = parts.prefix ? y + h / 2 + big * 0.35 + 6 : y + h / 2 + big * 0.3;
      if (parts.prefix) {
        const prefixFont = Math.min(17, fitFont(parts.prefix, w - 28, 17) + 2);
        out += `<text x="${cx}" y="${y + 30}" font-family="${FONT}" font-size="${prefixFont}" fill="${ink}" text-anchor="middle" opacity="0.9">${escapeXml(parts.prefix)}</text>`;
      }
      out +=
        `<text x="${cx}" y="${baseline.toFixed(1)}" font-family="${FONT}" font-size="${big}" font-weight="bold" fill="${ink}" text-anchor="middle">${escapeXml(text)}</text>` +
        `<text x="${cx}" y="${y + h - 16}" font-family="${FONT}" font-size="${small}" fill="${ink}" text-anchor="middle" opacity="0.85">${escapeXml(unit)}</text>`;
    }
  } else {
    // No font: a stylised 'word' of bars stands in for the text.
    const bars = Math.max(2, Math.min(6, Math.ceil(word.length / 2)));
    const barWidth = (w - 40) / bars;
    for (let i = 0; i < bars; i++) {
      out += `<rect x="${(x + 20 + i * barWidth + 3).toFixed(0)}" y="${(y + h / 2 - 9).toFixed(0)}" width="${(barWidth - 6).toFixed(0)}" height="18" rx="6" fill="${ink}" opacity="0.8"/>`;
    }
  }
  return out;
}

/**
 * A product's packshot as a PNG: its shape in its colour on a soft background, with a label carrying a short
 * word from its name and its unit. The same product always gives the same bytes; two products differ.
 */
export async function renderProductImage(product: ProductImageInput, size = 512): Promise<Buffer> {
  checkSize(size, 'size');
  const withText = await textRenderingAvailable();
  const seed = hash(`${product.name}|${product.unit}`);
  const random = randomFrom(seed);
  const colour = toHex(parseHex(product.visual.colour));
  const accentChoices = ACCENTS.filter((a) => Math.abs(lightness(a) - lightness(colour)) > 0.12 && a !== colour);
  const accent = accentChoices[seed % accentChoices.length] ?? '#1a202c';
  const pale = lightness(colour) > 0.78;
  const background = pale ? (PASTELS[(seed >>> 4) % PASTELS.length] as string) : mix(colour, '#ffffff', 0.8 + random() * 0.08);
  const palette: Palette = {
    body: colour,
    light: shade(colour, 0.4),
    dark: shade(colour, -0.28),
    outline: shade(pale ? mix(colour, '#4a5568', 0.6) : colour, -0.45),
    accent,
  };
  const tilt = (random() * 10 - 5).toFixed(1);
  const shiftX = (random() * 24 - 12).toFixed(0);
  const drawing = drawShape(product.visual.shape, palette, random);
  const decorKind = (seed >>> 8) % 4;
  const patternKind = (seed >>> 12) % 5; // 0 = plain body
  const labelStyle = (seed >>> 16) % 3;
  const area = drawing.patternArea;
  const pattern =
    area && patternKind > 0
      ? `<rect x="${area.x}" y="${area.y}" width="${area.w}" height="${area.h}" fill="url(#pat)" opacity="0.35"/>`
      : '';
  const defs =
    `<defs>` +
    `<linearGradient id="body" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="${palette.light}"/><stop offset="0.45" stop-color="${colour}"/><stop offset="1" stop-color="${palette.dark}"/></linearGradient>` +
    `<radialGradient id="round" cx="0.38" cy="0.35" r="0.7"><stop offset="0" stop-color="${palette.light}"/><stop offset="0.6" stop-color="${colour}"/><stop offset="1" stop-color="${palette.dark}"/></radialGradient>` +
    patternDefs(patternKind, patternKind % 2 ? '#ffffff' : palette.accent) +
    `</defs>`;
  const body =
    defs +
    `<rect width="512" height="512" fill="${background}"/>` +
    backgroundDecor(decorKind, shade(background, -0.08), random) +
    `<ellipse cx="256" cy="474" rx="180" ry="20" fill="#000000" opacity="0.12"/>` +
    `<g transform="translate(${shiftX} 0) rotate(${tilt} 256 300)">` +
    drawing.svg +
    pattern +
    drawLabel(drawing.label, drawing.labelKind, labelStyle, labelParts(product.name), product.unit, palette, withText) +
    `</g>`;
  return toPng(svgDocument(size, size, 512, 512, body));
}

// ---------------------------------------------------------------------------------------------------------
// Category and sub-category tiles (drawn on a 256 x 256 grid)
// ---------------------------------------------------------------------------------------------------------

/** A simple flat drawing of `icon`, centred on (128, 104) and about 120 px across, in colour c. */
function iconSvg(icon: SeedIcon, c: string): string {
  const d = shade(c, -0.35);
  const l = shade(c, 0.45);
  const s = `stroke="${d}" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"`;
  switch (icon) {
    case 'basket':
      return `<circle cx="100" cy="92" r="20" fill="#e53e3e" ${s}/><circle cx="136" cy="86" r="22" fill="#ecc94b" ${s}/><circle cx="162" cy="96" r="16" fill="#38a169" ${s}/><path d="M82 104 Q128 20 174 104" stroke="${d}" stroke-width="8" fill="none"/><path d="M66 104 L190 104 L174 164 L82 164 Z" fill="${c}" ${s}/><path d="M74 124 H182 M78 144 H178" ${s}/>`;
    case 'leaf':
      return `<path d="M70 166 C70 90 120 48 190 44 C190 120 150 166 70 166 Z" fill="${c}" ${s}/><path d="M70 166 L160 76 M110 126 L110 96 M130 106 L150 106" ${s} fill="none"/>`;
    case 'milk':
      return `<path d="M92 70 L128 40 L164 70 Z" fill="${l}" ${s}/><rect x="92" y="70" width="72" height="100" fill="${c}" ${s}/><rect x="100" y="98" width="56" height="34" rx="6" fill="#ffffff"/><path d="M118 115 q10 -14 20 0" stroke="${d}" stroke-width="4" fill="none"/>`;
    case 'cup':
      return `<path d="M98 58 q-8 -12 0 -22 M122 58 q-8 -12 0 -22 M146 58 q-8 -12 0 -22" stroke="${d}" stroke-width="4" fill="none"/><path d="M76 72 L176 72 L166 138 Q162 152 146 152 L106 152 Q90 152 86 138 Z" fill="${c}" ${s}/><path d="M174 86 Q204 88 196 112 Q190 128 168 126" stroke="${d}" stroke-width="8" fill="none"/><ellipse cx="126" cy="162" rx="72" ry="12" fill="${l}" ${s}/>`;
    case 'biscuit':
      return `<rect x="60" y="60" width="86" height="86" rx="10" fill="${l}" ${s}/><circle cx="82" cy="82" r="4" fill="${d}"/><circle cx="124" cy="82" r="4" fill="${d}"/><circle cx="82" cy="124" r="4" fill="${d}"/><circle cx="124" cy="124" r="4" fill="${d}"/><circle cx="156" cy="124" r="46" fill="${c}" ${s}/><circle cx="146" cy="112" r="5" fill="${d}"/><circle cx="168" cy="134" r="5" fill="${d}"/><circle cx="140" cy="140" r="5" fill="${d}"/>`;
    case 'pill':
      return `<g transform="rotate(-35 110 110)"><rect x="60" y="88" width="100" height="44" rx="22" fill="#ffffff" ${s}/><path d="M110 88 H138 A22 22 0 0 1 138 132 H110 Z" fill="${c}"/><rect x="60" y="88" width="100" height="44" rx="22" fill="none" ${s}/></g><rect x="142" y="108" width="56" height="56" rx="10" fill="${c}" ${s}/><path d="M170 120 V152 M154 136 H186" stroke="#ffffff" stroke-width="8"/>`;
    case 'chips':
      return `<path d="M82 56 Q128 48 174 56 Q166 110 178 168 Q128 176 78 168 Q90 110 82 56 Z" fill="${c}" ${s}/><path d="M82 56 L174 56" stroke="${d}" stroke-width="10"/><path d="M78 168 L178 168" stroke="${d}" stroke-width="10"/><ellipse cx="128" cy="112" rx="30" ry="22" fill="#f6e05e" ${s}/>`;
    case 'grain':
      return `<path d="M128 176 L128 48" stroke="${d}" stroke-width="6"/>${[0, 1, 2, 3, 4]
        .map((i) => `<ellipse cx="114" cy="${60 + i * 22}" rx="10" ry="18" fill="${c}" ${s} transform="rotate(-30 114 ${60 + i * 22})"/><ellipse cx="142" cy="${70 + i * 22}" rx="10" ry="18" fill="${c}" ${s} transform="rotate(30 142 ${70 + i * 22})"/>`)
        .join('')}`;
    case 'apple':
      return `<path d="M128 70 C96 50 62 72 66 114 C70 156 100 178 128 164 C156 178 186 156 190 114 C194 72 160 50 128 70 Z" fill="${c}" ${s}/><path d="M128 70 Q130 50 142 38" ${s} fill="none"/><path d="M134 54 Q160 30 182 46 Q160 66 134 54 Z" fill="#38a169" ${s}/><ellipse cx="98" cy="100" rx="12" ry="20" fill="#ffffff" opacity="0.4"/>`;
    case 'drumstick':
      return `<path d="M150 60 C186 64 198 104 176 128 C160 146 136 144 122 134 L96 160 Q104 176 90 182 Q80 186 76 176 Q64 176 66 164 Q68 152 84 156 L110 130 C98 114 100 88 118 72 C126 64 138 60 150 60 Z" fill="${c}" ${s}/><path d="M96 160 L84 156" stroke="#ffffff" stroke-width="6"/><ellipse cx="158" cy="90" rx="14" ry="8" fill="#ffffff" opacity="0.4" transform="rotate(40 158 90)"/>`;
    case 'fish':
      return `<path d="M56 110 C86 62 150 62 180 110 C150 158 86 158 56 110 Z" fill="${c}" ${s}/><path d="M176 110 L212 80 L212 140 Z" fill="${d}" ${s}/><circle cx="86" cy="102" r="7" fill="#ffffff"/><circle cx="86" cy="102" r="3" fill="#1a202c"/><path d="M116 86 Q126 110 116 134 M140 88 Q150 110 140 132" ${s} fill="none"/>`;
    case 'chilli':
      return `<path d="M168 62 C176 120 140 176 72 170 C64 168 66 158 74 158 C120 150 146 112 144 66 Z" fill="${c}" ${s}/><path d="M144 66 Q150 50 168 52 Q176 56 168 62 Z" fill="#38a169" ${s}/><path d="M160 54 Q166 38 182 36" stroke="#2f855a" stroke-width="6" fill="none"/>`;
    case 'spray':
      return `<path d="M100 84 L150 84 L158 176 L92 176 Z" fill="${c}" ${s}/><rect x="110" y="56" width="32" height="28" fill="${d}" ${s}/><path d="M110 60 L82 60 L82 74 L110 74" fill="${d}" ${s}/><circle cx="64" cy="56" r="4" fill="${d}"/><circle cx="60" cy="70" r="4" fill="${d}"/><circle cx="66" cy="84" r="4" fill="${d}"/><rect x="104" y="116" width="42" height="30" rx="4" fill="#ffffff"/>`;
    case 'soap':
      return `<rect x="62" y="100" width="116" height="66" rx="22" fill="${c}" ${s}/><rect x="78" y="112" width="84" height="20" rx="10" fill="${l}"/><circle cx="156" cy="74" r="18" fill="#ffffff" ${s}/><circle cx="186" cy="58" r="11" fill="#ffffff" ${s}/><circle cx="120" cy="68" r="9" fill="#ffffff" ${s}/>`;
    case 'bread':
      return `<path d="M64 120 Q64 60 128 60 Q192 60 192 120 L186 170 L70 170 Z" fill="${c}" ${s}/><path d="M96 84 L110 112 M124 78 L138 106 M152 84 L166 112" stroke="${l}" stroke-width="7" stroke-linecap="round"/>`;
    case 'star': {
      const points = Array.from({ length: 10 }, (_, i) => {
        const r = i % 2 === 0 ? 70 : 30;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        return `${(128 + r * Math.cos(a)).toFixed(1)},${(110 + r * Math.sin(a)).toFixed(1)}`;
      }).join(' ');
      return `<polygon points="${points}" fill="${c}" ${s}/><circle cx="128" cy="112" r="12" fill="#ffffff" opacity="0.6"/>`;
    }
    case 'tag':
      return `<path d="M70 70 L140 70 L196 126 L140 182 L70 182 Q60 182 60 172 L60 80 Q60 70 70 70 Z" fill="${c}" ${s} transform="rotate(-20 128 126)"/><circle cx="88" cy="108" r="11" fill="#ffffff" ${s}/><path d="M104 130 H150 M104 150 H140" stroke="#ffffff" stroke-width="8" stroke-linecap="round" transform="rotate(-20 128 126)"/>`;
    case 'oil':
      return `<path d="M110 52 L134 52 L136 78 Q168 90 168 120 L168 170 L76 170 L76 120 Q76 90 108 78 Z" fill="${c}" ${s}/><rect x="106" y="38" width="32" height="18" rx="4" fill="${d}" ${s}/><path d="M186 86 Q200 110 186 120 Q172 110 186 86 Z" fill="${l}" ${s}/><rect x="86" y="122" width="72" height="30" rx="4" fill="#ffffff"/>`;
    case 'drink':
      return `<path d="M84 64 L172 64 L160 176 L96 176 Z" fill="${l}" ${s}/><path d="M88 96 L168 96 L160 176 L96 176 Z" fill="${c}"/><path d="M84 64 L172 64 L160 176 L96 176 Z" fill="none" ${s}/><path d="M138 100 L160 32 L180 32" stroke="${d}" stroke-width="7" fill="none" stroke-linecap="round"/><circle cx="114" cy="130" r="6" fill="#ffffff" opacity="0.7"/><circle cx="132" cy="150" r="4" fill="#ffffff" opacity="0.7"/>`;
  }
}

const ICON_KEYWORDS: Array<[RegExp, SeedIcon]> = [
  [/deal|special|offer/i, 'star'],
  [/biscuit|cracker|wafer|cookie/i, 'biscuit'],
  [/oil|ghee|sugar|salt|coconut|sauce|paste|noodle|pasta/i, 'oil'],
  [/milk|yoghurt|curd|butter|cheese|cream/i, 'milk'],
  [/egg/i, 'basket'],
  [/tea|coffee|malt/i, 'cup'],
  [/pain|first aid|cold|flu|digest|medic/i, 'pill'],
  [/chip|snack|bite|nut/i, 'chips'],
  [/rice|dhal|pulse|flour|grain/i, 'grain'],
  [/fruit/i, 'apple'],
  [/chicken|meat|mutton|pork|sausage|cold cut/i, 'drumstick'],
  [/fish|seafood|prawn/i, 'fish'],
  [/spice|curry|chilli|pepper/i, 'chilli'],
  [/clean|laundry|dish|household|kitchen/i, 'spray'],
  [/soap|oral|hair|skin|care/i, 'soap'],
  [/bread|bun|cake|bakery|short eat/i, 'bread'],
  [/drink|juice|cordial|water|beverage/i, 'drink'],
  [/veget|green|leaf|onion|garlic|root/i, 'leaf'],
  [/brand/i, 'tag'],
  [/sweet|chocolate|toffee/i, 'biscuit'],
];

const ALL_ICONS: SeedIcon[] = ['basket', 'leaf', 'milk', 'cup', 'biscuit', 'pill', 'chips', 'grain', 'apple', 'drumstick', 'fish', 'chilli', 'spray', 'soap', 'bread', 'star', 'tag', 'oil', 'drink'];

/** The icon for a category or sub-category name: the seed's own choice, a keyword match, or one by hash. */
function iconFor(name: string): SeedIcon {
  const key = name.trim().toLowerCase();
  const category = SEED_CATEGORIES.find((c) => c.name.toLowerCase() === key);
  if (category) return category.icon;
  for (const [pattern, icon] of ICON_KEYWORDS) if (pattern.test(name)) return icon;
  const sub = SEED_SUB_CATEGORIES.find((s) => s.name.toLowerCase() === key);
  const parent = sub && SEED_CATEGORIES.find((c) => c.name === sub.categories[0]);
  if (parent) return parent.icon;
  return ALL_ICONS[hash(key) % ALL_ICONS.length] as SeedIcon;
}

function isBrand(name: string): boolean {
  const key = name.trim().toLowerCase();
  return SEED_SUB_CATEGORIES.some((s) => s.name.toLowerCase() === key && s.categories.includes('Buy Brand'));
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w))
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? '')
    .join('');
}

/**
 * A category tile for the home grid: a rounded square in the category's colour with its icon on a white
 * plate. `icon` defaults to the seed category's icon, or one chosen from the name. No words are drawn: the shop
 * writes the name beside the picture in the shopper's language (issue 36), where a drawn English name stayed English.
 */
export async function renderCategoryImage(name: string, colour: string, size = 256, icon?: SeedIcon): Promise<Buffer> {
  checkSize(size, 'size');
  const c = toHex(parseHex(colour));
  const seed = hash(name);
  const body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 0.25)}"/><stop offset="1" stop-color="${shade(c, -0.15)}"/></linearGradient></defs>` +
    `<rect width="256" height="256" rx="36" fill="url(#bg)"/>` +
    `<circle cx="${200 + (seed % 30)}" cy="${30 + ((seed >>> 5) % 30)}" r="46" fill="#ffffff" opacity="0.12"/>` +
    `<circle cx="${20 + ((seed >>> 10) % 30)}" cy="190" r="34" fill="#ffffff" opacity="0.1"/>` +
    `<g transform="translate(0 22)"><circle cx="128" cy="106" r="80" fill="#ffffff" opacity="0.95"/>` +
    iconSvg(icon ?? iconFor(name), c) +
    '</g>';
  return toPng(svgDocument(size, size, 256, 256, body));
}

/**
 * A sub-category tile for the listing side panel and the 'Buy Brand' section: a pale square with a round
 * coloured plate holding the icon (brands get an emblem with their initials instead); no words, as on the category tiles.
 */
export async function renderSubCategoryImage(name: string, colour: string, size = 256): Promise<Buffer> {
  checkSize(size, 'size');
  const withText = await textRenderingAvailable();
  const c = toHex(parseHex(colour));
  const seed = hash(name);
  const random = randomFrom(seed);
  const pale = mix(c, '#ffffff', 0.86);
  let decor = '';
  for (let i = 0; i < 5; i++) {
    decor += `<circle cx="${(random() * 256).toFixed(0)}" cy="${(random() * 180).toFixed(0)}" r="${(6 + random() * 14).toFixed(0)}" fill="${c}" opacity="0.15"/>`;
  }
  let centre: string;
  if (isBrand(name)) {
    const rays = Array.from({ length: 16 }, (_, i) => {
      const a = (Math.PI / 8) * i;
      return `${(128 + 84 * Math.cos(a)).toFixed(1)},${(104 + 84 * Math.sin(a)).toFixed(1)} ${(128 + 72 * Math.cos(a + Math.PI / 16)).toFixed(1)},${(104 + 72 * Math.sin(a + Math.PI / 16)).toFixed(1)}`;
    }).join(' ');
    const letters = initials(name);
    centre =
      `<polygon points="${rays}" fill="${c}"/>` +
      `<circle cx="128" cy="104" r="62" fill="#ffffff"/><circle cx="128" cy="104" r="54" fill="none" stroke="${c}" stroke-width="4" stroke-dasharray="6 5"/>` +
      (withText
        ? `<text x="128" y="122" font-family="${FONT}" font-size="48" font-weight="bold" fill="${shade(c, -0.3)}" text-anchor="middle">${escapeXml(letters)}</text>`
        : `<path d="M100 104 H156 M108 86 H148 M108 122 H148" stroke="${shade(c, -0.3)}" stroke-width="8" stroke-linecap="round"/>`);
  } else {
    centre = `<circle cx="128" cy="104" r="82" fill="${c}" opacity="0.9"/><circle cx="128" cy="104" r="70" fill="#ffffff"/>` + `<g transform="translate(25.6 20.8) scale(0.8)">${iconSvg(iconFor(name), c)}</g>`;
  }
  const body = `<rect width="256" height="256" rx="28" fill="${pale}"/>` + decor + `<g transform="translate(0 24)">${centre}</g>`;
  return toPng(svgDocument(size, size, 256, 256, body));
}

// ---------------------------------------------------------------------------------------------------------
// Home banner (drawn on a 1200 x 400 grid)
// ---------------------------------------------------------------------------------------------------------

function bannerProduce(): string {
  const tomato = (x: number, y: number, r: number) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#e53e3e" stroke="#9b2c2c" stroke-width="4"/><ellipse cx="${x - r * 0.35}" cy="${y - r * 0.35}" rx="${r * 0.25}" ry="${r * 0.15}" fill="#ffffff" opacity="0.5"/><path d="M${x - 12} ${y - r + 4} L${x} ${y - r - 8} L${x + 12} ${y - r + 4} L${x} ${y - r + 10} Z" fill="#2f855a"/>`;
  const carrot = (x: number, y: number, angle: number) =>
    `<g transform="rotate(${angle} ${x} ${y})"><path d="M${x - 18} ${y} L${x + 18} ${y} L${x} ${y + 120} Z" fill="#dd6b20" stroke="#9c4221" stroke-width="4" stroke-linejoin="round"/><path d="M${x - 8} ${y + 30} h10 M${x - 4} ${y + 60} h8" stroke="#9c4221" stroke-width="4"/><path d="M${x} ${y} q-20 -40 -10 -56 M${x} ${y} q0 -44 12 -58 M${x} ${y} q18 -30 30 -40" stroke="#2f855a" stroke-width="8" fill="none" stroke-linecap="round"/></g>`;
  const leaf = (x: number, y: number, angle: number, c: string) =>
    `<path d="M${x} ${y} C${x - 34} ${y - 60} ${x - 20} ${y - 120} ${x} ${y - 150} C${x + 20} ${y - 120} ${x + 34} ${y - 60} ${x} ${y} Z" fill="${c}" stroke="#22543d" stroke-width="4" transform="rotate(${angle} ${x} ${y})"/>`;
  const banana = (x: number, y: number) =>
    `<path d="M${x} ${y} Q${x + 60} ${y + 70} ${x + 140} ${y + 10} Q${x + 70} ${y + 44} ${x} ${y} Z" fill="#ecc94b" stroke="#b7791f" stroke-width="4"/><path d="M${x + 4} ${y + 14} Q${x + 70} ${y + 80} ${x + 144} ${y + 30} Q${x + 70} ${y + 60} ${x + 4} ${y + 14} Z" fill="#f6e05e" stroke="#b7791f" stroke-width="4"/>`;
  return (
    leaf(880, 300, -30, '#38a169') +
    leaf(910, 300, -8, '#2f855a') +
    leaf(940, 300, 16, '#48bb78') +
    carrot(1030, 150, 25) +
    carrot(1070, 150, 40) +
    `<circle cx="1130" cy="250" r="54" fill="#975a16" stroke="#5f370e" stroke-width="4"/><circle cx="1116" cy="236" r="6" fill="#5f370e"/><circle cx="1140" cy="232" r="6" fill="#5f370e"/><circle cx="1128" cy="254" r="6" fill="#5f370e"/>` +
    banana(760, 236) +
    `<ellipse cx="1000" cy="262" rx="56" ry="32" fill="#553c9a" stroke="#322659" stroke-width="4" transform="rotate(-20 1000 262)"/><path d="M950 238 l-16 -14 l22 4 Z" fill="#2f855a"/>` +
    tomato(840, 262, 40) +
    tomato(920, 270, 34) +
    `<circle cx="1060" cy="290" r="24" fill="#68d391" stroke="#2f855a" stroke-width="4"/><circle cx="1098" cy="300" r="20" fill="#68d391" stroke="#2f855a" stroke-width="4"/>` +
    `<path d="M720 300 L1180 300 L1150 392 L750 392 Z" fill="#b7791f" stroke="#744210" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M736 330 H1168 M746 360 H1158" stroke="#744210" stroke-width="5"/>` +
    Array.from({ length: 9 }, (_, i) => `<path d="M${770 + i * 48} 302 V390" stroke="#975a16" stroke-width="4"/>`).join('')
  );
}

/**
 * The home banner: a green market-stall scene with a basket of fresh produce and the shop's promise. Drawn
 * on a 1200 x 400 grid and stretched to width x height.
 */
export async function renderBannerImage(width = 1200, height = 400): Promise<Buffer> {
  checkSize(width, 'width');
  checkSize(height, 'height');
  const withText = await textRenderingAvailable();
  const dots = Array.from({ length: 24 }, (_, i) => `<circle cx="${40 + ((i * 97) % 640)}" cy="${30 + ((i * 53) % 340)}" r="${3 + (i % 4)}" fill="#ffffff" opacity="0.12"/>`).join('');
  const awning = Array.from({ length: 12 }, (_, i) => `<path d="M${i * 100} 0 H${i * 100 + 100} V30 Q${i * 100 + 50} 56 ${i * 100} 30 Z" fill="${i % 2 ? '#ffffff' : '#e53e3e'}"/>`).join('');
  const text = withText
    ? `<text x="64" y="130" font-family="${FONT}" font-size="30" font-weight="bold" fill="#fefcbf" letter-spacing="6">KADE</text>` +
      `<text x="64" y="196" font-family="${FONT}" font-size="54" font-weight="bold" fill="#ffffff">Fresh from the market,</text>` +
      `<text x="64" y="256" font-family="${FONT}" font-size="54" font-weight="bold" fill="#ffffff">at your door</text>` +
      `<rect x="64" y="290" width="460" height="52" rx="26" fill="#ecc94b"/>` +
      `<text x="294" y="324" font-family="${FONT}" font-size="22" font-weight="bold" fill="#22543d" text-anchor="middle">Vegetables · Rice · Daily needs</text>`
    : `<rect x="64" y="110" width="120" height="22" rx="11" fill="#fefcbf"/><rect x="64" y="160" width="520" height="44" rx="22" fill="#ffffff"/><rect x="64" y="220" width="340" height="44" rx="22" fill="#ffffff"/><rect x="64" y="290" width="460" height="52" rx="26" fill="#ecc94b"/>`;
  const body =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1c6b3a"/><stop offset="1" stop-color="#38a169"/></linearGradient></defs>` +
    `<rect width="1200" height="400" fill="url(#sky)"/>` +
    `<circle cx="960" cy="200" r="230" fill="#ffffff" opacity="0.1"/>` +
    dots +
    awning +
    text +
    bannerProduce();
  return toPng(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 400" preserveAspectRatio="none">${body}</svg>`);
}
