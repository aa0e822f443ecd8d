// Products and variations as the admin manages them. Every write is one transaction that first locks the
// row it changes and writes only the fields sent, so two admins editing one product never lose a field.
// A variation is a products row with a parent; deleting is soft (deleted_at) and empties carts of the item.
// Selling by weight (issue 34): what an update sends is merged over what the row keeps and the merged rule is
// checked with shared weighedRuleProblem; a scale code fits the shop's label pattern and is unique among live rows.
import type { Knex } from 'knex';
import {
  DEFAULT_SCALE_LABEL_PATTERN,
  DEFAULT_TOTAL_STOCK,
  isScaleCode,
  scaleLabelLayout,
  weighedRuleMessage,
  weighedRuleProblem,
  type SellBy,
  rupeesToPaise,
  type PageInfo,
  type ProductCreateInput,
  type ProductGetInput,
  type ProductPatchInput,
  type ProductUpdateInput,
  type ProductWire,
  type VariationCreateInput,
  type VariationListInput,
  type VariationUpdateInput,
  type VariationWire,
  type BarcodeMatchWire,
  type AdminProductWire,
} from '@kade/shared';
import type { Clock } from '../../clock';
import { json, type Db } from '../../db/database';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  assertKnownIds,
  assertUploadedImages,
  CATEGORIES,
  isForeignKeyViolation,
  isUniqueViolation,
  LINKABLE_PRODUCTS,
  SUB_CATEGORIES,
} from './checks';
import { emptyPage, readPage } from './paging';
import { ADMIN_PRODUCT, ADMIN_PRODUCT_SELECT, ADMIN_SORTS, ADMIN_VARIATION, liveVariationQuery, productsByIdQuery, VARIATION_SELECT } from './product-sql';
import { searchRequest } from './search';
import { setStock } from './stock';
import { detailsToStored, toProductWire, toVariationWire, type ProductRow } from './wire';

/** The fields of a product or variation form, as they may arrive (all optional on an update). */
interface SellableFields {
  name?: string | undefined;
  /** null clears the name; undefined leaves it. */
  nameSi?: string | null | undefined;
  nameTa?: string | null | undefined;
  image?: string[] | undefined;
  unit?: string | undefined;
  stock?: number | undefined;
  totalStock?: number | undefined;
  price?: number | undefined;
  discount?: number | undefined;
  description?: string | undefined;
  more_details?: Record<string, string> | undefined;
  publish?: boolean | undefined;
  single_quantity?: boolean | undefined;
  /** 13 digits (already normalized by the schema); null clears it; undefined leaves it. */
  barcode?: string | null | undefined;
  /** Search keywords (products only; issue 36). */
  keywords?: string[] | undefined;
}

/** The selling-by-weight fields as they may arrive (issue 34); undefined leaves a field as it is kept. */
interface WeighedInput {
  sellBy?: SellBy | undefined;
  stepGrams?: number | undefined;
  minGrams?: number | undefined;
  maxGrams?: number | undefined;
  /** Digits (the schema checked the shape); null clears it; undefined leaves it. */
  scaleCode?: string | null | undefined;
}

/** How a row is sold now, as stored. */
interface KeptWeighed {
  sell_by: string;
  step_grams: number | null;
  min_grams: number | null;
  max_grams: number | null;
  scale_code: string | null;
}

const WEIGHED_KEYS = ['sellBy', 'stepGrams', 'minGrams', 'maxGrams', 'scaleCode'] as const;

/**
 * The `products` columns of how a row is sold, from what was sent merged over what it keeps (`kept`, null for a
 * new row), or nothing when none of those fields was sent to an existing row. Sold EACH, the grams and the scale
 * code are cleared (a scale code sent with EACH is refused); sold by WEIGHT, the merged step, minimum and maximum
 * must all be there and pass weighedRuleProblem, and a scale code must have the digits of the shop's label pattern.
 * Each refusal is a 400 VALIDATION naming the field.
 */
function weighedColumns(input: WeighedInput, kept: KeptWeighed | null, pattern: string): Record<string, unknown> {
  if (kept !== null && WEIGHED_KEYS.every((key) => input[key] === undefined)) return {};
  const sellBy = input.sellBy ?? (kept?.sell_by === 'WEIGHT' ? 'WEIGHT' : 'EACH');
  if (sellBy === 'EACH') {
    if (input.scaleCode != null) {
      throw badRequest('scaleCode is only for a product sold by weight: set sellBy to WEIGHT or leave the scale code empty', 'scaleCode', 'VALIDATION');
    }
    return { sell_by: 'EACH', step_grams: null, min_grams: null, max_grams: null, scale_code: null };
  }
  const keptWeighed = kept?.sell_by === 'WEIGHT' ? kept : null;
  const rule = {
    stepGrams: input.stepGrams ?? keptWeighed?.step_grams ?? null,
    minGrams: input.minGrams ?? keptWeighed?.min_grams ?? null,
    maxGrams: input.maxGrams ?? keptWeighed?.max_grams ?? null,
  };
  for (const field of ['stepGrams', 'minGrams', 'maxGrams'] as const) {
    if (rule[field] === null) throw badRequest(`${field} is required for a product sold by weight`, field, 'VALIDATION');
  }
  const whole = { stepGrams: rule.stepGrams!, minGrams: rule.minGrams!, maxGrams: rule.maxGrams! };
  const problem = weighedRuleProblem(whole);
  if (problem) throw badRequest(weighedRuleMessage(problem), problem.field, 'VALIDATION');
  const scaleCode = input.scaleCode !== undefined ? input.scaleCode : (keptWeighed?.scale_code ?? null);
  if (scaleCode !== null && !isScaleCode(scaleCode, pattern)) {
    const digits = scaleLabelLayout(pattern)?.codeLength ?? 5;
    throw badRequest(`scaleCode must be ${digits} digits, as the shop's scale labels print it`, 'scaleCode', 'VALIDATION');
  }
  return { sell_by: 'WEIGHT', step_grams: whole.stepGrams, min_grams: whole.minGrams, max_grams: whole.maxGrams, scale_code: scaleCode };
}

/**
 * The `products` columns for the fields that were sent, and only those (wire rupees become paise). Stock is
 * not among them: it lives in `product_stock` (`writeStock`).
 */
function sellableColumns(fields: SellableFields): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.nameSi !== undefined) columns.name_si = fields.nameSi;
  if (fields.nameTa !== undefined) columns.name_ta = fields.nameTa;
  if (fields.image !== undefined) columns.images = json(fields.image);
  if (fields.unit !== undefined) columns.unit = fields.unit;
  if (fields.totalStock !== undefined) columns.total_stock = fields.totalStock;
  if (fields.price !== undefined) columns.price_paise = rupeesToPaise(fields.price);
  if (fields.discount !== undefined) columns.discount = fields.discount;
  if (fields.description !== undefined) columns.description = fields.description;
  if (fields.more_details !== undefined) columns.more_details = json(detailsToStored(fields.more_details));
  if (fields.publish !== undefined) columns.publish = fields.publish;
  if (fields.single_quantity !== undefined) columns.single_quantity = fields.single_quantity;
  if (fields.barcode !== undefined) columns.barcode = fields.barcode;
  if (fields.keywords !== undefined) columns.keywords = json(fields.keywords);
  return columns;
}

/** The stock sent, if any, into `product_stock`; a new row always gets one (0 when none was sent). */
async function writeStock(trx: Knex.Transaction, id: string, fields: SellableFields, isNew = false): Promise<void> {
  if (fields.stock !== undefined || isNew) await setStock(trx, id, fields.stock ?? 0);
}

/** The live product or variation other than `selfId` that has this barcode, if any. */
async function barcodeHolder(db: Db, barcode: string, selfId?: string) {
  const query = db('products').where({ barcode }).whereNull('deleted_at');
  if (selfId !== undefined) query.whereNot({ id: selfId });
  return query.first<{ id: string; name: string } | undefined>('id', 'name');
}

/** 409 BARCODE_TAKEN naming the product that has the code. */
function barcodeTaken(barcode: string, holder: { id: string; name: string }): AppError {
  return new AppError('BARCODE_TAKEN', `barcode ${barcode} already belongs to ${holder.name}`, {
    field: 'barcode',
    details: { _id: holder.id, name: holder.name },
  });
}

/** Refuses a barcode another live product or variation has (the unique index settles a race: `takenMeanwhile`). */
async function assertBarcodeFree(trx: Db, barcode: string | null | undefined, selfId?: string): Promise<void> {
  if (barcode == null) return;
  const holder = await barcodeHolder(trx, barcode, selfId);
  if (holder) throw barcodeTaken(barcode, holder);
}

/** The live product or variation other than `selfId` that has this scale code, if any. */
async function scaleCodeHolder(db: Db, scaleCode: string, selfId?: string) {
  const query = db('products').where({ scale_code: scaleCode }).whereNull('deleted_at');
  if (selfId !== undefined) query.whereNot({ id: selfId });
  return query.first<{ id: string; name: string } | undefined>('id', 'name');
}

/** 409 SCALE_CODE_TAKEN naming the product that has the code. */
function scaleCodeTaken(scaleCode: string, holder: { id: string; name: string }): AppError {
  return new AppError('SCALE_CODE_TAKEN', `scale code ${scaleCode} already belongs to ${holder.name}`, {
    field: 'scaleCode',
    details: { _id: holder.id, name: holder.name },
  });
}

/** Refuses a scale code another live product or variation has (the unique index settles a race: `takenMeanwhile`). */
async function assertScaleCodeFree(trx: Db, scaleCode: string | null | undefined, selfId?: string): Promise<void> {
  if (scaleCode == null) return;
  const holder = await scaleCodeHolder(trx, scaleCode, selfId);
  if (holder) throw scaleCodeTaken(scaleCode, holder);
}

/** A category, sub-category or linked product went away between the check and the write. */
function goneMeanwhile(error: unknown): never {
  if (isForeignKeyViolation(error)) {
    throw new AppError('UNKNOWN_REFERENCE', 'a category, sub-category or product you chose was deleted meanwhile: reload and choose again');
  }
  throw error;
}

const NO_PRODUCT = 'There is no such product.';

/**
 * The admin's list counts its products exactly up to this many (issue 36): its pages say "Page 3 of 417", and a count
 * of a 10k catalogue is a scan of one index, cheap beside a page the admin reads (a shop listing counts far less).
 */
export const ADMIN_COUNT_CAP = 100_000;
const NO_VARIATION = 'There is no such variation.';

export interface ProductServiceDeps {
  db: Knex;
  clock: Clock;
  /** The shop's SCALE_LABEL_PATTERN: a scale code has as many digits as its P run (default 5). */
  scaleLabelPattern?: string;
}

export function createProductService({ db, clock, scaleLabelPattern = DEFAULT_SCALE_LABEL_PATTERN }: ProductServiceDeps) {
  /**
   * Two writes of one barcode (or scale code) at once both pass the check; the unique index refuses the second,
   * which is then answered as the check would have (naming the product that won).
   */
  async function takenMeanwhile(error: unknown, codes: { barcode?: string | null | undefined; scaleCode?: string | null | undefined }, selfId?: string): Promise<never> {
    const constraint = isUniqueViolation(error) ? (error as { constraint?: string }).constraint : undefined;
    const { barcode, scaleCode } = codes;
    if (barcode != null && constraint === 'products_barcode_unique') {
      const holder = await barcodeHolder(db, barcode, selfId);
      if (holder) throw barcodeTaken(barcode, holder);
    }
    if (scaleCode != null && constraint === 'products_scale_code_unique') {
      const holder = await scaleCodeHolder(db, scaleCode, selfId);
      if (holder) throw scaleCodeTaken(scaleCode, holder);
    }
    return goneMeanwhile(error);
  }

  /**
   * The columns of how a locked row is sold after this write (see `weighedColumns`), its new scale code checked free.
   * When the way it is sold or its step changes, carts holding it lose it: a cart quantity counts units or steps,
   * and would otherwise mean another amount than the shopper chose.
   */
  async function weighedWrite(trx: Knex.Transaction, id: string, input: WeighedInput): Promise<Record<string, unknown>> {
    const kept = await trx('products').where({ id }).first<KeptWeighed>('sell_by', 'step_grams', 'min_grams', 'max_grams', 'scale_code');
    const columns = weighedColumns(input, kept, scaleLabelPattern);
    if (columns.scale_code != null && columns.scale_code !== kept.scale_code) await assertScaleCodeFree(trx, columns.scale_code as string, id);
    if ('sell_by' in columns && (columns.sell_by !== kept.sell_by || columns.step_grams !== kept.step_grams)) {
      await trx('cart_items').where({ product_id: id }).delete();
    }
    return columns;
  }

  /** The columns of how a new row is sold, its scale code checked free. */
  async function weighedNew(trx: Db, input: WeighedInput): Promise<Record<string, unknown>> {
    const columns = weighedColumns(input, null, scaleLabelPattern);
    await assertScaleCodeFree(trx, columns.scale_code as string | null);
    return columns;
  }

  async function readProduct(trx: Db, id: string): Promise<ProductWire> {
    const { rows } = await productsByIdQuery(trx, [id]);
    if (!rows[0]) throw notFound(NO_PRODUCT);
    return toProductWire(rows[0]);
  }

  async function readVariation(trx: Db, id: string): Promise<VariationWire> {
    const { rows } = await liveVariationQuery(trx, id);
    if (!rows[0]) throw notFound(NO_VARIATION);
    return toVariationWire(rows[0]);
  }

  /** Locks a live row (parent product or variation, as asked) for the rest of the transaction. */
  async function lockLive(trx: Knex.Transaction, id: string, kind: 'product' | 'variation' | 'any') {
    const query = trx('products').where({ id }).whereNull('deleted_at');
    if (kind === 'product') query.whereNull('parent_id');
    if (kind === 'variation') query.whereNotNull('parent_id');
    return query.forUpdate().first<{ id: string; parent_id: string | null } | undefined>('id', 'parent_id');
  }

  /** A parent for a variation: a product (not a variation) that is not deleted; 400 naming `product` otherwise. */
  async function lockParent(trx: Knex.Transaction, id: string) {
    const parent = await trx('products')
      .where({ id })
      .whereNull('deleted_at')
      .whereNull('parent_id')
      .forShare()
      .first<{ id: string; single_quantity: boolean } | undefined>('id', 'single_quantity');
    if (!parent) throw badRequest(`unknown parent product id: ${id}`, 'product', 'UNKNOWN_REFERENCE');
    return parent;
  }

  /** Checks what a product form names (images, categories, sub-categories, linked products) before writing. */
  async function checkProductRefs(trx: Db, input: Partial<Pick<ProductCreateInput, 'image' | 'category' | 'subCategory' | 'product'>>, selfId?: string) {
    if (input.image !== undefined) await assertUploadedImages(trx, input.image, 'image');
    if (input.category !== undefined) await assertKnownIds(trx, input.category, CATEGORIES);
    if (input.subCategory !== undefined) await assertKnownIds(trx, input.subCategory, SUB_CATEGORIES);
    if (input.product !== undefined) {
      if (selfId !== undefined && input.product.includes(selfId)) throw badRequest('a product cannot be linked to itself', 'product', 'SELF_LINK');
      await assertKnownIds(trx, input.product, LINKABLE_PRODUCTS);
    }
  }

  /** Replaces the lists that were sent (categories, sub-categories, linked products) of a product. */
  async function replaceLinks(trx: Knex.Transaction, id: string, input: Partial<Pick<ProductCreateInput, 'category' | 'subCategory' | 'product'>>) {
    if (input.category !== undefined) {
      await trx('product_categories').where({ product_id: id }).delete();
      await trx('product_categories').insert(input.category.map((categoryId) => ({ product_id: id, category_id: categoryId })));
    }
    if (input.subCategory !== undefined) {
      await trx('product_sub_categories').where({ product_id: id }).delete();
      await trx('product_sub_categories').insert(input.subCategory.map((subId) => ({ product_id: id, sub_category_id: subId })));
    }
    if (input.product !== undefined) {
      await trx('product_links').where({ product_id: id }).delete();
      if (input.product.length > 0) {
        await trx('product_links').insert(input.product.map((linkedId) => ({ product_id: id, linked_product_id: linkedId })));
      }
    }
  }

  /** Soft-deletes rows and takes them out of every cart; past orders keep their own snapshot. */
  async function softDelete(trx: Knex.Transaction, ids: readonly string[]): Promise<void> {
    await trx('products').whereIn('id', [...ids]).whereNull('deleted_at').update({ deleted_at: clock.now(), updated_at: clock.now() });
    await trx('cart_items').whereIn('product_id', [...ids]).delete();
  }

  return {
    /** POST /api/product/create: one product (the bulk upload calls it once per draft). */
    async createProduct(input: ProductCreateInput): Promise<ProductWire> {
      return db
        .transaction(async (trx) => {
          await checkProductRefs(trx, input);
          await assertBarcodeFree(trx, input.barcode);
          const weighed = await weighedNew(trx, input);
          const [row] = await trx('products')
            .insert({ ...sellableColumns(input), ...weighed, total_stock: input.totalStock ?? DEFAULT_TOTAL_STOCK })
            .returning<Array<{ id: string }>>('id');
          const id = (row as { id: string }).id;
          await writeStock(trx, id, input, true);
          await replaceLinks(trx, id, input);
          return readProduct(trx, id);
        })
        .catch((error: unknown) => takenMeanwhile(error, input));
    },

    /** PUT /api/product/update-product-details: the fields sent, and only those, in one transaction. */
    async updateProduct(input: ProductUpdateInput): Promise<ProductWire> {
      return db
        .transaction(async (trx) => {
          if (!(await lockLive(trx, input._id, 'product'))) throw notFound(NO_PRODUCT);
          await checkProductRefs(trx, input, input._id);
          await assertBarcodeFree(trx, input.barcode, input._id);
          const weighed = await weighedWrite(trx, input._id, input);
          await trx('products').where({ id: input._id }).update({ ...sellableColumns(input), ...weighed, updated_at: clock.now() });
          await writeStock(trx, input._id, input);
          await replaceLinks(trx, input._id, input);
          return readProduct(trx, input._id);
        })
        .catch((error: unknown) => takenMeanwhile(error, input, input._id));
    },

    /** PATCH /api/product/update: a quick change of stock, price, discount, publish or how it is sold, of a product or a variation. */
    async patchProduct(input: ProductPatchInput): Promise<ProductWire | VariationWire> {
      return db
        .transaction(async (trx) => {
          const row = await lockLive(trx, input._id, 'any');
          if (!row) throw notFound(NO_PRODUCT);
          const weighed = await weighedWrite(trx, input._id, input);
          await trx('products').where({ id: input._id }).update({ ...sellableColumns(input), ...weighed, updated_at: clock.now() });
          await writeStock(trx, input._id, input);
          return row.parent_id === null ? readProduct(trx, input._id) : readVariation(trx, input._id);
        })
        .catch((error: unknown) => takenMeanwhile(error, input, input._id));
    },

    /** DELETE /api/product/delete-product: soft delete, with its variations, out of every cart. */
    async deleteProduct(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        if (!(await lockLive(trx, id, 'product'))) throw notFound(NO_PRODUCT);
        const variations = (await trx('products').where({ parent_id: id }).pluck('id')) as string[];
        await softDelete(trx, [id, ...variations]);
      });
    },

    /**
     * POST /api/product/get (admin): every product not deleted, published or not, each with its live variations;
     * searched by name when asked, only one category's when asked, in the sort asked (issue 36). One statement a page.
     */
    async listProducts(input: ProductGetInput): Promise<{ items: AdminProductWire[]; page: PageInfo }> {
      const scope = input.category
        ? { sql: `${ADMIN_PRODUCT} and exists (select 1 from product_categories pc where pc.product_id = p.id and pc.category_id = ?)`, bindings: [input.category] }
        : ADMIN_PRODUCT;
      const request = searchRequest(scope, input, ADMIN_PRODUCT_SELECT, input.sort ? ADMIN_SORTS[input.sort] : undefined);
      const { rows, page } = request ? await readPage(db, { ...request, countCap: ADMIN_COUNT_CAP }) : emptyPage(input.page, input.limit);
      return { items: rows.map((row) => ({ ...toProductWire(row), variations: (row.variation_list ?? []).map(toVariationWire) })), page };
    },

    /** POST /api/variation/create: a variation of a live product; publish defaults to true. */
    async createVariation(input: VariationCreateInput): Promise<VariationWire> {
      return db
        .transaction(async (trx) => {
          const parent = await lockParent(trx, input.product);
          await assertUploadedImages(trx, input.image, 'image');
          await assertBarcodeFree(trx, input.barcode);
          const weighed = await weighedNew(trx, input);
          const [row] = await trx('products')
            .insert({ ...sellableColumns(input), ...weighed, parent_id: parent.id, single_quantity: parent.single_quantity, total_stock: DEFAULT_TOTAL_STOCK })
            .returning<Array<{ id: string }>>('id');
          const id = (row as { id: string }).id;
          await writeStock(trx, id, input, true);
          return readVariation(trx, id);
        })
        .catch((error: unknown) => takenMeanwhile(error, input));
    },

    /** PUT /api/variation/update: the fields sent (a new parent too), and only those. */
    async updateVariation(input: VariationUpdateInput): Promise<VariationWire> {
      return db
        .transaction(async (trx) => {
          if (!(await lockLive(trx, input._id, 'variation'))) throw notFound(NO_VARIATION);
          const columns = sellableColumns(input);
          if (input.product !== undefined) columns.parent_id = (await lockParent(trx, input.product)).id;
          if (input.image !== undefined) await assertUploadedImages(trx, input.image, 'image');
          await assertBarcodeFree(trx, input.barcode, input._id);
          const weighed = await weighedWrite(trx, input._id, input);
          await trx('products').where({ id: input._id }).update({ ...columns, ...weighed, updated_at: clock.now() });
          await writeStock(trx, input._id, input);
          return readVariation(trx, input._id);
        })
        .catch((error: unknown) => takenMeanwhile(error, input, input._id));
    },

    /** DELETE /api/variation/delete: soft delete, out of every cart. */
    async deleteVariation(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        if (!(await lockLive(trx, id, 'variation'))) throw notFound(NO_VARIATION);
        await softDelete(trx, [id]);
      });
    },

    /** GET /api/products/by-barcode (staff): the live product or variation with this code; 404 when none. */
    async byBarcode(code: string): Promise<BarcodeMatchWire> {
      const row = await db('products')
        .where({ barcode: code })
        .whereNull('deleted_at')
        .first<{ id: string; parent_id: string | null; name: string; name_si: string | null; name_ta: string | null; unit: string; images: unknown; barcode: string } | undefined>(
          'id', 'parent_id', 'name', 'name_si', 'name_ta', 'unit', 'images', 'barcode',
        );
      if (!row) throw notFound(`No product has the barcode ${code}.`);
      const images = Array.isArray(row.images) ? row.images.filter((url): url is string => typeof url === 'string') : [];
      return { _id: row.id, name: row.name, nameSi: row.name_si, nameTa: row.name_ta, unit: row.unit, image: images, barcode: row.barcode, parentId: row.parent_id };
    },

    /** POST /api/variation/details (admin): one variation, published or not. */
    variationDetails: (id: string): Promise<VariationWire> => readVariation(db, id),

    /** POST /api/variation/list (admin): every live variation, newest first, searched by name when asked. */
    async listVariations(input: VariationListInput): Promise<{ items: VariationWire[]; page: PageInfo }> {
      const request = searchRequest(ADMIN_VARIATION, input, VARIATION_SELECT);
      const { rows, page } = request ? await readPage(db, request) : emptyPage(input.page, input.limit);
      return { items: rows.map(toVariationWire), page };
    },

    /** POST /api/variation/get-variations-by-product (admin): a live product's variations, published or not, oldest first. */
    async variationsOfProduct(productId: string): Promise<VariationWire[]> {
      const parent = await db('products').where({ id: productId }).whereNull('deleted_at').whereNull('parent_id').first('id');
      if (!parent) throw notFound(NO_PRODUCT);
      const { rows } = (await db.raw(
        `select ${VARIATION_SELECT} from products p where p.parent_id = ? and p.deleted_at is null order by p.created_at, p.id`,
        [productId],
      )) as { rows: ProductRow[] };
      return rows.map(toVariationWire);
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
