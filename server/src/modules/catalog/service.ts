// The catalogue (DESIGN.md section 3, area `catalog`): categories and sub-categories, products and their
// variations as the admin manages them, and what shoppers read (listings, product sheet, search, home).
import type { Knex } from 'knex';
import type { Clock } from '../../clock';
import { createCategoryService } from './category-service';
import { createProductService } from './product-service';
import { createShopService } from './shop-service';

export interface CatalogServiceDeps {
  db: Knex;
  clock: Clock;
}

export function createCatalogService(deps: CatalogServiceDeps) {
  return {
    categories: createCategoryService(deps),
    products: createProductService(deps),
    shop: createShopService(deps),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
