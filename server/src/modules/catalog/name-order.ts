// The products in the order a search ranks names (issue 37: a text never asked before at 100,000 products). Within
// a rank, the read model's search (search-index.ts byRank) orders by the lowercased name in the text's language, then
// by id. Search-as-you-type sends the first letters of a name ('an', 'anch', 'anchor fu'): its matches are counted
// from the words' sets, but ranking every match to find the first page cost most of a search when the text matched
// thousands. The names that start with the text come first among the names merely started (their rank's `starts`),
// and here they lie side by side, already in that order: a page is read from them, one product at a time.
/** Ids sorted by (name, id) in UTF-16 order, as byRank compares them; names and ids in two parallel lists. */
export class NameOrder {
  private names: string[] = [];
  private ids: string[] = [];

  static of(items: Iterable<{ name: string; id: string }>): NameOrder {
    const order = new NameOrder();
    const sorted = [...items].sort((a, b) => compare(a.name, a.id, b.name, b.id));
    order.names = sorted.map((item) => item.name);
    order.ids = sorted.map((item) => item.id);
    return order;
  }

  get size(): number {
    return this.ids.length;
  }

  add(name: string, id: string): void {
    const at = this.lowerBound(name, id);
    this.names.splice(at, 0, name);
    this.ids.splice(at, 0, id);
  }

  remove(name: string, id: string): void {
    const at = this.lowerBound(name, id);
    if (this.ids[at] === id && this.names[at] === name) {
      this.names.splice(at, 1);
      this.ids.splice(at, 1);
    }
  }

  /**
   * Calls `each` with the id of every product whose name starts with `text`, in (name, id) order, until it answers
   * false.
   */
  startingWith(text: string, each: (id: string) => boolean): void {
    for (let at = this.lowerBound(text, ''); at < this.ids.length; at += 1) {
      if (!(this.names[at] as string).startsWith(text)) return;
      if (!each(this.ids[at] as string)) return;
    }
  }

  /** Whether some product's name is `name` exactly. */
  holds(name: string): boolean {
    return this.names[this.lowerBound(name, '')] === name;
  }

  /** The first place whose (name, id) is not before (`name`, `id`). */
  private lowerBound(name: string, id: string): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(this.names[middle] as string, this.ids[middle] as string, name, id) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const compare = (aName: string, aId: string, bName: string, bId: string): number =>
  aName < bName ? -1 : aName > bName ? 1 : aId < bId ? -1 : aId > bId ? 1 : 0;
