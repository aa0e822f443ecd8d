// The catalogue (DESIGN.md section 3, area `catalog`): categories and sub-categories, products and their
// variations as the admin manages them, and what shoppers read (listings, product sheet, search, home).
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { CatalogueChanges } from './catalogue-changes';
import { createCategoryService } from './category-service';
import { createProductService } from './product-service';
import { createShopService } from './shop-service';
import { createSearchIndex } from './search-index';
import { withReadVersion } from './read-version';
import { KeptAnswers } from '../../http/kept-answers';
import type { Logger } from '../../logger';

export interface CatalogServiceDeps {
  db: Knex;
  clock: Clock;
  /** The shop's SCALE_LABEL_PATTERN (a scale code's digits); the default pattern when not given. */
  scaleLabelPattern?: string;
  /** When the in-memory category lists must go; without it, only this service's own writes drop them. */
  changes?: CatalogueChanges;
  /** With `changes`: each instance answers search from memory (search-index.ts), built now and kept current by the notices. */
  logger?: Logger;
}

export function createCatalogService(deps: CatalogServiceDeps) {
  const categories = createCategoryService(deps);
  const { changes, logger } = deps;
  // every entry point that may change the model moves its version on (read-version.ts): the kept answers go with it
  const searchIndex = changes && logger ? withReadVersion(createSearchIndex({ db: deps.db, logger })) : undefined;
  const keptAnswers = searchIndex ? new KeptAnswers(searchIndex.versions) : undefined;
  if (changes && searchIndex) {
    changes.onProductNotice(searchIndex.notice);
    // not hearing from the start (the first LISTEN failed): the model waits for the notices (`off`), then reads all
    if (!changes.live()) searchIndex.hearing(false);
    // a category or sub-category changed: the index reads again the products holding one renamed or gone; the
    // notices lost or back: it waits (not hearing), then reads everything again
    changes.onChange((why) => (why === 'lists' ? searchIndex.shelvesChanged() : searchIndex.hearing(changes.live())));
    void searchIndex.build();
  }
  return {
    categories,
    products: createProductService(deps),
    shop: createShopService({
      db: deps.db,
      lists: { categories: categories.listCategories, subCategories: categories.listSubCategories },
      ...(searchIndex ? { searchIndex, readVersion: searchIndex.version } : {}),
    }),
    /** The search index of this instance (none for an app built without the change notices). */
    searchIndex,
    /** The fast lane's answers read from the read model, kept as bytes until it changes (none without the index). */
    keptAnswers,
    /** Runs a product write so that this instance's search finds what it wrote when it answers. */
    productWrite: <T>(write: () => Promise<T>): Promise<T> => (searchIndex ? searchIndex.written(write) : write()),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
