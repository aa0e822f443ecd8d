// Categories and sub-categories: names unique (trimmed, any case), images the shop's own uploads, a
// sub-category in one or more categories, and nothing deleted while a product still uses it.
import type { Knex } from 'knex';
import {
  sortCategories,
  type CategoryAddInput,
  type CategoryUpdateInput,
  type CategoryWire,
  type SubCategoryCreateInput,
  type SubCategoryUpdateInput,
  type SubCategoryWire,
} from '@kade/shared';
import type { Clock } from '../../clock';
import { AppError, conflict, notFound } from '../../http/errors';
import { localCatalogueChanges, type CatalogueChanges } from './catalogue-changes';
import { assertKnownIds, assertUploadedImages, CATEGORIES, isForeignKeyViolation, isUniqueViolation, plural } from './checks';
import { readRows } from '../../db/prepared';
import { toCategoryWire, toSubCategoryWire, type CategoryRow, type SubCategoryRow } from './wire';
import type { Db } from '../../db/database';

const SUB_CATEGORY_SELECT = `s.id, s.name, s.name_si, s.name_ta, s.image,
  coalesce((
    select json_agg(json_build_object('_id', c.id, 'name', c.name, 'nameSi', c.name_si, 'nameTa', c.name_ta) order by lower(c.name), c.id)
    from sub_category_categories sc join categories c on c.id = sc.category_id
    where sc.sub_category_id = s.id), '[]'::json) as category_list`;

/** The shop's two category reads, as statements (the benchmark's plain baseline runs the same). */
export const CATEGORY_LIST_SQL = 'select id, name, name_si, name_ta, image from categories';
const CATEGORY_COLUMNS = ['id', 'name', 'name_si', 'name_ta', 'image'];

/** The Sinhala and Tamil names sent, as columns (null clears one; one not sent stays as it is). */
function otherNameColumns(input: { nameSi?: string | null | undefined; nameTa?: string | null | undefined }): Record<string, string | null> {
  const columns: Record<string, string | null> = {};
  if (input.nameSi !== undefined) columns.name_si = input.nameSi;
  if (input.nameTa !== undefined) columns.name_ta = input.nameTa;
  return columns;
}
export const SUB_CATEGORY_LIST_SQL = `select ${SUB_CATEGORY_SELECT} from sub_categories s order by lower(s.name), s.id`;

/** 409 for a name another row already has (the unique index compares trimmed, lowercased names). */
function nameTaken(kind: 'category' | 'sub-category', name: string): AppError {
  return new AppError('NAME_TAKEN', `A ${kind} named "${name}" already exists.`, { field: 'name' });
}

/** Runs a write; a duplicate name answers 409 instead of failing. */
async function withUniqueName<T>(kind: 'category' | 'sub-category', name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(kind, name ?? '');
    throw error;
  }
}

/** '2 products use the category "Fruit": move them to another category or delete them first.' */
function inUse(count: number, word: string, what: string, remedy: string): string {
  const [verb, them] = count === 1 ? ['uses', 'it'] : ['use', 'them'];
  const [move, ...rest] = remedy.split(' ');
  return `${plural(count, word)} ${verb} ${what}: ${move} ${them} ${rest.join(' ')} or delete ${them} first.`;
}

/** A product took the row into use while it was being deleted (the foreign key refused): 409, nothing deleted. */
function stillUsed(code: 'CATEGORY_IN_USE' | 'SUB_CATEGORY_IN_USE') {
  return (error: unknown): never => {
    if (isForeignKeyViolation(error)) throw conflict('A product started using it meanwhile: reload and try again.', code);
    throw error;
  };
}

/** Products (not deleted; published or not) that name a category or sub-category through a link table. */
async function countLiveProducts(trx: Db, table: 'product_categories' | 'product_sub_categories', column: string, id: string): Promise<number> {
  const [row] = (await trx(`${table} as link`)
    .join('products as p', 'p.id', 'link.product_id')
    .where(`link.${column}`, id)
    .whereNull('p.deleted_at')
    .count('* as count')) as Array<{ count: number | string }>;
  return Number(row?.count ?? 0);
}

/**
 * A list kept in memory while `changes` is live, dropped on every change; read from the database (a prepared
 * statement) when it is not there or the changes are not live. A read in flight when a change lands is not kept.
 */
function memoryCopy<T>(changes: CatalogueChanges, load: () => Promise<T>): () => Promise<T> {
  let copy: Promise<T> | undefined;
  changes.onChange(() => {
    copy = undefined;
  });
  return () => {
    if (!changes.live()) return load();
    if (!copy) {
      const loading = load();
      copy = loading;
      loading.catch(() => {
        if (copy === loading) copy = undefined;
      });
    }
    return copy;
  };
}

export interface CategoryServiceDeps {
  db: Knex;
  clock: Clock;
  /** When the in-memory lists must go (see catalogue-changes.ts); without it, only this service's own writes. */
  changes?: CatalogueChanges;
}

export function createCategoryService({ db, clock, changes = localCatalogueChanges() }: CategoryServiceDeps) {
  const categoryList = memoryCopy(changes, async () => sortCategories((await readRows(db, db.raw<{ rows: CategoryRow[] }>(CATEGORY_LIST_SQL))).map(toCategoryWire)));
  const subCategoryList = memoryCopy(changes, async () => (await readRows(db, db.raw<{ rows: SubCategoryRow[] }>(SUB_CATEGORY_LIST_SQL))).map(toSubCategoryWire));
  /** A write to the lists: this instance's copies go when it ends, and it answers once the others were told. */
  const changing = <T>(write: () => Promise<T>): Promise<T> => changes.change(write);

  async function readCategory(trx: Db, id: string): Promise<CategoryWire> {
    const row = await trx('categories').where({ id }).first<CategoryRow | undefined>(CATEGORY_COLUMNS);
    if (!row) throw notFound('There is no such category.');
    return toCategoryWire(row);
  }

  async function readSubCategory(trx: Db, id: string): Promise<SubCategoryWire> {
    const { rows } = (await trx.raw(`select ${SUB_CATEGORY_SELECT} from sub_categories s where s.id = ?`, [id])) as { rows: SubCategoryRow[] };
    const row = rows[0];
    if (!row) throw notFound('There is no such sub-category.');
    return toSubCategoryWire(row);
  }

  async function linkCategories(trx: Knex.Transaction, subCategoryId: string, categoryIds: readonly string[]): Promise<void> {
    await trx('sub_category_categories').where({ sub_category_id: subCategoryId }).delete();
    await trx('sub_category_categories').insert(categoryIds.map((categoryId) => ({ sub_category_id: subCategoryId, category_id: categoryId })));
  }

  /** A category or its sub-categories' links changed under us (deleted meanwhile): 400 naming the field. */
  function goneMeanwhile(error: unknown): never {
    if (isForeignKeyViolation(error)) {
      throw new AppError('UNKNOWN_REFERENCE', 'a category you chose was deleted meanwhile: reload and choose again', { field: 'category' });
    }
    throw error;
  }

  const service = {
    /** Every category, in the shop's display order (SPEC.md section 9): from memory (see memoryCopy). */
    listCategories(): Promise<CategoryWire[]> {
      return categoryList();
    },

    async addCategory(input: CategoryAddInput): Promise<CategoryWire> {
      await assertUploadedImages(db, [input.image], 'image');
      return withUniqueName('category', input.name, async () => {
        const [row] = await db('categories')
          .insert({ name: input.name, ...otherNameColumns(input), image: input.image })
          .returning<CategoryRow[]>(CATEGORY_COLUMNS);
        return toCategoryWire(row as CategoryRow);
      });
    },

    /** Changes the name and/or image; what is not sent stays. */
    async updateCategory(input: CategoryUpdateInput): Promise<CategoryWire> {
      if (input.image !== undefined) await assertUploadedImages(db, [input.image], 'image');
      return withUniqueName('category', input.name, () =>
        db.transaction(async (trx) => {
          const changes: Record<string, unknown> = { updated_at: clock.now(), ...otherNameColumns(input) };
          if (input.name !== undefined) changes.name = input.name;
          if (input.image !== undefined) changes.image = input.image;
          const updated = await trx('categories').where({ id: input._id }).update(changes);
          if (updated === 0) throw notFound('There is no such category.');
          return readCategory(trx, input._id);
        }),
      );
    },

    /**
     * Deletes a category that nothing needs: refused (409) while products that are not deleted use it, or
     * while a sub-category belongs to it alone (it would be left in no category). The links of deleted
     * products go with it; past orders keep their own copy of the category name.
     */
    async deleteCategory(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        const category = await trx('categories').where({ id }).forUpdate().first<CategoryRow | undefined>('id', 'name');
        if (!category) throw notFound('There is no such category.');
        const products = await countLiveProducts(trx, 'product_categories', 'category_id', id);
        if (products > 0) {
          throw conflict(inUse(products, 'product', `the category "${category.name}"`, 'move to another category'), 'CATEGORY_IN_USE', {
            productCount: products,
          });
        }
        const alone = (await trx('sub_category_categories as sc')
          .join('sub_categories as s', 's.id', 'sc.sub_category_id')
          .where('sc.category_id', id)
          .whereNotExists((q) => q.select(trx.raw('1')).from('sub_category_categories as other').whereRaw('other.sub_category_id = sc.sub_category_id').whereNot('other.category_id', id))
          .orderBy('s.name')
          .pluck('s.name')) as string[];
        if (alone.length > 0) {
          throw conflict(
            `${plural(alone.length, 'sub-category', 'sub-categories')} (${alone.join(', ')}) would be left in no category: give ${alone.length === 1 ? 'it' : 'them'} another category or delete ${alone.length === 1 ? 'it' : 'them'} first.`,
            'CATEGORY_HAS_SUB_CATEGORIES',
            { subCategoryCount: alone.length, subCategories: alone },
          );
        }
        await trx('product_categories').where({ category_id: id }).delete();
        await trx('categories').where({ id }).delete();
      }).catch(stillUsed('CATEGORY_IN_USE'));
    },

    /** Every sub-category with its categories, by name: from memory (see memoryCopy). */
    listSubCategories(): Promise<SubCategoryWire[]> {
      return subCategoryList();
    },

    async createSubCategory(input: SubCategoryCreateInput): Promise<SubCategoryWire> {
      await assertUploadedImages(db, [input.image], 'image');
      return withUniqueName('sub-category', input.name, () =>
        db
          .transaction(async (trx) => {
            await assertKnownIds(trx, input.category, CATEGORIES);
            const [row] = await trx('sub_categories')
              .insert({ name: input.name, ...otherNameColumns(input), image: input.image })
              .returning<Array<{ id: string }>>('id');
            const id = (row as { id: string }).id;
            await linkCategories(trx, id, input.category);
            return readSubCategory(trx, id);
          })
          .catch(goneMeanwhile),
      );
    },

    /** Changes the name, image and/or categories (a list sent replaces the old one); what is not sent stays. */
    async updateSubCategory(input: SubCategoryUpdateInput): Promise<SubCategoryWire> {
      if (input.image !== undefined) await assertUploadedImages(db, [input.image], 'image');
      return withUniqueName('sub-category', input.name, () =>
        db
          .transaction(async (trx) => {
            const changes: Record<string, unknown> = { updated_at: clock.now(), ...otherNameColumns(input) };
            if (input.name !== undefined) changes.name = input.name;
            if (input.image !== undefined) changes.image = input.image;
            const updated = await trx('sub_categories').where({ id: input._id }).update(changes);
            if (updated === 0) throw notFound('There is no such sub-category.');
            if (input.category !== undefined) {
              await assertKnownIds(trx, input.category, CATEGORIES);
              await linkCategories(trx, input._id, input.category);
            }
            return readSubCategory(trx, input._id);
          })
          .catch(goneMeanwhile),
      );
    },

    /** Deletes a sub-category no product (not deleted) uses; otherwise 409 saying how many do. */
    async deleteSubCategory(id: string): Promise<void> {
      await db.transaction(async (trx) => {
        const sub = await trx('sub_categories').where({ id }).forUpdate().first<CategoryRow | undefined>('id', 'name');
        if (!sub) throw notFound('There is no such sub-category.');
        const products = await countLiveProducts(trx, 'product_sub_categories', 'sub_category_id', id);
        if (products > 0) {
          throw conflict(inUse(products, 'product', `the sub-category "${sub.name}"`, 'move to another sub-category'), 'SUB_CATEGORY_IN_USE', {
            productCount: products,
          });
        }
        await trx('product_sub_categories').where({ sub_category_id: id }).delete();
        await trx('sub_categories').where({ id }).delete();
      }).catch(stillUsed('SUB_CATEGORY_IN_USE'));
    },
  };
  return {
    ...service,
    addCategory: (input: CategoryAddInput) => changing(() => service.addCategory(input)),
    updateCategory: (input: CategoryUpdateInput) => changing(() => service.updateCategory(input)),
    deleteCategory: (id: string) => changing(() => service.deleteCategory(id)),
    createSubCategory: (input: SubCategoryCreateInput) => changing(() => service.createSubCategory(input)),
    updateSubCategory: (input: SubCategoryUpdateInput) => changing(() => service.updateSubCategory(input)),
    deleteSubCategory: (id: string) => changing(() => service.deleteSubCategory(id)),
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
