// Answers' JSON from text made once (issue 37): the read model (search-index.ts) keeps each product's wire and product
// sheet for as long as the product does not change, and a page of them was serialized again for every request (a
// listing or search page: about 11 KB of JSON, most of the fast lane's own CPU on such a read). The model marks those
// objects as never changed again (a change makes new ones); the second answer that carries one keeps its JSON text
// beside it (weakly: it goes with the object; ASKED says why not the first), and an answer whose data is such an
// object, or a list of them only, is written from those texts joined, the same bytes JSON.stringify writes
// (fast-lane.test.ts compares them with Koa's).
// The texts kept are bounded by their bytes (KEPT_TEXT_BYTES, the texts made first let go first): a text is as large
// as its product again, and a catalogue of 100,000 products read whole would otherwise keep them all. First made,
// not least recently used: moving a text to the back at every use cost 7 µs a page of 24, three times the page's
// own joining, and a text let go while still asked for is made again once.

/**
 * Objects that are never changed once made (the read model's product wires and sheets), and their JSON once asked for
 * twice (ASKED: asked for once, its text not kept).
 */
const frozen = new WeakMap<object, string | typeof ASKED | undefined>();
/**
 * A text is kept from the second time its object is asked for, not the first. A text kept lives until the bound lets
 * it go: long enough to outlive V8's young generation, not long enough to stay, so every text kept for an object asked
 * for once is garbage in the old generation, which only a major GC takes back. Searches that each ask for a text
 * never asked before at 100,000 products (the bench's `search, every text new`) pushed about 6 KB of such texts a
 * request into the old generation (15,000 such requests, --trace-gc: 150 MB grown between GCs with the texts kept
 * at the first ask, 63 MB with none kept, 86 MB kept at the second), a major GC of the ~400 MB heap every few
 * seconds under load, its pauses (marking steps and finalisation of 40-170 ms) the read's p99 of 100+ ms; a text
 * made and not kept dies young, nearly free to collect.
 */
const ASKED = 0;

/**
 * At most this many bytes of texts are kept: every product's wire at 10,000 products (13 MB), a tenth of them at
 * 100,000. Strings of Latin-1 characters take a byte a character, others two.
 */
export const KEPT_TEXT_BYTES = 16 * 1024 * 1024;
/** The objects whose texts are kept, the first made first, with their texts' bytes. */
const kept = new Map<object, number>();
let keptBytes = 0;
/** Texts made so far, for tests to see what was kept without a clock; only ever added to. */
export const textsMade = { count: 0 };

const bytesOf = (text: string): number => (/[\u0100-\uffff]/.test(text) ? text.length * 2 : text.length);

/** Marks an object its owner never changes again (a change makes a new object): its JSON text may be kept. */
export function neverChanged(value: object): void {
  if (!frozen.has(value)) frozen.set(value, undefined);
}

function textOf(value: object): string {
  const before = frozen.get(value);
  if (typeof before === 'string') return before;
  const text = JSON.stringify(value);
  textsMade.count += 1;
  if (before !== ASKED) {
    frozen.set(value, ASKED);
    return text;
  }
  const bytes = bytesOf(text);
  if (bytes > KEPT_TEXT_BYTES) return text;
  frozen.set(value, text);
  kept.set(value, bytes);
  keptBytes += bytes;
  // the kept map holds the object until its text goes: at most the bound's worth of objects a change replaced
  for (const [oldest, size] of kept) {
    if (keptBytes <= KEPT_TEXT_BYTES) break;
    kept.delete(oldest);
    frozen.set(oldest, undefined);
    keptBytes -= size;
  }
  return text;
}

/** The text of `data`, when it is a marked object or a non-empty list of marked objects only. */
function dataText(data: unknown): string | undefined {
  if (Array.isArray(data)) {
    if (data.length === 0) return undefined;
    for (const item of data) if (item === null || typeof item !== 'object' || !frozen.has(item as object)) return undefined;
    return `[${data.map((item) => textOf(item as object)).join(',')}]`;
  }
  return data !== null && typeof data === 'object' && frozen.has(data) ? textOf(data) : undefined;
}

/** JSON.stringify(envelope), its `data` from the texts kept when it holds only marked objects. */
export function envelopeJson(envelope: object): string {
  const text = dataText((envelope as { data?: unknown }).data);
  if (text === undefined) return JSON.stringify(envelope);
  // `data` keeps its place among the keys; the fields before it are JSON values whose strings escape every quote, so the
  // first `"data":0` is the key itself
  const rest = JSON.stringify({ ...envelope, data: 0 });
  const at = rest.indexOf('"data":0');
  return `${rest.slice(0, at + 7)}${text}${rest.slice(at + 8)}`;
}
