/**
 * Reads ESC/POS bytes back as the text a printer would put on paper (commands removed, one string per printed
 * line) and lists the commands met. For tests and for the "what was printed" view; it knows the commands
 * receiptBytes emits.
 */
export interface DecodedReceipt {
  lines: string[];
  cuts: number;
  qrCodes: string[];
  invert: boolean;
}

export function decodeEscPos(bytes: Uint8Array): DecodedReceipt {
  const lines: string[] = [];
  const qrCodes: string[] = [];
  let current = '';
  let cuts = 0;
  let invert = false;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b === 0x1b) {
      const cmd = bytes[i + 1];
      if (cmd === 0x40) i += 2; // ESC @ initialise
      else if (cmd === 0x64) i += 3; // ESC d n feed
      else i += 3; // ESC t n, ESC a n, ESC ! n, ESC E n, ESC - n, ESC M n …: one argument
      continue;
    }
    if (b === 0x1d) {
      const cmd = bytes[i + 1];
      if (cmd === 0x56) {
        cuts += 1;
        i += bytes[i + 2] === 0x41 || bytes[i + 2] === 0x42 ? 4 : 3; // GS V m [n]
      } else if (cmd === 0x28 && bytes[i + 2] === 0x6b) {
        const length = (bytes[i + 3] as number) + (bytes[i + 4] as number) * 256; // GS ( k pL pH cn fn …
        const fn = bytes[i + 6];
        if (fn === 0x50) qrCodes.push(Buffer.from(bytes.subarray(i + 8, i + 5 + length)).toString('latin1'));
        i += 5 + length;
      } else if (cmd === 0x42) {
        invert ||= bytes[i + 2] === 1; // GS B n reverse printing
        i += 3;
      } else {
        i += 3; // GS ! n and other one-argument commands
      }
      continue;
    }
    if (b === 0x0a) {
      lines.push(current);
      current = '';
    } else if (b >= 0x20) {
      current += String.fromCharCode(b);
    }
    i += 1;
  }
  if (current !== '') lines.push(current);
  return { lines, cuts, qrCodes, invert };
}
