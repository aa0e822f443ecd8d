// The bulk upload's product drafts (SPEC.md section 9, issue 34's weighed fields): their defaults, names, checks
// and bodies. A module of its own, apart from catalogue.ts: only the dashboard's upload screens use them.
import { sameName, type SlugTarget } from './catalogue';
import { weighedRuleProblem, type SellBy, type WeighedRule, type WeighedRuleProblem } from './weight-rule';

/** What each new product draft of the bulk upload starts with. */
export const BULK_PRODUCT_DEFAULTS = {
  stock: 1,
  discount: 0,
  categoryNames: ['All Product', 'Buy Brand', 'Fruit'],
  subCategoryNames: ['All Products', 'All Fruits'],
  description:
    'Product images are for illustration only. The product you receive may differ slightly in packaging, ' +
    'colour, size or label from the one shown, as manufacturers update their designs from time to time; ' +
    'please read the label on the product itself before use.',
} as const;

/** A bulk-upload draft's default name: the file name without folders and without its extension. */
export function draftNameFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** A product draft of the bulk upload, as the form holds it. */
export interface ProductDraft {
  name: string;
  image: string[];
  /** Starts empty: typed by the admin. */
  price: string;
  /** Starts empty: typed by the admin. */
  unit: string;
  stock: number;
  discount: number;
  description: string;
  category: string[];
  subCategory: string[];
  product: string[];
  /** How it is sold (issue 34): EACH unless the admin picks WEIGHT; then the grams and the scale code as typed. */
  sellBy: SellBy;
  stepGrams: string;
  minGrams: string;
  maxGrams: string;
  /** Blank for none. */
  scaleCode: string;
}

/** The draft's fields of how it is sold that a problem may name. */
export type DraftWeighedField = 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode';

/** What is wrong with how a draft is sold: the field and why (the form words it). */
export type DraftWeighedProblem =
  | { field: DraftWeighedField; reason: 'required' | 'notWholeGrams' | 'scaleCodeDigits' | 'scaleCodeOnEach' }
  | WeighedRuleProblem;

/**
 * How a draft is sold, checked before it is sent so each draft names its own problem: sold each, a scale code is
 * refused (there is nothing to weigh); by weight, the step, minimum and maximum must be whole grams making a rule
 * weighedRuleProblem passes, and a scale code has exactly `scaleCodeDigits` digits. Null when all is well.
 */
export function draftWeighedProblem(
  draft: Pick<ProductDraft, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode'>,
  scaleCodeDigits: number,
): DraftWeighedProblem | null {
  const code = draft.scaleCode.trim();
  if (draft.sellBy === 'EACH') return code === '' ? null : { field: 'scaleCode', reason: 'scaleCodeOnEach' };
  const grams: Partial<WeighedRule> = {};
  for (const field of ['stepGrams', 'minGrams', 'maxGrams'] as const) {
    const typed = draft[field].trim();
    if (typed === '') return { field, reason: 'required' };
    if (!/^\d+$/.test(typed)) return { field, reason: 'notWholeGrams' };
    grams[field] = Number(typed);
  }
  const problem = weighedRuleProblem(grams as WeighedRule);
  if (problem) return problem;
  if (code !== '' && !new RegExp(`^\\d{${scaleCodeDigits}}$`).test(code)) return { field: 'scaleCode', reason: 'scaleCodeDigits' };
  return null;
}

/** What a draft sends of how it is sold: EACH alone, or WEIGHT with its grams and its scale code (null for none). */
export function draftWeighedBody(draft: Pick<ProductDraft, 'sellBy' | 'stepGrams' | 'minGrams' | 'maxGrams' | 'scaleCode'>) {
  if (draft.sellBy === 'EACH') return { sellBy: 'EACH' as const };
  const number = (typed: string) => (typed.trim() === '' ? undefined : Number(typed.trim()));
  const code = draft.scaleCode.trim();
  return {
    sellBy: 'WEIGHT' as const,
    stepGrams: number(draft.stepGrams),
    minGrams: number(draft.minGrams),
    maxGrams: number(draft.maxGrams),
    scaleCode: code === '' ? null : code,
  };
}

/**
 * A new draft for an uploaded image: named after the file, stock 1, discount 0, the standard description,
 * and the categories 'All Product', 'Buy Brand', 'Fruit' and sub-categories 'All Products', 'All Fruits'
 * pre-selected (those that exist).
 */
export function newProductDraft(input: {
  fileName: string;
  imageUrl: string;
  categories: readonly SlugTarget[];
  subCategories: readonly SlugTarget[];
}): ProductDraft {
  const pick = (all: readonly SlugTarget[], names: readonly string[]): string[] =>
    all.filter((item) => names.some((name) => sameName(name, item.name))).map((item) => item._id);
  return {
    name: draftNameFromFileName(input.fileName),
    image: [input.imageUrl],
    price: '',
    unit: '',
    stock: BULK_PRODUCT_DEFAULTS.stock,
    discount: BULK_PRODUCT_DEFAULTS.discount,
    description: BULK_PRODUCT_DEFAULTS.description,
    category: pick(input.categories, BULK_PRODUCT_DEFAULTS.categoryNames),
    subCategory: pick(input.subCategories, BULK_PRODUCT_DEFAULTS.subCategoryNames),
    product: [],
    sellBy: 'EACH',
    stepGrams: '',
    minGrams: '',
    maxGrams: '',
    scaleCode: '',
  };
}

/** A draft is sent only with a name, an image, a category and a sub-category; others are skipped silently. */
export function isSubmittableDraft(draft: Pick<ProductDraft, 'name' | 'image' | 'category' | 'subCategory'>): boolean {
  return (
    draft.name.trim() !== '' &&
    draft.image.some((url) => url.trim() !== '') &&
    draft.category.length > 0 &&
    draft.subCategory.length > 0
  );
}

/**
 * Toggles an id in a selection (sub-categories and linked products toggle on click); with `noRemove`,
 * an id already there stays (categories only add, without duplicates).
 */
export function toggleId(selected: readonly string[], id: string, noRemove = false): string[] {
  if (selected.includes(id)) return noRemove ? [...selected] : selected.filter((other) => other !== id);
  return [...selected, id];
}
