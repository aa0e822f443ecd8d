// Issue 34: a weighed line reaches a network printer as 'Carrots' then '0.742 kg x Rs.480.00/kg ... Rs.356.00',
// on the bill printed when the order is taken (with the most it can come to under the total) and on the REVISED
// bill packing prints, through the same print queue and transport as every receipt.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReceipt, RECEIPT_COLUMNS, type ReceiptOrder } from '@kade/shared';
import { decodeEscPos } from './escpos-text';
import { sampleOrder } from './fixtures';
import { PrintQueue } from './print-queue';
import { receiptBytes } from './receipt-bytes';
import { RecordingPrinter } from './recording-printer';
import { parsePrinterAddress } from './transport';

const options = { shopName: 'Kade', timeZone: 'Asia/Colombo' };
const row = (left: string, right: string): string => left + ' '.repeat(RECEIPT_COLUMNS - left.length - right.length) + right;

/** Carrots at Rs.480/kg, 750 g asked, and a unit line beside them; `carrots` changes the weighed line as packing does. */
function weighedOrder(carrots: Partial<ReceiptOrder['products'][number]>, totals: Partial<ReceiptOrder>): ReceiptOrder {
  return {
    ...sampleOrder(1),
    language: 'en',
    products: [
      { productId: 'carrots', quantity: 3, sellBy: 'WEIGHT', grams: 750, weighedGrams: null, chargedGrams: null, product_details: { name: 'Carrots', unit: '', price: 480, category: 'Vegetable' }, ...carrots },
      { productId: 'milk', quantity: 2, sellBy: 'EACH', grams: null, product_details: { name: 'Fresh Milk', unit: '1L', price: 450, category: 'Dairy' } },
    ],
    ...totals,
  };
}

describe('a weighed line through the print queue to a network printer', () => {
  let dir: string;
  let printer: RecordingPrinter;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'kade-weighed-'));
    printer = await new RecordingPrinter().start();
  });
  afterAll(async () => {
    await printer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Prints one receipt as the counter does and answers the lines the printer received. */
  async function printed(order: ReceiptOrder, key: string): Promise<string[]> {
    const before = printer.jobs.length;
    const queue = await PrintQueue.open({ file: path.join(dir, `${key}.json`), printer: () => parsePrinterAddress(printer.address) });
    try {
      await queue.enqueueOrder({ orderId: key, orderCode: '7F3Q9X' }, await receiptBytes(buildReceipt(order, options)));
      await queue.drain();
      expect(queue.list()[0]).toMatchObject({ state: 'printed' });
    } finally {
      await queue.stop();
    }
    expect(printer.jobs).toHaveLength(before + 1);
    const lines = decodeEscPos(printer.jobs[before] as Buffer).lines;
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(RECEIPT_COLUMNS);
    return lines;
  }

  it('the bill at take time: the asked kilos at the price per kg, its estimate, and "At most" under the total', async () => {
    const lines = await printed(weighedOrder({}, { subTotalAmt: 1260, deliveryFee: 0, totalAmt: 1240, maxTotalAmt: 1270 }), 'taken');
    const at = lines.indexOf('Carrots');
    expect(lines.slice(at, at + 2)).toEqual(['Carrots', row('  0.750 kg x Rs.480.00/kg', 'Rs.360.00')]);
    expect(lines).toContain(row('  2 x Rs.450.00 / 1L', 'Rs.900.00'));
    const total = lines.indexOf(row('TOTAL', 'Rs.1,240.00'));
    expect(lines[total + 1]).toBe(row('  At most (weighed lines)', 'Rs.1,270.00'));
  });

  it('the REVISED bill: 0.742 kg at Rs.480.00/kg is Rs.356.00, and a weight over the tolerance says what was charged', async () => {
    const packed = await printed(weighedOrder({ weighedGrams: 742, chargedGrams: 742, lineTotal: 356 }, { subTotalAmt: 1256, totalAmt: 1230, revision: 1, originalTotalAmt: 1240, maxTotalAmt: null }), 'packed');
    const at = packed.indexOf('Carrots');
    expect(packed.slice(at, at + 2)).toEqual(['Carrots', row('  0.750 -> 0.742 kg x Rs.480.00/kg', 'Rs.356.00')]);
    expect(packed).toContain(row('NEW TOTAL', 'Rs.1,230.00'));
    expect(packed.join('\n')).not.toContain('At most');

    const heavy = await printed(weighedOrder({ weighedGrams: 900, chargedGrams: 825, lineTotal: 396 }, { subTotalAmt: 1296, totalAmt: 1270, revision: 1, originalTotalAmt: 1240 }), 'heavy');
    const line = heavy.indexOf(row('  0.750 -> 0.825 kg x Rs.480.00/kg', 'Rs.396.00'));
    expect(line).toBeGreaterThan(0);
    expect(heavy[line + 1]).toBe('  weighed 0.900 kg, charged 0.825 kg');
  });
});
