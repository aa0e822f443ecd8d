// The catalogue's endpoints: categories, sub-categories, products and variations (listing public, the rest admin).
import type { AdminProductWire, BarcodeMatchWire, CategoryWire, HomeWire, ListingPageInfo, PageInfo, ProductDetailsWire, ProductWire, SearchPageInfo, SubCategoryWire, VariationWire } from '../api';
import { answer, endpoint } from './define';

/** What a deleted record answers: its id. */
type Deleted = { _id: string };

export const categories = {
  add: endpoint({ method: 'post', path: '/api/category/add-category', access: 'catalogue.manage', body: 'categoryAddSchema', answer: answer<CategoryWire>() }),
  list: endpoint({ method: 'get', path: '/api/category/get', access: 'public', answer: answer<CategoryWire[]>() }),
  update: endpoint({ method: 'put', path: '/api/category/update', access: 'catalogue.manage', body: 'categoryUpdateSchema', answer: answer<CategoryWire>() }),
  remove: endpoint({ method: 'delete', path: '/api/category/delete', access: 'catalogue.manage', body: 'categoryDeleteSchema', answer: answer<Deleted>() }),
};

export const subCategories = {
  create: endpoint({ method: 'post', path: '/api/subcategory/create', access: 'catalogue.manage', body: 'subCategoryCreateSchema', answer: answer<SubCategoryWire>() }),
  list: endpoint({ method: 'post', path: '/api/subcategory/get', access: 'public', answer: answer<SubCategoryWire[]>() }),
  update: endpoint({ method: 'put', path: '/api/subcategory/update', access: 'catalogue.manage', body: 'subCategoryUpdateSchema', answer: answer<SubCategoryWire>() }),
  remove: endpoint({ method: 'delete', path: '/api/subcategory/delete', access: 'catalogue.manage', body: 'subCategoryDeleteSchema', answer: answer<Deleted>() }),
};

export const products = {
  create: endpoint({ method: 'post', path: '/api/product/create', access: 'catalogue.manage', body: 'productCreateSchema', answer: answer<ProductWire>() }),
  update: endpoint({ method: 'put', path: '/api/product/update-product-details', access: 'catalogue.manage', body: 'productUpdateSchema', answer: answer<ProductWire>() }),
  /** Changes a few fields of a product or a variation. */
  patch: endpoint({ method: 'patch', path: '/api/product/update', access: 'catalogue.manage', body: 'productPatchSchema', answer: answer<ProductWire | VariationWire>() }),
  remove: endpoint({ method: 'delete', path: '/api/product/delete-product', access: 'catalogue.manage', body: 'productDeleteSchema', answer: answer<Deleted>() }),
  /** The dashboard's product list: paged, sorted, by category (issue 36), each product with its variations. */
  list: endpoint({ method: 'post', path: '/api/product/get', access: 'catalogue.manage', body: 'productGetSchema', answer: answer<AdminProductWire[]>(), extras: answer<PageInfo>() }),
  byCategory: endpoint({ method: 'post', path: '/api/product/get-product-by-category', access: 'public', body: 'productByCategorySchema', answer: answer<ProductWire[]>() }),
  /** A sub-category's listing. The spec's client calls the misspelt path; the right spelling is an alias (DESIGN.md section 3). */
  listing: endpoint({
    method: 'post',
    path: '/api/product/get-pruduct-by-category-and-subcategory',
    aliases: ['/api/product/get-product-by-category-and-subcategory'],
    access: 'public',
    body: 'productByCategoryAndSubCategorySchema',
    answer: answer<ProductWire[]>(),
    extras: answer<ListingPageInfo>(),
  }),
  details: endpoint({ method: 'post', path: '/api/product/get-product-details', access: 'public', body: 'productDetailsSchema', answer: answer<ProductDetailsWire>() }),
  search: endpoint({ method: 'post', path: '/api/product/search-product', access: 'public', body: 'productSearchSchema', answer: answer<ProductWire[]>(), extras: answer<SearchPageInfo>() }),
  home: endpoint({ method: 'get', path: '/api/product/home', access: 'public', answer: answer<HomeWire>() }),
  /** Staff name the product (or variation) a scanned barcode belongs to (issue 33); 404 when none has it. */
  byBarcode: endpoint({ method: 'get', path: '/api/products/by-barcode', access: 'orders.update', query: 'productByBarcodeQuerySchema', answer: answer<BarcodeMatchWire>() }),
};

export const variations = {
  create: endpoint({ method: 'post', path: '/api/variation/create', access: 'catalogue.manage', body: 'variationCreateSchema', answer: answer<VariationWire>() }),
  list: endpoint({ method: 'post', path: '/api/variation/list', access: 'catalogue.manage', body: 'variationListSchema', answer: answer<VariationWire[]>(), extras: answer<PageInfo>() }),
  details: endpoint({ method: 'post', path: '/api/variation/details', access: 'catalogue.manage', body: 'variationDetailsSchema', answer: answer<VariationWire>() }),
  byProduct: endpoint({ method: 'post', path: '/api/variation/get-variations-by-product', access: 'catalogue.manage', body: 'variationsByProductSchema', answer: answer<VariationWire[]>() }),
  update: endpoint({ method: 'put', path: '/api/variation/update', access: 'catalogue.manage', body: 'variationUpdateSchema', answer: answer<VariationWire>() }),
  remove: endpoint({ method: 'delete', path: '/api/variation/delete', access: 'catalogue.manage', body: 'variationDeleteSchema', answer: answer<Deleted>() }),
};
