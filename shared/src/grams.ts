// The one check weight.ts and scale-label.ts both make; not part of @kade/shared's exports.

/** Refuses a weight that is not whole grams, so no fraction of a gram ever reaches money. */
export function assertGrams(grams: number, what: string): void {
  if (!Number.isSafeInteger(grams) || grams < 0) throw new RangeError(`${what} must be a whole number of grams, 0 or more, got ${grams}`);
}
