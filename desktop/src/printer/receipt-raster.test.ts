import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReceipt, RECEIPT_COLUMNS, receiptTextLines, type ReceiptOrder } from '@kade/shared';
import { inCodePage } from './code-page';
import { differingDots, receiptPreview, stackRasters } from './escpos-raster';
import { decodeEscPos, type RasterImage } from './escpos-text';
import { sampleOrder, sinhalaOrder, tamilOrder } from './fixtures';
import { LINE_DOTS, lineImage, PAPER_DOTS } from './line-image';
import { PrintQueue } from './print-queue';
import { pngToRaster, rasterPng } from './raster-png';
import { receiptBytes, type ReceiptMode } from './receipt-bytes';
import { RecordingPrinter } from './recording-printer';
import { parsePrinterAddress } from './transport';

// Sinhala and Tamil on paper: the lines the code page cannot print become pictures, compared dot for dot
// with approved pictures kept beside this file (approved/*.png). A change that moves a dot fails here: look
// at the new pictures (test-results/receipts/pictures/), and if they are right, approve them with
// `UPDATE_APPROVED=1 npx vitest run desktop/src/printer/receipt-raster.test.ts` and commit approved/.

const APPROVED = fileURLToPath(new URL('./approved/', import.meta.url));
const RESULTS = fileURLToPath(new URL('../../../test-results/receipts/', import.meta.url));
const options = { shopName: 'Kade', timeZone: 'Asia/Colombo' };
const GS_V_0 = Buffer.from([0x1d, 0x76, 0x30]);

const bytesOf = (order: ReceiptOrder, mode: ReceiptMode = 'text', reprint = false) => receiptBytes(buildReceipt(order, { ...options, reprint }), { mode });

/** Compares a picture with its approved PNG dot for dot; the picture is written to test-results/ either way. */
async function expectApproved(name: string, actual: RasterImage): Promise<void> {
  const png = rasterPng(actual);
  writeFileSync(path.join(RESULTS, 'pictures', `${name}.png`), png);
  const file = path.join(APPROVED, `${name}.png`);
  if (process.env.UPDATE_APPROVED === '1') {
    mkdirSync(APPROVED, { recursive: true });
    writeFileSync(file, png);
  }
  expect(existsSync(file), `no approved picture ${name}.png: look at test-results/receipts/pictures/${name}.png, then approve it`).toBe(true);
  const approved = await pngToRaster(readFileSync(file));
  expect({ width: actual.width, height: actual.height }).toEqual({ width: approved.width, height: approved.height });
  expect(differingDots(actual, approved), `${name}: dots that differ from approved/${name}.png`).toBe(0);
}

/** The text lines and where each picture falls, as the layout says they should be. */
function expectedShape(order: ReceiptOrder) {
  const layout = receiptTextLines(buildReceipt(order, options));
  const text: string[] = ['#7F3Q9X'];
  const pictureAfter: number[] = [];
  for (const line of layout) {
    const printable = inCodePage(line);
    if (printable === null) pictureAfter.push(text.length);
    else text.push(printable);
  }
  return { layout, text: [...text, '7F3Q9X'], pictureAfter, pictured: layout.filter((line) => inCodePage(line) === null) };
}

function expectWithinPaper(images: readonly RasterImage[]): void {
  for (const image of images) {
    expect(image.width).toBeLessThanOrEqual(PAPER_DOTS);
    expect(image.width % 8).toBe(0);
    expect(image.height % LINE_DOTS).toBe(0);
  }
}

beforeAll(() => {
  mkdirSync(path.join(RESULTS, 'pictures'), { recursive: true });
});

describe('an English receipt', () => {
  it('stays text: no raster at all, every line as the layout has it', async () => {
    const bytes = await bytesOf(sampleOrder(6));
    expect(bytes.includes(GS_V_0)).toBe(false);
    const decoded = decodeEscPos(bytes);
    expect(decoded.images).toEqual([]);
    expect(decoded.lines).toEqual(['#7F3Q9X', ...receiptTextLines(buildReceipt(sampleOrder(6), options)), '7F3Q9X']);
    expect(decoded.qrCodes).toEqual(['7F3Q9X']);
    expect(decoded.cuts).toBe(1);
    writeFileSync(path.join(RESULTS, 'english.png'), await receiptPreview(bytes));
  });

  it('keeps Latin-1 letters and typed quotes and dashes as text', async () => {
    const order = sampleOrder(1);
    const line = order.products[0] as ReceiptOrder['products'][number];
    const named = { ...order, products: [{ ...line, product_details: { ...line.product_details, name: 'Farmer’s Café – “Extra” Crème…' } }] };
    const decoded = decodeEscPos(await bytesOf(named));
    expect(decoded.images).toEqual([]);
    expect(decoded.lines).toContain('Farmer\'s Café - "Extra" Crème...');
  });
});

describe.each([
  { language: 'tamil', order: tamilOrder, typed: ['ஸ்ரீ கணேசன்', 'வெள்ளவத்தை', 'லக்ஷ்மி', 'பொன்னி அரிசி', 'தேங்காய் எண்ணெய்'] },
  { language: 'sinhala', order: sinhalaOrder, typed: ['නිමල් පෙරේරා', 'ශ්‍රී සද්ධර්ම මාවත', 'බෞද්ධ විහාරය', 'ශ්‍රී ලංකා තේ කොළ', 'පොල් තෙල්'] },
])('a $language receipt', ({ language, order, typed }) => {
  it('draws exactly the lines holding the script as pictures, in their place, none wider than 72 mm', async () => {
    const bytes = await bytesOf(order());
    const decoded = decodeEscPos(bytes);
    const shape = expectedShape(order());
    for (const words of typed) expect(shape.pictured.some((line) => line.includes(words)), words).toBe(true);
    expect(decoded.lines).toEqual(shape.text);
    expect(decoded.images.map((image) => image.afterLine)).toEqual(shape.pictureAfter);
    expect(decoded.qrCodes).toEqual(['7F3Q9X']);
    expect(decoded.cuts).toBe(1);
    expectWithinPaper(decoded.images);
    // a line with an amount keeps it flush right: its picture spans the paper
    expect(decoded.images.some((image) => image.width === PAPER_DOTS)).toBe(true);
    await expectApproved(`${language}-lines`, stackRasters(decoded.images));
    writeFileSync(path.join(RESULTS, `${language}.png`), await receiptPreview(bytes));
  });
});

describe('the whole receipt as pictures (receiptMode image)', () => {
  it('sends no text: pictures for every line, the QR code and the cut', async () => {
    const bytes = await bytesOf(sinhalaOrder(), 'image', true);
    const decoded = decodeEscPos(bytes);
    const layout = receiptTextLines(buildReceipt(sinhalaOrder(), { ...options, reprint: true }));
    expect(decoded.lines).toEqual([]);
    expect(decoded.images).toHaveLength(1 + 1 + layout.length + 1); // the number, REPRINT, the lines, the id under the QR code
    expect(decoded.qrCodes).toEqual(['7F3Q9X']);
    expect(decoded.cuts).toBe(1);
    expectWithinPaper(decoded.images);
    await expectApproved('sinhala-image-mode', stackRasters(decoded.images));
    writeFileSync(path.join(RESULTS, 'sinhala-image-mode.png'), await receiptPreview(bytes));
  });

  it('keeps a 40-line English order within the paper, its columns where the text would put them', async () => {
    const decoded = decodeEscPos(await bytesOf(sampleOrder(40), 'image'));
    expect(decoded.lines).toEqual([]);
    expectWithinPaper(decoded.images);
    const rule = decoded.images.find((image) => image.height === LINE_DOTS && image.width === PAPER_DOTS);
    expect(rule, 'a full-width rule of 48 columns is 576 dots').toBeDefined();
  });
});

describe('a line picture', () => {
  it('wraps a line wider than the paper at its spaces, and cuts a word longer than a row', async () => {
    const long = await lineImage(`  ${'கொழும்பு வெள்ளவத்தை '.repeat(6)}`);
    expect(long.raster.width).toBeLessThanOrEqual(PAPER_DOTS);
    expect(long.raster.height).toBeGreaterThanOrEqual(3 * LINE_DOTS);
    const word = await lineImage('ශ්‍රී'.repeat(60));
    expect(word.raster.width).toBeLessThanOrEqual(PAPER_DOTS);
    expect(word.raster.height).toBeGreaterThan(LINE_DOTS);
  });

  it('draws a character no bundled font holds as ?, the same on every machine', async () => {
    const unknown = await lineImage('Near क 😀 shop');
    const question = await lineImage('Near ? ? shop');
    expect(differingDots(unknown.raster, question.raster)).toBe(0);
  });

  it('hands the printer a PNG holding exactly its dots', async () => {
    const picture = await lineImage('கொழும்பு 06');
    expect(differingDots(await pngToRaster(picture.png), picture.raster)).toBe(0);
  });
});

describe('a Sinhala receipt through the print queue to a network printer', () => {
  let dir: string;
  let printer: RecordingPrinter;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-raster-'));
    printer = await new RecordingPrinter().start();
  });
  afterAll(async () => {
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('arrives with the same pictures, dot for dot', async () => {
    const queue = await PrintQueue.open({ file: path.join(dir, 'print-queue.json'), printer: () => parsePrinterAddress(printer.address) });
    try {
      const bytes = await bytesOf(sinhalaOrder());
      await queue.enqueueOrder({ orderId: 'o-si', orderCode: '7F3Q9X' }, bytes);
      await queue.drain();
      expect(queue.list()[0]).toMatchObject({ state: 'printed' });
    } finally {
      await queue.stop();
    }
    expect(printer.jobs).toHaveLength(1);
    const received = decodeEscPos(printer.jobs[0] as Buffer);
    expect(received.lines[0]).toBe('#7F3Q9X');
    for (const line of received.lines) expect([...line].length).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    await expectApproved('sinhala-lines', stackRasters(received.images));
  });
});
