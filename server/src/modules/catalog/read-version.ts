// The read model's version (issue 37): a number that moves on whenever the model (search-index.ts) may take in a
// change, so that answers made from it and kept elsewhere (the fast lane's bytes, http/kept-answers.ts) are good only
// while nothing they show has changed. Every change reaches the model through one of its entry points (a product or
// stock notice, the shelves changed, the notices lost or back, the first build, closing); this wraps the index so that
// each of them moves the version on, before and after it runs, and says what it changed: any answer (a product read
// again, the shelves, a rebuild: `wholeAt`), or only the answers showing the products a stock notice named (the
// model's `notice` says which, when it took the stock in place: `changedAt`, and the `onProducts` listeners). A notice
// makes the model not current until its products are read again (it answers undefined meanwhile: PostgreSQL answers,
// and nothing is kept), and a stock notice changes the model at once, inside the call: either way an answer read
// before the call is never kept after it if the call changed it, and one kept before it is dropped. An answer is kept
// only when its version, read in the same turn as the model, is still good for the products it holds when it is done.
import type { SearchIndex } from './search-index';
import { ReadVersion } from '../../lib/read-versions';

/** The index with the same methods, each entry point that may change it moving the version on (`versions`). */
export function withReadVersion<T extends SearchIndex & { build(): Promise<void> }>(index: T): T & { version(): number; versions: ReadVersion } {
  const versions = new ReadVersion();
  const moving =
    <A extends unknown[], R>(call: (...args: A) => R) =>
    (...args: A): R => {
      versions.begin();
      try {
        return call(...args);
      } finally {
        versions.end(undefined);
      }
    };
  return {
    ...index,
    // a stock notice taken in place says which products it changed; anything else may have changed any answer
    notice: (payload: string) => {
      versions.begin();
      let products: readonly string[] | undefined;
      try {
        products = index.notice(payload);
        return products;
      } finally {
        versions.end(products);
      }
    },
    shelvesChanged: moving(index.shelvesChanged),
    hearing: moving(index.hearing),
    close: moving(index.close),
    build: async () => {
      versions.begin();
      try {
        await index.build();
      } finally {
        versions.end(undefined);
      }
    },
    version: () => versions.version(),
    versions,
  };
}
