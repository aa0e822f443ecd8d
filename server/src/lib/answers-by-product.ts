// Which kept answers hold each product (issue 37): a stock notice changes the answers that show that product's stock
// and no other (search-index.ts `notice`), so the caches of answers (the read model's answer-cache.ts, the fast lane's
// http/kept-answers.ts) drop those only, found here by the product's id.

export class AnswersByProduct {
  private readonly keys = new Map<string, Set<string>>();

  /** `key`'s answer holds these products (and variations). */
  add(key: string, products: readonly string[]): void {
    for (const id of products) {
      const keys = this.keys.get(id);
      if (keys) keys.add(key);
      else this.keys.set(id, new Set([key]));
    }
  }

  /** `key`'s answer, which held these products, is gone. */
  remove(key: string, products: readonly string[]): void {
    for (const id of products) {
      const keys = this.keys.get(id);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keys.delete(id);
    }
  }

  /** The keys of the answers holding any of these products. */
  holding(products: readonly string[]): string[] {
    const found = new Set<string>();
    for (const id of products) for (const key of this.keys.get(id) ?? []) found.add(key);
    return [...found];
  }

  clear(): void {
    this.keys.clear();
  }
}
