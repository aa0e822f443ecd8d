import { createRequire } from 'node:module';
import { printableText, RECEIPT_COLUMNS, receiptTextLines, type ReceiptModel } from '@kade/shared';
import type * as ThermalPrinterModule from 'node-thermal-printer';

// node-thermal-printer is CommonJS; its types describe the same module.
const require = createRequire(import.meta.url);
const { ThermalPrinter, PrinterTypes, CharacterSet, BreakLine } = require('node-thermal-printer') as typeof ThermalPrinterModule;

/**
 * The ESC/POS bytes of a receipt for a 72 mm printer (48 columns in font A), laid out as a pick list: the
 * order number large at the top, REPRINT when it is one, the shared receipt text (lines in shelf order,
 * totals, cash to collect, address and location), the order id as a QR code to scan at dispatch, and a cut.
 * Only bytes are built here: sending them is the transport's job. Every text goes through `printableText`
 * once more (buildReceipt already did): a control character in a model built any other way would be a
 * printer command (ESC p opens the cash drawer), so only the commands written here reach the printer.
 */
export function receiptBytes(model: ReceiptModel, columns: number = RECEIPT_COLUMNS): Buffer {
  const printer = new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: '',
    width: columns,
    characterSet: CharacterSet.PC858_EURO,
    breakLine: BreakLine.NONE, // the shared layout already wraps every line to the width
    removeSpecialCharacters: false,
  });
  printer.alignCenter();
  printer.setTextSize(1, 1);
  printer.bold(true);
  const orderId = printableText(model.orderId);
  const barcode = printableText(model.barcodeValue);
  printer.println(`#${orderId}`);
  printer.setTextNormal();
  if (model.reprint) {
    printer.invert(true);
    printer.println(' REPRINT ');
    printer.invert(false);
  }
  printer.bold(false);
  printer.alignLeft();
  for (const line of receiptTextLines(model, columns)) printer.println(printableText(line));
  printer.alignCenter();
  printer.printQR(barcode, { cellSize: 6, correction: 'M', model: 2 });
  printer.println(barcode);
  printer.cut();
  return printer.getBuffer();
}
