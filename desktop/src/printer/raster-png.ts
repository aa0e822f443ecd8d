import { crc32, deflateSync } from 'node:zlib';
import type { RasterImage } from './escpos-text';
import { receiptFonts } from './receipt-fonts';

// Raster pictures (one bit a dot) to PNG and back: the PNG handed to the printer library, the pictures the
// tests keep as approved, and the ones written for people to look at.

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const frame = Buffer.alloc(4);
  frame.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([frame, body, crc]);
}

/** Dots as an 8-bit greyscale PNG (black 0, white 255): the form the printer library reads fastest. */
export function rasterPng(raster: RasterImage): Buffer {
  const rowBytes = raster.width / 8;
  const rows = Buffer.alloc((raster.width + 1) * raster.height, 255);
  for (let y = 0; y < raster.height; y += 1) {
    const start = y * (raster.width + 1);
    rows[start] = 0; // filter: none
    for (let x = 0; x < raster.width; x += 1) {
      if ((((raster.bits[y * rowBytes + (x >> 3)] as number) >> (7 - (x & 7))) & 1) === 1) rows[start + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(raster.width, 0);
  header.writeUInt32BE(raster.height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A PNG read back as dots the way the printer library makes them (opaque and darker than half grey is
 * black), its width padded to whole bytes with white.
 */
export async function pngToRaster(png: Buffer): Promise<RasterImage> {
  const { canvas } = await receiptFonts();
  const picture = await canvas.loadImage(png);
  const width = Math.ceil(picture.width / 8) * 8;
  const ctx = canvas.createCanvas(Math.max(8, width), Math.max(1, picture.height)).getContext('2d');
  ctx.drawImage(picture, 0, 0);
  const data = ctx.getImageData(0, 0, picture.width, picture.height).data;
  const bits = new Uint8Array((width / 8) * picture.height);
  for (let y = 0; y < picture.height; y += 1) {
    for (let x = 0; x < picture.width; x += 1) {
      const at = (y * picture.width + x) * 4;
      const grey = 0.2126 * (data[at] as number) + 0.7152 * (data[at + 1] as number) + 0.0722 * (data[at + 2] as number);
      if ((data[at + 3] as number) > 126 && grey < 128) {
        const byte = y * (width / 8) + (x >> 3);
        bits[byte] = (bits[byte] as number) | (0x80 >> (x & 7));
      }
    }
  }
  return { width, height: picture.height, bits };
}
