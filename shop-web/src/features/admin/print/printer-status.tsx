// Placeholder: replaced by the counter printer's status (shown only when the counter app's bridge exists).
export function PrinterStatus() {
  return null;
}
