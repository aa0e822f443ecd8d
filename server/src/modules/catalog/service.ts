// The catalogue (DESIGN.md section 3, area `catalog`): categories and sub-categories, products and their
// variations as the admin manages them, and what shoppers read (listings, product sheet, search, home).
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import type { CatalogueChanges } from './catalogue-changes';
import { createCategoryService } from './category-service';
import { createProductService } from './product-service';
import { createShopService } from './shop-service';

export interface CatalogServiceDeps {
  db: Knex;
  clock: Clock;
  /** The shop's SCALE_LABEL_PATTERN (a scale code's digits); the default pattern when not given. */
  scaleLabelPattern?: string;
  /** When the in-memory category lists must go; without it, only this service's own writes drop them. */
  changes?: CatalogueChanges;
}

export function createCatalogService(deps: CatalogServiceDeps) {
  const categories = createCategoryService(deps);
  return {
    categories,
    products: createProductService(deps),
    shop: createShopService({ db: deps.db, lists: { categories: categories.listCategories, subCategories: categories.listSubCategories } }),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
