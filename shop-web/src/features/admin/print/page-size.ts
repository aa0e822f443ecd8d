/** The receipt paper's printable width. */
export const RECEIPT_WIDTH_MM = 72;
const MM_PER_CSS_PX = 25.4 / 96;

/**
 * The `@page` rule that prints a receipt as one 72 mm wide page exactly as long as the receipt: thermal paper
 * is a roll, and `size: 72mm auto` is not valid CSS (a browser drops it and falls back to the driver's page).
 * `heightPx` is the receipt's height on screen; a few millimetres are added for the printer's feed.
 */
export function receiptPageRule(heightPx: number): string {
  const lengthMm = Math.max(RECEIPT_WIDTH_MM, Math.ceil(heightPx * MM_PER_CSS_PX) + 4);
  return `@page { size: ${RECEIPT_WIDTH_MM}mm ${lengthMm}mm; margin: 0; }`;
}
