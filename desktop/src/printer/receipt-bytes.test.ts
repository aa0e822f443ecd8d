import { describe, expect, it } from 'vitest';
import { buildReceipt, RECEIPT_COLUMNS } from '@kade/shared';
import { sampleOrder } from './fixtures';
import { receiptBytes } from './receipt-bytes';
import { decodeEscPos } from './escpos-text';


describe('receipt bytes for a 72 mm printer', () => {
  it('hold the order number, every line, the totals, the address, a QR code of the id and a cut', () => {
    const model = buildReceipt(sampleOrder(6), { shopName: 'Kade', timeZone: 'Asia/Colombo' });
    const decoded = decodeEscPos(receiptBytes(model));
    const text = decoded.lines.join('\n');
    expect(decoded.lines[0]).toBe('#7F3Q9X');
    for (const line of model.lines) expect(text).toContain(line.name.split(' ')[0]);
    expect(text).toMatch(/TOTAL\s+Rs\.1,010\.00/);
    expect(text).toMatch(/CASH TO COLLECT\s+Rs\.1,010\.00/);
    expect(text).toContain('Payment status: Not Paid');
    expect(text).toContain('Hampden Lane');
    expect(text).toContain('Location: 6.879000, 79.862000');
    expect(decoded.qrCodes).toEqual(['7F3Q9X']);
    expect(decoded.cuts).toBe(1);
    expect(decoded.invert).toBe(false);
    for (const line of decoded.lines) expect([...line].length, line).toBeLessThanOrEqual(RECEIPT_COLUMNS);
  });

  it('say REPRINT on a reprint', () => {
    const decoded = decodeEscPos(receiptBytes(buildReceipt(sampleOrder(), { shopName: 'Kade', reprint: true })));
    expect(decoded.invert).toBe(true);
    expect(decoded.lines.join('\n')).toContain('REPRINT');
  });

  it('stay under 8 KB for a 40-line order', () => {
    const bytes = receiptBytes(buildReceipt(sampleOrder(40), { shopName: 'Kade' }));
    expect(bytes.length).toBeLessThan(8 * 1024);
    expect(decodeEscPos(bytes).lines.filter((l) => l.includes(' x Rs.'))).toHaveLength(40);
  });
});
