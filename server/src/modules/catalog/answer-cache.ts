// Recent answers of the read model (search-index.ts, issue 37): search-as-you-type sends the same prefixes from every
// shopper ('mi', 'mil', 'milk'), and ranking them again costs more than the answer's bytes. An answer is kept under
// its exact question, with the products it holds, and is good until the model changes it: a change that may change
// any answer (a product read again, a rebuild) moves the version on, and the next read drops every answer at once; a
// stock notice changes only the answers holding that product (`productsChanged`), and drops those alone. At most
// `size` answers are kept; the one used least recently goes first. An answer is kept from the second time its question
// is asked (asked-before.ts says why).
import { AskedBefore } from '../../lib/asked-before';
import { takeRecent } from '../../lib/recently-used';
import { AnswersByProduct } from '../../lib/answers-by-product';

export class AnswerCache<T> {
  private readonly answers = new Map<string, { answer: T; products: readonly string[] }>();
  private readonly byProduct = new AnswersByProduct();
  private readonly asked = new AskedBefore();
  private version = 0;
  private filledAt = 0;
  /** Answers given from here, for tests and the benchmark's notes; only ever added to. */
  hits = 0;

  constructor(private readonly size: number) {}

  /** Every answer kept so far is stale: the model changed. */
  changed(): void {
    this.version += 1;
  }

  /** Only the answers holding these products are stale (their stock changed, nothing else did). */
  productsChanged(products: readonly string[]): void {
    this.dropStale();
    for (const key of this.byProduct.holding(products)) this.forget(key);
  }

  /** The answer kept for `key` (made since the last change), or undefined. */
  get(key: string): T | undefined {
    this.dropStale();
    const kept = takeRecent(this.answers, key); // used again: last to go
    if (kept === undefined) return undefined;
    this.hits += 1;
    return kept.answer;
  }

  /**
   * Keeps `answer` under `key` when `key` was asked before, or at once with `firstAsk`; `products`: the ids of the
   * products and variations it shows (none: no stock shown).
   */
  set(key: string, answer: T, products: readonly string[] = [], { firstAsk = false } = {}): void {
    if (!this.asked.seen(key) && !firstAsk) return;
    this.dropStale();
    this.forget(key);
    this.answers.set(key, { answer, products });
    this.byProduct.add(key, products);
    if (this.answers.size > this.size) this.forget(this.answers.keys().next().value as string);
  }

  /** How many answers are kept now. */
  get length(): number {
    this.dropStale();
    return this.answers.size;
  }

  private forget(key: string): void {
    const kept = this.answers.get(key);
    if (!kept) return;
    this.answers.delete(key);
    this.byProduct.remove(key, kept.products);
  }

  private dropStale(): void {
    if (this.filledAt === this.version) return;
    this.answers.clear();
    this.byProduct.clear();
    this.filledAt = this.version;
  }
}
