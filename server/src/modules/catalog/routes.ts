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
function productRoutes({ products, shop, productWrite, keptAnswers: kept }: CatalogService): RouteSpec[] {
  return [
    // each write answers once this instance's search index holds it (search-index.ts `written`)
    route(ENDPOINTS.products.create, async ({ body }) => ({ data: await productWrite(() => products.createProduct(body)), message: 'Product added.', status: 201 })),
    route(ENDPOINTS.products.update, async ({ body }) => ({ data: await productWrite(() => products.updateProduct(body)), message: 'Product updated.' })),
    route(ENDPOINTS.products.patch, async ({ body }) => ({ data: await productWrite(() => products.patchProduct(body)), message: 'Product updated.' })),
    route(ENDPOINTS.products.remove, async ({ body }) => {
      await productWrite(() => products.deleteProduct(body._id));
      return { data: { _id: body._id }, message: 'Product deleted.' };
    }),
    route(ENDPOINTS.products.list, async ({ body }) => {
      const { items, page } = await products.listProducts(body);
      return { data: items, extras: pageExtras(page) };
    }),
    route(ENDPOINTS.products.byCategory, async ({ body }) => ({ data: await shop.byCategory(body.id) })),
    // a shelf's page, a product's sheet and a search page read from the read model: the lane keeps their bytes until
    // what they show changes (`holds`: whose stock they show)
    route(ENDPOINTS.products.listing, { fastLane: true, kept }, async ({ body }) => {
      const { answer, readAt, holds } = await shop.listingRead(body);
      const { items, page } = answer;
      return { data: items, extras: { ...pageExtras(page), nextCursor: page.nextCursor }, readAt, holds };
    }),
    route(ENDPOINTS.products.details, { fastLane: true, kept }, async ({ body }) => {
      const { answer, readAt, holds } = await shop.detailsRead(body.productId);
      return { data: answer, readAt, holds };
    }),
    route(ENDPOINTS.products.search, { fastLane: true, kept }, async ({ body }) => {
      const { answer, readAt, holds } = await shop.searchRead(body);
      const { items, page, suggestions } = answer;
      return { data: items, extras: { ...pageExtras(page), ...(suggestions ? { suggestions } : {}) }, readAt, holds };
    }),
    route(ENDPOINTS.products.home, { fastLane: true }, async () => ({ data: await shop.home() })),
    route(ENDPOINTS.products.byBarcode, async ({ query }) => ({ data: await products.byBarcode(query.code) })),
  ];
}

/** /api/variation: the admin's variation screens (shoppers get published variations with the product sheet). */
function variationRoutes({ products, productWrite }: CatalogService): RouteSpec[] {
  return [
    // a variation is a product row: its writes, too, answer once this instance's read model holds them
    route(ENDPOINTS.variations.create, async ({ body }) => ({ data: await productWrite(() => products.createVariation(body)), message: 'Variation added.', status: 201 })),
    route(ENDPOINTS.variations.list, async ({ body }) => {
      const { items, page } = await products.listVariations(body);
      return { data: items, extras: pageExtras(page) };
    }),
    route(ENDPOINTS.variations.details, async ({ body }) => ({ data: await products.variationDetails(body._id) })),
    route(ENDPOINTS.variations.byProduct, async ({ body }) => ({ data: await products.variationsOfProduct(body.productId) })),
    route(ENDPOINTS.variations.update, async ({ body }) => ({ data: await productWrite(() => products.updateVariation(body)), message: 'Variation updated.' })),
    route(ENDPOINTS.variations.remove, async ({ body }) => {
      await productWrite(() => products.deleteVariation(body._id));
      return { data: { _id: body._id }, message: 'Variation deleted.' };
    }),
  ];
}

/** Every catalogue route. */
export function catalogRoutes(deps: { catalog: CatalogService }): RouteSpec[] {
  return [...categoryRoutes(deps.catalog), ...productRoutes(deps.catalog), ...variationRoutes(deps.catalog)];
}
