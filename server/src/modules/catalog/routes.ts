import { ENDPOINTS } from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { pageExtras } from './paging';
import type { CatalogService } from './service';

/** The calls of SPEC.md section 7 under /api/category and /api/subcategory: listing is public, the rest admin. */
function categoryRoutes({ categories }: CatalogService): RouteSpec[] {
  return [
    route(ENDPOINTS.categories.add, async ({ body }) => ({ data: await categories.addCategory(body), message: 'Category added.', status: 201 })),
    route(ENDPOINTS.categories.list, { fastLane: true }, async () => ({ data: await categories.listCategories() })),
    route(ENDPOINTS.categories.update, async ({ body }) => ({ data: await categories.updateCategory(body), message: 'Category updated.' })),
    route(ENDPOINTS.categories.remove, async ({ body }) => {
      await categories.deleteCategory(body._id);
      return { data: { _id: body._id }, message: 'Category deleted.' };
    }),
    route(ENDPOINTS.subCategories.create, async ({ body }) => ({ data: await categories.createSubCategory(body), message: 'Sub-category added.', status: 201 })),
    route(ENDPOINTS.subCategories.list, { fastLane: true }, async () => ({ data: await categories.listSubCategories() })),
    route(ENDPOINTS.subCategories.update, async ({ body }) => ({ data: await categories.updateSubCategory(body), message: 'Sub-category updated.' })),
    route(ENDPOINTS.subCategories.remove, async ({ body }) => {
      await categories.deleteSubCategory(body._id);
      return { data: { _id: body._id }, message: 'Sub-category deleted.' };
    }),
  ];
}

/** /api/product: the admin's writes and list, and the shop's reads (public). */
function productRoutes({ products, shop }: CatalogService): RouteSpec[] {
  return [
    route(ENDPOINTS.products.create, async ({ body }) => ({ data: await products.createProduct(body), message: 'Product added.', status: 201 })),
    route(ENDPOINTS.products.update, async ({ body }) => ({ data: await products.updateProduct(body), message: 'Product updated.' })),
    route(ENDPOINTS.products.patch, async ({ body }) => ({ data: await products.patchProduct(body), message: 'Product updated.' })),
    route(ENDPOINTS.products.remove, async ({ body }) => {
      await products.deleteProduct(body._id);
      return { data: { _id: body._id }, message: 'Product deleted.' };
    }),
    route(ENDPOINTS.products.list, async ({ body }) => {
      const { items, page } = await products.listProducts(body);
      return { data: items, extras: pageExtras(page) };
    }),
    route(ENDPOINTS.products.byCategory, async ({ body }) => ({ data: await shop.byCategory(body.id) })),
    route(ENDPOINTS.products.listing, { fastLane: true }, async ({ body }) => {
      const { items, page } = await shop.listing(body);
      return { data: items, extras: { ...pageExtras(page), nextCursor: page.nextCursor } };
    }),
    route(ENDPOINTS.products.details, { fastLane: true }, async ({ body }) => ({ data: await shop.details(body.productId) })),
    route(ENDPOINTS.products.search, { fastLane: true }, async ({ body }) => {
      const { items, page } = await shop.search(body);
      return { data: items, extras: pageExtras(page) };
    }),
    route(ENDPOINTS.products.home, { fastLane: true }, async () => ({ data: await shop.home() })),
    route(ENDPOINTS.products.byBarcode, async ({ query }) => ({ data: await products.byBarcode(query.code) })),
  ];
}

/** /api/variation: the admin's variation screens (shoppers get published variations with the product sheet). */
function variationRoutes({ products }: CatalogService): RouteSpec[] {
  return [
    route(ENDPOINTS.variations.create, async ({ body }) => ({ data: await products.createVariation(body), message: 'Variation added.', status: 201 })),
    route(ENDPOINTS.variations.list, async ({ body }) => {
      const { items, page } = await products.listVariations(body);
      return { data: items, extras: pageExtras(page) };
    }),
    route(ENDPOINTS.variations.details, async ({ body }) => ({ data: await products.variationDetails(body._id) })),
    route(ENDPOINTS.variations.byProduct, async ({ body }) => ({ data: await products.variationsOfProduct(body.productId) })),
    route(ENDPOINTS.variations.update, async ({ body }) => ({ data: await products.updateVariation(body), message: 'Variation updated.' })),
    route(ENDPOINTS.variations.remove, async ({ body }) => {
      await products.deleteVariation(body._id);
      return { data: { _id: body._id }, message: 'Variation deleted.' };
    }),
  ];
}

/** Every catalogue route. */
export function catalogRoutes(deps: { catalog: CatalogService }): RouteSpec[] {
  return [...categoryRoutes(deps.catalog), ...productRoutes(deps.catalog), ...variationRoutes(deps.catalog)];
}
