// Issue 21: an order placed in Tamil (or Sinhala) prints its product names in that language. The names come
// from the order's own lines (nameTa/nameSi, as sold), the English under each for the picker; the counter
// draws the Tamil lines as pictures, and they reach a network printer dot for dot as drawn here.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReceipt, receiptTextLines, type Language, type ReceiptOrder } from '@kade/shared';
import { inCodePage } from './code-page';
import { differingDots, receiptPreview } from './escpos-raster';
import { decodeEscPos } from './escpos-text';
import { sampleOrder } from './fixtures';
import { lineImage, PAPER_DOTS } from './line-image';
import { PrintQueue } from './print-queue';
import { receiptBytes } from './receipt-bytes';
import { RecordingPrinter } from './recording-printer';
import { parsePrinterAddress } from './transport';

const RESULTS = fileURLToPath(new URL('../../../test-results/receipts/', import.meta.url));
const options = { shopName: 'Kade', timeZone: 'Asia/Colombo' };

/** An order as GET /api/order/details answers it: English names, with the Sinhala and Tamil ones as sold. */
function orderIn(language: Language): ReceiptOrder {
  return {
    ...sampleOrder(3),
    language,
    products: [
      { quantity: 2, product_details: { name: 'White Samba Rice', nameSi: 'සුදු සම්බා සහල්', nameTa: 'வெள்ளைச் சம்பா அரிசி', unit: '1kg', price: 290, category: 'Rice & Grains' } },
      { quantity: 1, product_details: { name: 'Coconut Oil', nameSi: 'පොල් තෙල්', nameTa: 'தேங்காய் எண்ணெய்', unit: '750ml', price: 690, category: 'Cooking Essentials' } },
      { quantity: 3, product_details: { name: 'Gift Bag', nameSi: null, nameTa: null, unit: '1 pc', price: 50, category: null } },
    ],
    subTotalAmt: 1420,
    totalAmt: 1440,
  };
}

describe.each([
  { language: 'ta' as const, names: ['தேங்காய் எண்ணெய்', 'வெள்ளைச் சம்பா அரிசி'] }, // in shelf order
  { language: 'si' as const, names: ['පොල් තෙල්', 'සුදු සම්බා සහල්'] },
])('an order placed in $language, through the print queue to a network printer', ({ language, names }) => {
  let dir: string;
  let printer: RecordingPrinter;
  beforeAll(async () => {
    mkdirSync(RESULTS, { recursive: true });
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-language-'));
    printer = await new RecordingPrinter().start();
  });
  afterAll(async () => {
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('arrives with each product name drawn in that language, the English name under it as text', async () => {
    const model = buildReceipt(orderIn(language), options);
    const queue = await PrintQueue.open({ file: path.join(dir, 'print-queue.json'), printer: () => parsePrinterAddress(printer.address) });
    try {
      await queue.enqueueOrder({ orderId: `o-${language}`, orderCode: '7F3Q9X' }, await receiptBytes(model));
      await queue.drain();
      expect(queue.list()[0]).toMatchObject({ state: 'printed' });
    } finally {
      await queue.stop();
    }
    expect(printer.jobs).toHaveLength(1);
    const received = decodeEscPos(printer.jobs[0] as Buffer);

    // The layout's lines in the script are exactly the pictures, in order, each as the counter draws that line.
    const layout = receiptTextLines(model);
    const pictured = layout.filter((line) => inCodePage(line) === null);
    expect(pictured).toEqual(names); // nothing else on this receipt is in the script
    expect(received.images).toHaveLength(names.length);
    for (const [index, name] of names.entries()) {
      const drawn = await lineImage(name, { widthDots: PAPER_DOTS });
      expect(differingDots(received.images[index]!, drawn.raster), name).toBe(0);
    }
    // The English names follow their pictures as text, and a product with no name in the language stays English.
    expect(received.lines).toEqual(expect.arrayContaining(['  White Samba Rice', '  Coconut Oil', 'Gift Bag']));
    expect(received.lines).not.toContain('White Samba Rice');
    writeFileSync(path.join(RESULTS, `order-in-${language}.png`), await receiptPreview(printer.jobs[0] as Buffer));
  });
});

describe('an order placed in English', () => {
  it('prints no picture at all', async () => {
    const decoded = decodeEscPos(await receiptBytes(buildReceipt(orderIn('en'), options)));
    expect(decoded.images).toEqual([]);
    expect(decoded.lines).toEqual(expect.arrayContaining(['White Samba Rice', 'Coconut Oil', 'Gift Bag']));
  });
});
