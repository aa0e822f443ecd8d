// Product barcodes (issue 33): the EAN-13 and UPC-A codes a USB scanner types at the packing screen. A code is
// kept in one form, 13 digits (a UPC-A is an EAN-13 that starts with 0), so the same product's code read either
// way is one code, and two products can never share it.

/** The shapes a barcode may be typed in: 13 digits (EAN-13) or 12 (UPC-A). */
const BARCODE_SHAPE = /^(\d{12}|\d{13})$/;

/**
 * The check digit of the first 12 digits of an EAN-13: weights 1 and 3 alternating from the left (shared with
 * weight.ts's scale labels, which are EAN-13s too).
 */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * The barcode in its one stored form (13 digits), or null when it is not an EAN-13 or UPC-A with a right check
 * digit. Spaces and hyphens a person types between groups are ignored; anything else makes it no barcode.
 */
export function normalizeBarcode(typed: string): string | null {
  const digits = typed.replace(/[ -]/g, '');
  if (!BARCODE_SHAPE.test(digits)) return null;
  const ean = digits.length === 12 ? `0${digits}` : digits;
  return ean13CheckDigit(ean.slice(0, 12)) === Number(ean[12]) ? ean : null;
}

/** Why a typed barcode is refused, for the product forms and the server's 400. */
export function barcodeProblem(typed: string): 'shape' | 'checkDigit' | null {
  const digits = typed.replace(/[ -]/g, '');
  if (!BARCODE_SHAPE.test(digits)) return 'shape';
  return normalizeBarcode(digits) === null ? 'checkDigit' : null;
}
