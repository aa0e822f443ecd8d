// One copy of each equal text or shelf list among the read model's products (issue 37, memory budget). Every row the
// model reads comes with strings of its own: the same unit, sell-by, picture, dates, shelf ids and names, and the
// same search words, held once per product (10,000 products: about 16 MB of copies, a third of the model's strings).
// The model passes what it keeps through a pool like this one, and equal values become the same string or object.
// Only values nobody changes are shared (the model's wires and sheets are never changed once made: json-text.ts).
// A pool keeps what went through it: the model starts a new one at each rebuild, and when one holds more than
// `limit` values (edits between rebuilds), so that texts no product holds any more do not pile up.

export class Interner {
  private readonly kept = new Map<string, string>();
  private readonly values = new Map<string, unknown>();

  constructor(private readonly limit = 200_000) {}

  /** Whether this pool is full (the model then starts a new one). */
  get full(): boolean {
    return this.kept.size + this.values.size > this.limit;
  }

  /** The pool's copy of `text` (the first one seen). */
  text<T extends string | null | undefined>(text: T): T {
    if (typeof text !== 'string') return text;
    const kept = this.kept.get(text);
    if (kept !== undefined) return kept as T;
    this.kept.set(text, text);
    return text;
  }

  /** Each text of a list, as `text` gives it (a new list). */
  texts(list: readonly string[]): string[] {
    return list.map((text) => this.text(text));
  }

  /**
   * The pool's copy of a JSON value equal to `value` (same JSON text, so the same keys in the same order): for small
   * values many products hold alike (their shelves' lists of names). The first one seen is the one kept.
   */
  value<T>(value: T): T {
    const key = JSON.stringify(value);
    const kept = this.values.get(key);
    if (kept !== undefined) return kept as T;
    this.values.set(key, value);
    return value;
  }
}
