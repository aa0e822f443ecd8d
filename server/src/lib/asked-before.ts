// Which questions were asked before (issue 37): the read model's answer cache (answer-cache.ts) and the fast lane's
// kept answers (kept-answers.ts) keep an answer from the second time its question is asked, not the first. An answer
// kept lives until newer ones push it out: long enough to outlive V8's young generation, not long enough to stay, so
// an answer kept for a question asked once is garbage in the old generation (and its bytes outside the heap count
// toward the next major GC), which only a major GC takes back. Search-as-you-type at 100,000 products asks mostly
// texts never asked before ('basmati r' once, 'basmati ri' once): keeping every one of them was a major GC of the
// ~400 MB heap every few seconds under load, its pauses the search's p99. The texts shoppers share ('milk', 'rice')
// are asked again within seconds and are kept from then on; an answer made and not kept dies young, nearly free.
//
// A fixed table of 32-bit hashes of the questions, one slot each by the hash's low bits: a question is "asked
// before" when its slot holds its hash. A newer question in the same slot takes it (the older one is asked twice
// more before it is kept); two questions of the same 32-bit hash pass for each other (one kept a little early).
// Its memory is the table's alone, made once: nothing per question reaches the old generation.

/** Slots in the table: 65,536 (256 KB), a few seconds of questions at the busiest. */
const SLOTS = 1 << 16;

export class AskedBefore {
  private readonly hashes = new Uint32Array(SLOTS);

  /** True when `question` was asked before (its hash is in its slot); else notes it and answers false. */
  seen(question: string): boolean {
    const hash = hashOf(question);
    const slot = hash & (SLOTS - 1);
    if (this.hashes[slot] === hash) return true;
    this.hashes[slot] = hash;
    return false;
  }
}

/** FNV-1a over the text's UTF-16 code units, never 0 (an empty slot's value). */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) || 1;
}
