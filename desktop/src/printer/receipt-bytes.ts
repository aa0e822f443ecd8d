import { createRequire } from 'node:module';
import { printableText, RECEIPT_COLUMNS, receiptTextLines, wrapText, type ReceiptModel } from '@kade/shared';
import type * as ThermalPrinterModule from 'node-thermal-printer';
import { inCodePage } from './code-page';
import { COLUMN_DOTS, lineImage, PAPER_DOTS, type LineImageOptions } from './line-image';

// node-thermal-printer is CommonJS; its types describe the same module.
const require = createRequire(import.meta.url);
const { ThermalPrinter, PrinterTypes, CharacterSet, BreakLine } = require('node-thermal-printer') as typeof ThermalPrinterModule;

/** 'text': the code page's text, pictures only for the lines it cannot print; 'image': every line a picture. */
export type ReceiptMode = 'text' | 'image';

export interface ReceiptBytesOptions {
  /** 48 for 72 mm paper (the default). */
  columns?: number;
  mode?: ReceiptMode;
}

/** An amount the shared layout set flush right at the end of a full line (leftRight). */
const AMOUNT_AT_END = /^(.*\S) +(-?Rs\.\d[\d,]*\.\d\d|FREE)$/;

/**
 * The ESC/POS bytes of a receipt for a 72 mm printer (48 columns in font A), laid out as a pick list: the
 * order number large at the top, REPRINT when it is one, the shared receipt text (lines in shelf order,
 * totals, cash to collect, address and location), the order id as a QR code to scan at dispatch, and a cut.
 * Only bytes are built here: sending them is the transport's job. Every text goes through `printableText`
 * once more (buildReceipt already did): a control character in a model built any other way would be a
 * printer command (ESC p opens the cash drawer), so only the commands written here reach the printer.
 *
 * A line holding a character the printer's code page (PC858) lacks, Sinhala or Tamil, is drawn as a picture
 * (line-image.ts, sent as a GS v 0 raster) at the text's size; the other lines stay text. Mode 'image' draws
 * every text as a picture, for printers with no suitable code page; the QR code and the cut stay commands.
 */
export async function receiptBytes(model: ReceiptModel, options: ReceiptBytesOptions = {}): Promise<Buffer> {
  const columns = options.columns ?? RECEIPT_COLUMNS;
  const pictures = options.mode === 'image';
  const widthDots = Math.min(columns * COLUMN_DOTS, PAPER_DOTS);
  const printer = new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: '',
    width: columns,
    characterSet: CharacterSet.PC858_EURO,
    breakLine: BreakLine.NONE, // the shared layout already wraps every line to the width
    removeSpecialCharacters: false,
  });
  // Pictures are printed left-aligned and carry their own centring, so the printer's justification never moves them.
  const picture = async (text: string, style: LineImageOptions = {}) => {
    await printer.printImageBuffer((await lineImage(text, { widthDots, ...style })).png);
  };
  printer.alignCenter();
  const orderId = printableText(model.orderId);
  const barcode = printableText(model.barcodeValue);
  if (pictures) {
    printer.alignLeft();
    await picture(`#${orderId}`, { large: true, align: 'centre' });
    if (model.reprint) await picture(' REPRINT ', { invert: true, align: 'centre' });
  } else {
    printer.setTextSize(1, 1);
    printer.bold(true);
    printer.println(`#${orderId}`);
    printer.setTextNormal();
    if (model.reprint) {
      printer.invert(true);
      printer.println(' REPRINT ');
      printer.invert(false);
    }
    printer.bold(false);
    printer.alignLeft();
  }
  const shopNameLines = wrapText(model.shopName, columns).length; // the layout centres them first
  for (const [index, line] of receiptTextLines(model, columns).map(printableText).entries()) {
    const text = pictures ? null : inCodePage(line);
    if (text !== null) {
      printer.println(text);
      continue;
    }
    // In a picture the spaces no longer make the columns: the shop name is centred, an amount set flush right.
    const amount = [...line].length === columns ? AMOUNT_AT_END.exec(line) : null;
    if (index < shopNameLines) await picture(line.trim(), { align: 'centre' });
    else if (amount) await picture(amount[1] as string, { right: amount[2] as string });
    else await picture(line);
  }
  printer.alignCenter();
  printer.printQR(barcode, { cellSize: 6, correction: 'M', model: 2 });
  if (pictures) {
    printer.alignLeft();
    await picture(barcode, { align: 'centre' });
  } else printer.println(barcode);
  printer.cut();
  return printer.getBuffer();
}
