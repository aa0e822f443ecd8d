// The versions of a read model (the catalogue's: modules/catalog/read-version.ts), for the answers kept from it
// (http/kept-answers.ts): what changed since an answer was read, a change of any answer or of the answers showing
// some products only.

/** The versions of one read model: what changed since an answer was read. */
export class ReadVersion {
  private now = 0;
  private whole = 0;
  /** Each product (or variation) whose stock changed since the last whole change: the version after that change. */
  private readonly changedAt = new Map<string, number>();
  private readonly listeners: Array<(products: readonly string[]) => void> = [];

  /** The model's version now: an answer read now says this. */
  version(): number {
    return this.now;
  }

  /** The version after the last change that may have changed any answer: every answer kept from before it is stale. */
  wholeAt(): number {
    return this.whole;
  }

  /** A change begins: an answer read before it is older than it. */
  begin(): void {
    this.now += 1;
  }

  /** The change that began ends, having changed any answer (`products` undefined) or only those showing `products`. */
  end(products: readonly string[] | undefined): void {
    this.now += 1;
    if (products === undefined) {
      this.whole = this.now;
      this.changedAt.clear();
      return;
    }
    if (products.length === 0) return;
    for (const id of products) this.changedAt.set(id, this.now);
    for (const listener of this.listeners) listener(products);
  }

  /** Whether an answer read at `readAt` that shows `products` may have changed since. */
  changedSince(readAt: number, products: readonly string[]): boolean {
    if (this.whole > readAt) return true;
    for (const id of products) if ((this.changedAt.get(id) ?? 0) > readAt) return true;
    return false;
  }

  /** Calls `listener` with the products of every change that changed only the answers showing them. */
  onProducts(listener: (products: readonly string[]) => void): void {
    this.listeners.push(listener);
  }
}
