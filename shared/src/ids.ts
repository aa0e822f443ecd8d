// Identifiers: the UUIDs every row is keyed by, and the short order number staff read aloud.

/** A UUID in its canonical 8-4-4-4-12 hexadecimal form (any version, either case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID in canonical form. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * Characters of order numbers: Crockford's base 32, without I, L, O and U, so that a number read aloud or
 * copied by hand cannot be mistaken (no 0/O, no 1/I/L).
 */
export const ORDER_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_LENGTH = 6;

const ORDER_ID_PATTERN = new RegExp(`^[${ORDER_ID_ALPHABET}]{${ORDER_ID_LENGTH}}$`);

/** True when the text is a short order number such as '7F3Q9X'. */
export function isOrderId(value: unknown): value is string {
  return typeof value === 'string' && ORDER_ID_PATTERN.test(value);
}

/**
 * A new random order number of 6 characters (about a billion possibilities) from the platform's secure
 * random source. It is short, so the server keeps it unique and draws again on a clash.
 */
export function generateOrderId(): string {
  const bytes = new Uint8Array(ORDER_ID_LENGTH);
  crypto.getRandomValues(bytes);
  // 256 is a multiple of 32, so taking each byte modulo 32 keeps every character equally likely.
  return Array.from(bytes, (byte) => ORDER_ID_ALPHABET[byte % ORDER_ID_ALPHABET.length] ?? '0').join('');
}
