import {
  categoryAddSchema,
  categoryDeleteSchema,
  categoryUpdateSchema,
  productByCategoryAndSubCategorySchema,
  productByCategorySchema,
  productCreateSchema,
  productDeleteSchema,
  productDetailsSchema,
  productGetSchema,
  productPatchSchema,
  productSearchSchema,
  productUpdateSchema,
  subCategoryCreateSchema,
  subCategoryDeleteSchema,
  subCategoryUpdateSchema,
  variationCreateSchema,
  variationDeleteSchema,
  variationDetailsSchema,
  variationListSchema,
  variationsByProductSchema,
  variationUpdateSchema,
} from '@kade/shared';
import { route, type RouteSpec } from '../../http/route';
import { pageExtras } from './paging';
import type { CatalogService } from './service';

/** The calls of SPEC.md section 7 under /api/category and /api/subcategory: listing is public, the rest admin. */
function categoryRoutes({ categories }: CatalogService): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/category/add-category',
      access: 'catalogue.manage',
      body: categoryAddSchema,
      handler: async ({ body }) => ({ data: await categories.addCategory(body), message: 'Category added.', status: 201 }),
    }),
    route({
      method: 'get',
      path: '/api/category/get',
      access: 'public',
      fastLane: true,
      handler: async () => ({ data: await categories.listCategories() }),
    }),
    route({
      method: 'put',
      path: '/api/category/update',
      access: 'catalogue.manage',
      body: categoryUpdateSchema,
      handler: async ({ body }) => ({ data: await categories.updateCategory(body), message: 'Category updated.' }),
    }),
    route({
      method: 'delete',
      path: '/api/category/delete',
      access: 'catalogue.manage',
      body: categoryDeleteSchema,
      handler: async ({ body }) => {
        await categories.deleteCategory(body._id);
        return { data: { _id: body._id }, message: 'Category deleted.' };
      },
    }),
    route({
      method: 'post',
      path: '/api/subcategory/create',
      access: 'catalogue.manage',
      body: subCategoryCreateSchema,
      handler: async ({ body }) => ({ data: await categories.createSubCategory(body), message: 'Sub-category added.', status: 201 }),
    }),
    route({
      method: 'post',
      path: '/api/subcategory/get',
      access: 'public',
      fastLane: true,
      handler: async () => ({ data: await categories.listSubCategories() }),
    }),
    route({
      method: 'put',
      path: '/api/subcategory/update',
      access: 'catalogue.manage',
      body: subCategoryUpdateSchema,
      handler: async ({ body }) => ({ data: await categories.updateSubCategory(body), message: 'Sub-category updated.' }),
    }),
    route({
      method: 'delete',
      path: '/api/subcategory/delete',
      access: 'catalogue.manage',
      body: subCategoryDeleteSchema,
      handler: async ({ body }) => {
        await categories.deleteSubCategory(body._id);
        return { data: { _id: body._id }, message: 'Sub-category deleted.' };
      },
    }),
  ];
}

/** /api/product: the admin's writes and list, and the shop's reads (public). */
function productRoutes({ products, shop }: CatalogService): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/product/create',
      access: 'catalogue.manage',
      body: productCreateSchema,
      handler: async ({ body }) => ({ data: await products.createProduct(body), message: 'Product added.', status: 201 }),
    }),
    route({
      method: 'put',
      path: '/api/product/update-product-details',
      access: 'catalogue.manage',
      body: productUpdateSchema,
      handler: async ({ body }) => ({ data: await products.updateProduct(body), message: 'Product updated.' }),
    }),
    route({
      method: 'patch',
      path: '/api/product/update',
      access: 'catalogue.manage',
      body: productPatchSchema,
      handler: async ({ body }) => ({ data: await products.patchProduct(body), message: 'Product updated.' }),
    }),
    route({
      method: 'delete',
      path: '/api/product/delete-product',
      access: 'catalogue.manage',
      body: productDeleteSchema,
      handler: async ({ body }) => {
        await products.deleteProduct(body._id);
        return { data: { _id: body._id }, message: 'Product deleted.' };
      },
    }),
    route({
      method: 'post',
      path: '/api/product/get',
      access: 'catalogue.manage',
      body: productGetSchema,
      handler: async ({ body }) => {
        const { items, page } = await products.listProducts(body);
        return { data: items, extras: pageExtras(page) };
      },
    }),
    route({
      method: 'post',
      path: '/api/product/get-product-by-category',
      access: 'public',
      body: productByCategorySchema,
      handler: async ({ body }) => ({ data: await shop.byCategory(body.id) }),
    }),
    route({
      method: 'post',
      // The spec's client calls the misspelt path; the right spelling is an alias (DESIGN.md section 3).
      path: ['/api/product/get-pruduct-by-category-and-subcategory', '/api/product/get-product-by-category-and-subcategory'],
      access: 'public',
      fastLane: true,
      body: productByCategoryAndSubCategorySchema,
      handler: async ({ body }) => {
        const { items, page } = await shop.listing(body);
        return { data: items, extras: { ...pageExtras(page), nextCursor: page.nextCursor } };
      },
    }),
    route({
      method: 'post',
      path: '/api/product/get-product-details',
      access: 'public',
      fastLane: true,
      body: productDetailsSchema,
      handler: async ({ body }) => ({ data: await shop.details(body.productId) }),
    }),
    route({
      method: 'post',
      path: '/api/product/search-product',
      access: 'public',
      fastLane: true,
      body: productSearchSchema,
      handler: async ({ body }) => {
        const { items, page } = await shop.search(body);
        return { data: items, extras: pageExtras(page) };
      },
    }),
    route({
      method: 'get',
      path: '/api/product/home',
      access: 'public',
      fastLane: true,
      handler: async () => ({ data: await shop.home() }),
    }),
  ];
}

/** /api/variation: the admin's variation screens (shoppers get published variations with the product sheet). */
function variationRoutes({ products }: CatalogService): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/variation/create',
      access: 'catalogue.manage',
      body: variationCreateSchema,
      handler: async ({ body }) => ({ data: await products.createVariation(body), message: 'Variation added.', status: 201 }),
    }),
    route({
      method: 'post',
      path: '/api/variation/list',
      access: 'catalogue.manage',
      body: variationListSchema,
      handler: async ({ body }) => {
        const { items, page } = await products.listVariations(body);
        return { data: items, extras: pageExtras(page) };
      },
    }),
    route({
      method: 'post',
      path: '/api/variation/details',
      access: 'catalogue.manage',
      body: variationDetailsSchema,
      handler: async ({ body }) => ({ data: await products.variationDetails(body._id) }),
    }),
    route({
      method: 'post',
      path: '/api/variation/get-variations-by-product',
      access: 'catalogue.manage',
      body: variationsByProductSchema,
      handler: async ({ body }) => ({ data: await products.variationsOfProduct(body.productId) }),
    }),
    route({
      method: 'put',
      path: '/api/variation/update',
      access: 'catalogue.manage',
      body: variationUpdateSchema,
      handler: async ({ body }) => ({ data: await products.updateVariation(body), message: 'Variation updated.' }),
    }),
    route({
      method: 'delete',
      path: '/api/variation/delete',
      access: 'catalogue.manage',
      body: variationDeleteSchema,
      handler: async ({ body }) => {
        await products.deleteVariation(body._id);
        return { data: { _id: body._id }, message: 'Variation deleted.' };
      },
    }),
  ];
}

/** Every catalogue route. */
export function catalogRoutes(deps: { catalog: CatalogService }): RouteSpec[] {
  return [...categoryRoutes(deps.catalog), ...productRoutes(deps.catalog), ...variationRoutes(deps.catalog)];
}
