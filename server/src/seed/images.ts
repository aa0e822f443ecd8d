import sharp from 'sharp';
import type { SeedShape } from './catalogue-data';

/**
 * Pictures for the demo catalogue, drawn here as SVG and rendered to PNG by sharp: flat packshots in each
 * product's colour with its name on a label, varied by a hash of the name so no two look the same.
 */

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

/** Mixes a hex colour towards white (amount > 0) or black (amount < 0). */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 255;
    const target = amount > 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

/** Up to two short lines of the name for the label. */
function labelLines(name: string): string[] {
  const words = name.replace(/^Deal:\s*/, '').split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if ((line + ' ' + word).trim().length > 12 && line) {
      lines.push(line);
      line = word;
    } else {
      line = (line + ' ' + word).trim();
    }
    if (lines.length === 2) break;
  }
  if (lines.length < 2 && line) lines.push(line);
  return lines.slice(0, 2).map((l) => (l.length > 13 ? l.slice(0, 12) + '…' : l));
}

function shapeSvg(shape: SeedShape, colour: string, seed: number): string {
  const dark = shade(colour, -0.25);
  const light = shade(colour, 0.35);
  switch (shape) {
    case 'bottle':
      return `<rect x="206" y="70" width="100" height="60" rx="14" fill="${dark}"/><path d="M176 150 Q176 120 216 112 L296 112 Q336 120 336 150 L336 440 Q336 462 314 462 L198 462 Q176 462 176 440 Z" fill="${colour}"/>`;
    case 'can':
      return `<ellipse cx="256" cy="120" rx="110" ry="26" fill="${light}"/><rect x="146" y="120" width="220" height="320" fill="${colour}"/><ellipse cx="256" cy="440" rx="110" ry="26" fill="${dark}"/>`;
    case 'jar':
      return `<rect x="166" y="96" width="180" height="50" rx="10" fill="${dark}"/><rect x="146" y="140" width="220" height="310" rx="40" fill="${colour}"/>`;
    case 'box':
      return `<polygon points="136,150 256,100 376,150 376,430 256,470 136,430" fill="${colour}"/><polygon points="136,150 256,100 376,150 256,200" fill="${light}"/><polygon points="256,200 376,150 376,430 256,470" fill="${dark}" opacity="0.35"/>`;
    case 'bunch': {
      const leaves = [0, 1, 2, 3, 4]
        .map((i) => `<ellipse cx="${196 + i * 30}" cy="${200 - ((seed >> i) & 7) * 4}" rx="34" ry="110" fill="${i % 2 ? colour : dark}" transform="rotate(${(i - 2) * 14} 256 420)"/>`)
        .join('');
      return `${leaves}<rect x="236" y="330" width="40" height="130" rx="12" fill="${shade(colour, -0.45)}"/>`;
    }
    case 'round':
      return `<circle cx="256" cy="290" r="160" fill="${colour}"/><ellipse cx="206" cy="230" rx="50" ry="34" fill="${light}" opacity="0.6"/><path d="M256 130 Q270 90 310 84" stroke="${shade(colour, -0.5)}" stroke-width="12" fill="none"/>`;
    case 'tray':
      return `<rect x="96" y="220" width="320" height="190" rx="26" fill="#edf2f7"/><ellipse cx="256" cy="300" rx="130" ry="70" fill="${colour}"/><ellipse cx="230" cy="285" rx="60" ry="26" fill="${light}" opacity="0.7"/>`;
    case 'pack':
      return `<path d="M156 110 L356 110 L376 150 L376 450 L136 450 L136 150 Z" fill="${colour}"/><path d="M156 110 L356 110 L346 140 L166 140 Z" fill="${dark}"/>`;
    case 'bag':
    default:
      return `<path d="M166 140 Q256 100 346 140 L386 450 Q256 480 126 450 Z" fill="${colour}"/><path d="M186 140 Q256 118 326 140 L326 168 Q256 150 186 168 Z" fill="${dark}"/>`;
  }
}

/** A product's packshot: its shape in its colour on a soft background, with a label naming it. */
export async function renderProductImage(product: { name: string; unit: string; visual: { shape: SeedShape; colour: string } }, size = 512): Promise<Buffer> {
  const seed = hash(product.name);
  const { shape, colour } = product.visual;
  const background = shade(colour, 0.86 - (seed % 5) * 0.02);
  const tilt = ((seed >> 3) % 11) - 5;
  const accent = shade(colour, -0.4);
  const lines = labelLines(product.name);
  const label = lines
    .map((line, i) => `<text x="256" y="${318 + i * 34 - (lines.length - 1) * 17}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="28" font-weight="bold" fill="${accent}" text-anchor="middle">${escapeXml(line)}</text>`)
    .join('');
  const dots = Array.from({ length: 6 }, (_, i) => `<circle cx="${40 + ((seed >> i) % 430)}" cy="${30 + ((seed >> (i + 5)) % 450)}" r="${6 + (i % 3) * 4}" fill="${shade(colour, 0.6)}" opacity="0.5"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" fill="${background}"/>${dots}
    <ellipse cx="256" cy="470" rx="170" ry="20" fill="#000" opacity="0.08"/>
    <g transform="rotate(${tilt} 256 280)">${shapeSvg(shape, colour, seed)}
      <rect x="166" y="${270 - (lines.length - 1) * 17}" width="180" height="${40 + (lines.length - 1) * 34}" rx="8" fill="#ffffff" opacity="0.92"/>${label}
    </g>
    <text x="486" y="496" font-family="DejaVu Sans, sans-serif" font-size="22" fill="${accent}" text-anchor="end">${escapeXml(product.unit)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).png({ compressionLevel: 6 }).toBuffer();
}

function tile(name: string, colour: string, size: number, badge: string): Promise<Buffer> {
  const seed = hash(name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
    <rect width="256" height="256" rx="28" fill="${shade(colour, 0.8)}"/>
    <circle cx="${150 + (seed % 40)}" cy="${90 + ((seed >> 4) % 30)}" r="70" fill="${colour}" opacity="0.85"/>
    <circle cx="${80 + ((seed >> 8) % 30)}" cy="120" r="44" fill="${shade(colour, -0.3)}" opacity="0.7"/>
    <text x="128" y="214" font-family="DejaVu Sans, sans-serif" font-size="${name.length > 12 ? 20 : 26}" font-weight="bold" fill="${shade(colour, -0.55)}" text-anchor="middle">${escapeXml(name.length > 18 ? name.slice(0, 17) + '…' : name)}</text>
    <text x="24" y="44" font-family="DejaVu Sans, sans-serif" font-size="16" fill="${shade(colour, -0.4)}">${escapeXml(badge)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(size, size).png().toBuffer();
}

/** A category tile for the home grid. */
export function renderCategoryImage(name: string, colour: string, size = 256): Promise<Buffer> {
  return tile(name, colour, size, '');
}

/** A sub-category tile for the listing side panel and the Buy Brand section. */
export function renderSubCategoryImage(name: string, colour: string, size = 256): Promise<Buffer> {
  return tile(name, colour, size, '•');
}

/** The home banner: a market stall of fresh produce shapes and the shop's promise. */
export async function renderBannerImage(width = 1200, height = 400): Promise<Buffer> {
  const produce = ['#e53e3e', '#38a169', '#dd6b20', '#ecc94b', '#805ad5', '#d53f8c', '#2f855a', '#c05621'];
  const shapes = produce
    .map((c, i) => `<circle cx="${850 + (i % 4) * 95}" cy="${150 + Math.floor(i / 4) * 105}" r="${40 + (i % 3) * 6}" fill="${c}"/>`)
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400">
    <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#0f7a3d"/><stop offset="1" stop-color="#38a169"/></linearGradient></defs>
    <rect width="1200" height="400" fill="url(#g)"/>
    <rect x="790" y="300" width="390" height="50" rx="12" fill="#744210"/>${shapes}
    <text x="60" y="150" font-family="DejaVu Sans, sans-serif" font-size="56" font-weight="bold" fill="#ffffff">Fresh to your door</text>
    <text x="60" y="215" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#f0fff4">Groceries and daily needs in 20 min to 2.5 hours</text>
    <text x="60" y="275" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#f0fff4">Cash on delivery · within 1.75 km</text>
  </svg>`;
  return sharp(Buffer.from(svg)).resize(width, height).png().toBuffer();
}
