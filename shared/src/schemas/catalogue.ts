// Request bodies of /api/category, /api/subcategory, /api/product and /api/variation (SPEC.md section 7).
import { z } from 'zod';
import {
  ADMIN_PRODUCT_LIMIT,
  CATEGORY_PAGE_SIZE,
  CATEGORY_PAGE_SIZE_MAX,
  SEARCH_PAGE_SIZE,
} from '../constants';
import {
  requestBody,
  barcodeField,
  booleanField,
  requiredBarcodeField,
  detailsField,
  discountField,
  idField,
  idList,
  imageListField,
  imageUrlField,
  limitField,
  listingCursorField,
  nameField,
  optionalShape,
  otherNameField,
  pageField,
  requiredText,
  rupeesField,
  searchTextField,
  stockField,
  sellByField,
  gramsField,
  scaleCodeField,
  keywordList,
} from './fields';
import { MIN_STEP_GRAMS, weighedRuleProblem } from '../weight-rule';
import { ADMIN_PRODUCT_SORTS } from '../catalogue';

/** A body that names one row by `_id`. */
const byId = requestBody({ _id: idField('id') });

/** Search text: control characters count as spaces; trimmed, cut to 100 characters, '' when missing. */
const searchText = searchTextField();

const nameText = nameField('name', 200);

/** GET /api/products/by-barcode (issue 33): the code a scanner typed (EAN-13 or UPC-A, check digit right). */
export const productByBarcodeQuerySchema = z.object({ code: requiredBarcodeField('code') });
export type ProductByBarcodeQuery = z.infer<typeof productByBarcodeQuerySchema>;

/** A page of a list found by search text: the text, page (default 1), limit (1 to `maxLimit`, default `defaultLimit`). */
function searchPage(maxLimit: number, defaultLimit: number) {
  return requestBody({ search: searchText, page: pageField(), limit: limitField(maxLimit, defaultLimit) });
}

/** The optional Sinhala and Tamil names beside an English one of at most `max` characters (null or '' clears one). */
function otherNames(max: number) {
  return { nameSi: otherNameField('Sinhala name', max), nameTa: otherNameField('Tamil name', max) };
}

// Categories

/** POST /api/category/add-category. */
export const categoryAddSchema = requestBody({ name: nameField('name', 100), ...otherNames(100), image: imageUrlField('image') });
export type CategoryAddInput = z.infer<typeof categoryAddSchema>;

/** PUT /api/category/update: the id, and the name and/or image to change. */
export const categoryUpdateSchema = requestBody({
  _id: idField('id'),
  name: nameField('name', 100).optional(),
  ...otherNames(100),
  image: imageUrlField('image').optional(),
});
export type CategoryUpdateInput = z.infer<typeof categoryUpdateSchema>;

/** DELETE /api/category/delete. */
export const categoryDeleteSchema = byId;
export type CategoryDeleteInput = z.infer<typeof categoryDeleteSchema>;

// Sub-categories

/** POST /api/subcategory/create: name, image and at least one category. */
export const subCategoryCreateSchema = requestBody({
  name: nameField('name', 100),
  ...otherNames(100),
  image: imageUrlField('image'),
  category: idList('category', 'category', 1),
});
export type SubCategoryCreateInput = z.infer<typeof subCategoryCreateSchema>;

/** PUT /api/subcategory/update: the id and what changes (a category list, if sent, is not empty). */
export const subCategoryUpdateSchema = requestBody({
  _id: idField('id'),
  name: nameField('name', 100).optional(),
  ...otherNames(100),
  image: imageUrlField('image').optional(),
  category: idList('category', 'category', 1).optional(),
});
export type SubCategoryUpdateInput = z.infer<typeof subCategoryUpdateSchema>;

/** DELETE /api/subcategory/delete (the client sends the whole row; only `_id` is read). */
export const subCategoryDeleteSchema = byId;
export type SubCategoryDeleteInput = z.infer<typeof subCategoryDeleteSchema>;

// Products

/**
 * Selling by weight (issue 34): `sellBy` EACH (the default) or WEIGHT, and for WEIGHT the step, minimum and maximum
 * in whole grams and an optional scale code; `price` is then per kg and `stock` counts grams.
 */
const weighedFields = {
  sellBy: sellByField(),
  stepGrams: gramsField('stepGrams', MIN_STEP_GRAMS),
  minGrams: gramsField('minGrams'),
  maxGrams: gramsField('maxGrams'),
  scaleCode: scaleCodeField(),
};

type WeighedInput = { sellBy?: string | undefined; stepGrams?: number | undefined; minGrams?: number | undefined; maxGrams?: number | undefined };

/**
 * A new product or variation sold by weight needs its step, minimum and maximum, and they must make a rule the
 * shared weighedRuleProblem passes (an update is checked on the server against what it keeps).
 */
function checkWeighedRule(value: WeighedInput, ctx: z.RefinementCtx): void {
  if (value.sellBy !== 'WEIGHT') return;
  for (const field of ['stepGrams', 'minGrams', 'maxGrams'] as const) {
    if (value[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} is required for a product sold by weight` });
  }
  if (value.stepGrams === undefined || value.minGrams === undefined || value.maxGrams === undefined) return;
  const problem = weighedRuleProblem({ stepGrams: value.stepGrams, minGrams: value.minGrams, maxGrams: value.maxGrams });
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: weighedRuleMessage(problem) });
}

/** The sentence a 400 and the product form give for a weighed rule's problem. */
export function weighedRuleMessage(problem: NonNullable<ReturnType<typeof weighedRuleProblem>>): string {
  switch (problem.reason) {
    case 'integer':
      return `${problem.field} must be a whole number of grams`;
    case 'tooSmall':
      return problem.field === 'stepGrams' ? `stepGrams must be at least ${MIN_STEP_GRAMS}` : `${problem.field} must be at least one step`;
    case 'tooLarge':
      return `${problem.field} is too large`;
    case 'notMultiple':
      return `${problem.field} must be a whole number of steps`;
    case 'minAboveMax':
      return 'minGrams must be at most maxGrams';
  }
}

/** The product form's fields, none defaulted (so an update never resets what it does not send). */
const productFields = {
  name: nameText,
  ...otherNames(200),
  image: imageListField('image'),
  price: rupeesField('price'),
  unit: requiredText('unit', 50),
  stock: stockField('stock'),
  totalStock: stockField('total stock'),
  discount: discountField('discount'),
  description: requiredText('description', 5000, { multiLine: true }),
  category: idList('category', 'category', 1),
  subCategory: idList('sub-category', 'sub-category', 1),
  product: idList('linked products', 'linked product'),
  more_details: detailsField('extra details'),
  publish: booleanField('publish'),
  single_quantity: booleanField('single quantity'),
  barcode: barcodeField(),
  keywords: keywordList(),
  ...weighedFields,
};

/**
 * POST /api/product/create: name, images, price (rupees, 0 or more), unit, stock (whole, 0 or more),
 * discount (0 to 100, default 0), description, at least one category and one sub-category; linked products,
 * extra details, publish (default true) and single quantity (default false) optional.
 */
export const productCreateSchema = requestBody({
  ...productFields,
  totalStock: productFields.totalStock.optional(),
  discount: productFields.discount.default(0),
  product: productFields.product.default([]),
  more_details: productFields.more_details.default({}),
  keywords: productFields.keywords.default([]),
  publish: productFields.publish.default(true),
  single_quantity: productFields.single_quantity.default(false),
  sellBy: productFields.sellBy.default('EACH'),
  stepGrams: productFields.stepGrams.optional(),
  minGrams: productFields.minGrams.optional(),
  maxGrams: productFields.maxGrams.optional(),
}).superRefine(checkWeighedRule);
export type ProductCreateInput = z.infer<typeof productCreateSchema>;

/** PUT /api/product/update-product-details: the id and any product fields (checked as on create). */
export const productUpdateSchema = requestBody({ _id: idField('id'), ...optionalShape(productFields) });
export type ProductUpdateInput = z.infer<typeof productUpdateSchema>;

/**
 * PATCH /api/product/update: a quick change of stock, price, discount, publish or how it is sold (sellBy, the grams,
 * the scale code: checked on the server merged over what the product keeps); at least one.
 */
export const productPatchSchema = requestBody({
  _id: idField('id'),
  stock: productFields.stock.optional(),
  price: productFields.price.optional(),
  discount: productFields.discount.optional(),
  publish: productFields.publish.optional(),
  sellBy: productFields.sellBy.optional(),
  stepGrams: productFields.stepGrams.optional(),
  minGrams: productFields.minGrams.optional(),
  maxGrams: productFields.maxGrams.optional(),
  scaleCode: productFields.scaleCode,
}).refine(
  (value) =>
    (['stock', 'price', 'discount', 'publish', 'sellBy', 'stepGrams', 'minGrams', 'maxGrams', 'scaleCode'] as const).some((key) => value[key] !== undefined),
  { error: 'stock, price, discount or publish is required', path: ['stock'] },
);
export type ProductPatchInput = z.infer<typeof productPatchSchema>;

/** DELETE /api/product/delete-product. */
export const productDeleteSchema = byId;
export type ProductDeleteInput = z.infer<typeof productDeleteSchema>;

/**
 * POST /api/product/get (admin list): search text, page (default 1), limit (1 to 10000, default 10000); issue 36 adds
 * `sort` (one of ADMIN_PRODUCT_SORTS; left out: newest first, or best match when there is text) and `category` (only
 * that category's products).
 */
export const productGetSchema = requestBody({
  search: searchText,
  page: pageField(),
  limit: limitField(ADMIN_PRODUCT_LIMIT, ADMIN_PRODUCT_LIMIT),
  sort: z.enum(ADMIN_PRODUCT_SORTS, { error: `sort must be one of ${ADMIN_PRODUCT_SORTS.join(', ')}` }).optional(),
  category: idField('category').optional(),
});
export type ProductGetInput = z.infer<typeof productGetSchema>;

/** POST /api/product/get-product-by-category: the category id. */
export const productByCategorySchema = requestBody({ id: idField('category id') });
export type ProductByCategoryInput = z.infer<typeof productByCategorySchema>;

/**
 * POST /api/product/get-pruduct-by-category-and-subcategory: both ids, page (>= 1), limit (1 to 50, default 8),
 * and optionally `after`, the previous page's `nextCursor`: the page then starts after that product, whatever its
 * number (which then only names the page in the answer).
 */
export const productByCategoryAndSubCategorySchema = requestBody({
  categoryId: idField('category id'),
  subCategoryId: idField('sub-category id'),
  page: pageField(),
  limit: limitField(CATEGORY_PAGE_SIZE_MAX, CATEGORY_PAGE_SIZE),
  after: listingCursorField(),
});
export type ProductByCategoryAndSubCategoryInput = z.infer<typeof productByCategoryAndSubCategorySchema>;

/** POST /api/product/get-product-details: the product id. */
export const productDetailsSchema = requestBody({ productId: idField('product id') });
export type ProductDetailsInput = z.infer<typeof productDetailsSchema>;

/** POST /api/product/search-product: search text (trimmed, cut to 100 characters), page, limit (default 10). */
export const productSearchSchema = searchPage(CATEGORY_PAGE_SIZE_MAX, SEARCH_PAGE_SIZE);
export type ProductSearchInput = z.infer<typeof productSearchSchema>;

// Variations

const variationFields = {
  product: idField('parent product'),
  name: nameText,
  ...otherNames(200),
  image: imageListField('image'),
  unit: requiredText('unit', 50),
  stock: stockField('stock'),
  price: rupeesField('price'),
  discount: discountField('discount'),
  description: requiredText('description', 5000, { multiLine: true }),
  more_details: detailsField('extra details'),
  publish: booleanField('publish'),
  barcode: barcodeField(),
  ...weighedFields,
};

/**
 * POST /api/variation/create: parent product, name, images, unit, stock, price, description; discount
 * (default 0), extra details and publish (default true) optional.
 */
export const variationCreateSchema = requestBody({
  ...variationFields,
  discount: variationFields.discount.default(0),
  more_details: variationFields.more_details.default({}),
  publish: variationFields.publish.default(true),
  sellBy: variationFields.sellBy.default('EACH'),
  stepGrams: variationFields.stepGrams.optional(),
  minGrams: variationFields.minGrams.optional(),
  maxGrams: variationFields.maxGrams.optional(),
}).superRefine(checkWeighedRule);
export type VariationCreateInput = z.infer<typeof variationCreateSchema>;

/** PUT /api/variation/update: the id and any variation fields. */
export const variationUpdateSchema = requestBody({ _id: idField('id'), ...optionalShape(variationFields) });
export type VariationUpdateInput = z.infer<typeof variationUpdateSchema>;

/** DELETE /api/variation/delete. */
export const variationDeleteSchema = byId;
export type VariationDeleteInput = z.infer<typeof variationDeleteSchema>;

/** POST /api/variation/list: optional search, page, limit (1 to 50, default 10). */
export const variationListSchema = searchPage(CATEGORY_PAGE_SIZE_MAX, SEARCH_PAGE_SIZE);
export type VariationListInput = z.infer<typeof variationListSchema>;

/** POST /api/variation/details: the variation id. */
export const variationDetailsSchema = byId;
export type VariationDetailsInput = z.infer<typeof variationDetailsSchema>;

/** POST /api/variation/get-variations-by-product: the parent product id. */
export const variationsByProductSchema = requestBody({ productId: idField('product id') });
export type VariationsByProductInput = z.infer<typeof variationsByProductSchema>;
