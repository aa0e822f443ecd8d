import { createRequire } from 'node:module';
import { daySummaryTextLines, formatRs, handInSlipTextLines, printableText, RECEIPT_COLUMNS, receiptTextLines, wrapText, type DaySummaryModel, type HandInSlipModel, type ReceiptModel } from '@kade/shared';
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
 * A REVISED bill (issue 33) adds ' REVISED n ' and the cash to collect, large, under the number.
 * Only bytes are built here: sending them is the transport's job. Every text goes through `printableText`
 * once more (buildReceipt already did): a control character in a model built any other way would be a
 * printer command (ESC p opens the cash drawer), so only the commands written here reach the printer.
 *
 * A line holding a character the printer's code page (PC858) lacks, Sinhala or Tamil, is drawn as a picture
 * (line-image.ts, sent as a GS v 0 raster) at the text's size; the other lines stay text. Mode 'image' draws
 * every text as a picture, for printers with no suitable code page; the QR code and the cut stay commands.
 */
/** A printer that only builds bytes (no interface), in the receipts' settings. */
function bytesPrinter(columns: number) {
  return new ThermalPrinter({
    type: PrinterTypes.EPSON,
    interface: '',
    width: columns,
    characterSet: CharacterSet.PC858_EURO,
    breakLine: BreakLine.NONE, // the shared layout already wraps every line to the width
    removeSpecialCharacters: false,
  });
}

type BytesPrinter = ReturnType<typeof bytesPrinter>;

/** Draws one line as a picture (left-aligned; the picture carries its own alignment). */
async function printPicture(printer: BytesPrinter, text: string, widthDots: number, style: LineImageOptions = {}): Promise<void> {
  await printer.printImageBuffer((await lineImage(text, { widthDots, ...style })).png);
}

/**
 * The shared layout's lines: text where the code page has every character, else a picture at the text's size.
 * In a picture the spaces no longer make the columns: the first `centred` lines (the shop's name) are centred,
 * an amount set flush right stays flush right.
 */
async function printLines(printer: BytesPrinter, lines: readonly string[], options: { columns: number; pictures: boolean; centred: number }): Promise<void> {
  const widthDots = Math.min(options.columns * COLUMN_DOTS, PAPER_DOTS);
  for (const [index, line] of lines.map(printableText).entries()) {
    const text = options.pictures ? null : inCodePage(line);
    if (text !== null) {
      printer.println(text);
      continue;
    }
    const amount = [...line].length === options.columns ? AMOUNT_AT_END.exec(line) : null;
    if (index < options.centred) await printPicture(printer, line.trim(), widthDots, { align: 'centre' });
    else if (amount) await printPicture(printer, amount[1] as string, widthDots, { right: amount[2] as string });
    else await printPicture(printer, line, widthDots);
  }
}

export async function receiptBytes(model: ReceiptModel, options: ReceiptBytesOptions = {}): Promise<Buffer> {
  const columns = options.columns ?? RECEIPT_COLUMNS;
  const pictures = options.mode === 'image';
  const widthDots = Math.min(columns * COLUMN_DOTS, PAPER_DOTS);
  const printer = bytesPrinter(columns);
  // Pictures are printed left-aligned and carry their own centring, so the printer's justification never moves them.
  const picture = (text: string, style: LineImageOptions = {}) => printPicture(printer, text, widthDots, style);
  printer.alignCenter();
  const orderId = printableText(model.orderId);
  const barcode = printableText(model.barcodeValue);
  // A REVISED bill (issue 33) says so under the number, with the cash to collect in large type.
  const revised = model.revised ? ` REVISED ${model.revised.revision} ` : null;
  const cash = `COLLECT ${formatRs(model.cashToCollectPaise)}`;
  if (pictures) {
    printer.alignLeft();
    await picture(`#${orderId}`, { large: true, align: 'centre' });
    if (model.reprint) await picture(' REPRINT ', { invert: true, align: 'centre' });
    if (revised) {
      await picture(revised, { invert: true, align: 'centre' });
      await picture(cash, { large: true, align: 'centre' });
    }
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
    if (revised) {
      printer.invert(true);
      printer.println(revised);
      printer.invert(false);
      printer.setTextSize(1, 1);
      printer.println(cash);
      printer.setTextNormal();
    }
    printer.bold(false);
    printer.alignLeft();
  }
  const shopNameLines = wrapText(model.shopName, columns).length; // the layout centres them first
  await printLines(printer, receiptTextLines(model, columns), { columns, pictures, centred: shopNameLines });
  printer.alignCenter();
  printer.printQR(barcode, { cellSize: 6, correction: 'M', model: 2 });
  if (pictures) {
    printer.alignLeft();
    await picture(barcode, { align: 'centre' });
  } else printer.println(barcode);
  printer.cut();
  return printer.getBuffer();
}

/**
 * A slip with a large heading, its text lines and a cut: the day summary's and the hand-in slip's shape. Lines the
 * code page cannot print are pictures, as on a receipt; mode 'image' draws every line (and the heading) so.
 */
async function headedSlipBytes(heading: string, lines: (columns: number) => string[], shopName: string, options: ReceiptBytesOptions): Promise<Buffer> {
  const columns = options.columns ?? RECEIPT_COLUMNS;
  const pictures = options.mode === 'image';
  const printer = bytesPrinter(columns);
  printer.alignCenter();
  if (pictures) {
    printer.alignLeft();
    await printPicture(printer, heading, Math.min(columns * COLUMN_DOTS, PAPER_DOTS), { large: true, align: 'centre' });
  } else {
    printer.setTextSize(1, 1);
    printer.bold(true);
    printer.println(heading);
    printer.setTextNormal();
    printer.bold(false);
    printer.alignLeft();
  }
  await printLines(printer, lines(columns), { columns, pictures, centred: wrapText(shopName, columns).length });
  printer.cut();
  return printer.getBuffer();
}

/**
 * The ESC/POS bytes of a day summary (Z-report): 'Z' and the day large at the top, the shared day-summary
 * layout (orders, cash collected, items sold, delivery times, missed promises, orders per hour), and a cut.
 */
export function daySummaryBytes(model: DaySummaryModel, options: ReceiptBytesOptions = {}): Promise<Buffer> {
  return headedSlipBytes(`Z ${printableText(model.day)}`, (columns) => daySummaryTextLines(model, columns), model.shopName, options);
}

/**
 * A rider's hand-in slip (issue 20) as ESC/POS: 'HAND-IN' and the amount large, the slip's lines, a cut. Printed on
 * the counter's printer like the day summary, as a new job each time.
 */
export function handInSlipBytes(model: HandInSlipModel, options: ReceiptBytesOptions = {}): Promise<Buffer> {
  return headedSlipBytes(`HAND-IN ${formatRs(model.amountPaise)}`, (columns) => handInSlipTextLines(model, columns), model.shopName, options);
}
