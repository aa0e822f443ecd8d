// Finished answers of the fast lane, kept as the bytes sent (issue 37): a shelf page, an All Products page or a product
// sheet read from the read model is the same answer for every shopper who asks the same question until the model
// changes what it shows, and building it again (the body parsed and validated, the page read, the envelope's JSON put
// together and encoded) cost several times the bytes' own writing. The lane keeps the envelope's bytes of a 200 answer
// under its path and exact request body, with the products (and variations) whose stock it shows, for the version of
// the read model it was read at (read-version.ts). A change that may change any answer (a product read again, the
// shelves, a rebuild) drops every answer at the next look; a stock notice (every order sold sends some) drops only the
// answers holding that product, at once. An answer read before a change that changed it is not kept when it is done.
// Bounded by bytes (MAX_BYTES): the answers kept longest go first, except one used since it was kept or last passed
// over, which is passed over once more (a second chance: nearly least recently used, while a hit only marks its entry
// instead of taking it out of the map and putting it back, which the profile of a kept answer showed as the lane's
// costliest step). Only the body is kept: the headers (request id, credentials) are the request's own, made each time.
// An answer is kept from the second time its question is asked (asked-before.ts says why).
import { AnswersByProduct } from '../lib/answers-by-product';
import { AskedBefore } from '../lib/asked-before';
import type { ReadVersion } from '../lib/read-versions';

/** At most this many bytes of answers (and their keys) are kept: a shelf page of 8 is ~10 KB, a sheet ~1-3 KB. */
export const KEPT_ANSWER_BYTES = 16 * 1024 * 1024;
/** An answer larger than this share of the bound is never kept (it would push out many smaller ones). */
const LARGEST_SHARE = 64;
/** What a kept entry costs beyond its bytes: the map's entry, the object and the Buffer's own header (a guess, on the high side). */
const ENTRY_OVERHEAD = 200;

export interface KeptAnswer {
  /** The envelope's JSON as sent. */
  body: Buffer;
  /** Its Content-Length header's value. */
  length: string;
}

interface Entry extends KeptAnswer {
  cost: number;
  /** The products and variations whose stock it shows. */
  products: readonly string[];
  /** Sent from here since it was kept or last passed over: it is passed over once more before it may go. */
  used: boolean;
}

export class KeptAnswers {
  private readonly answers = new Map<string, Entry>();
  private readonly byProduct = new AnswersByProduct();
  private readonly asked = new AskedBefore();
  private bytes = 0;
  private filledAt: number;
  /** Answers sent from here, for tests and the benchmark's notes; only ever added to. */
  hits = 0;

  /** `versions`: the read model's versions (read-version.ts). */
  constructor(
    private readonly versions: ReadVersion,
    private readonly maxBytes = KEPT_ANSWER_BYTES,
  ) {
    this.filledAt = versions.wholeAt();
    // a stock notice taken in: the answers showing those products go now (the others stay)
    versions.onProducts((products) => {
      for (const key of this.byProduct.holding(products)) this.forget(key);
    });
  }

  /** The key of a question: the path asked and the request's body exactly as sent. */
  static keyOf(path: string, body: string): string {
    return `${path}\n${body}`;
  }

  /**
   * A text's UTF-8 bytes in memory of their own: Buffer.from puts a short text in a shared 8 KB slab, and keeping it
   * would keep the whole slab, past what the bound counts.
   */
  static bytesOf(text: string): Buffer {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
    bytes.write(text);
    return bytes;
  }

  /** The answer kept for `key`, read at the model's current version; undefined otherwise. */
  get(key: string): KeptAnswer | undefined {
    this.dropStale();
    const answer = this.answers.get(key);
    if (answer === undefined) return undefined;
    answer.used = true;
    this.hits += 1;
    return answer;
  }

  /**
   * Keeps `body` under `key` when `key` was asked before and nothing it shows has changed since `readAt`, the version
   * its answer was read at; `products`: the ids of the products and variations whose stock it shows.
   */
  keep(key: string, body: Buffer, readAt: number, products: readonly string[]): void {
    if (!this.asked.seen(key) || this.versions.changedSince(readAt, products)) return;
    this.dropStale();
    // keys are JS strings: two bytes a character at most
    const cost = body.length + key.length * 2 + ENTRY_OVERHEAD;
    if (cost > this.maxBytes / LARGEST_SHARE) return;
    this.forget(key);
    // room first, so that the answer kept now is never the one let go
    while (this.bytes + cost > this.maxBytes && this.answers.size > 0) this.dropOldest();
    this.answers.set(key, { body, length: String(body.length), cost, products, used: false });
    this.byProduct.add(key, products);
    this.bytes += cost;
  }

  /** Lets go of the answer kept longest that has not been used since; those used go to the back, unmarked. */
  private dropOldest(): void {
    for (const [oldest, answer] of this.answers) {
      if (answer.used) {
        answer.used = false;
        this.answers.delete(oldest);
        this.answers.set(oldest, answer);
        continue;
      }
      this.forget(oldest);
      return;
    }
  }

  /** How many answers and bytes are kept now (answers of an older version count as gone). */
  stats(): { kept: number; bytes: number; hits: number } {
    this.dropStale();
    return { kept: this.answers.size, bytes: this.bytes, hits: this.hits };
  }

  private forget(key: string): void {
    const before = this.answers.get(key);
    if (!before) return;
    this.answers.delete(key);
    this.byProduct.remove(key, before.products);
    this.bytes -= before.cost;
  }

  private dropStale(): void {
    const now = this.versions.wholeAt();
    if (this.filledAt === now) return;
    this.answers.clear();
    this.byProduct.clear();
    this.bytes = 0;
    this.filledAt = now;
  }
}
