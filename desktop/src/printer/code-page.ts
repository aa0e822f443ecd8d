import iconv from 'iconv-lite';

// What the receipt printer prints as text: code page PC858 (CP850 with the euro sign), ASCII and the Latin-1
// letters. Sinhala and Tamil are in no ESC/POS code page, so a line holding them is drawn as a picture.

const PRINTABLE_BYTES = [...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i), ...Array.from({ length: 0x80 }, (_, i) => 0x80 + i)];
/** Every character PC858 holds, read from iconv-lite's table (the one node-thermal-printer encodes with). */
const PC858 = new Set(iconv.decode(Buffer.from(PRINTABLE_BYTES), 'CP858'));

/**
 * Typographic marks phones type for plain ones. (The receipt's credit line, issue 35, writes 'Credit −Rs.150.00 ·
 * COLLECT …': its minus sign is made '-' here, and its middle dot U+00B7 is PC858's own byte 0xFA, printed as it is;
 * desktop/src/dispatcher/dispatcher-credit.test.ts reads both bytes back from the printer.) PC858 has neither, and the printer library would switch to
 * another code page for them (one the printer may lack); the plain mark reads the same on a receipt.
 */
const PLAIN: Readonly<Record<string, string>> = {
  '\u2018': "'", // ‘
  '\u2019': "'", // ’
  '\u201A': "'", // ‚
  '\u201C': '"', // “
  '\u201D': '"', // ”
  '\u201E': '"', // „
  '\u2010': '-', // ‐
  '\u2011': '-', // non-breaking hyphen
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2212': '-', // minus sign
  '\u2026': '...', // …
};

/**
 * The line as the printer's code page prints it (composed to NFC, typographic marks made plain), or null when
 * it holds a character PC858 lacks: then it must be printed as a picture.
 */
export function inCodePage(line: string): string | null {
  let out = '';
  for (const char of line.normalize('NFC')) {
    const plain = PLAIN[char] ?? char;
    if (plain === char && !PC858.has(char)) return null;
    out += plain;
  }
  return out;
}
