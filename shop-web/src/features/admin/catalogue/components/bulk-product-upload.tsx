// 'Upload Multiple Products' (SPEC.md sections 2, 3, 8 and 9): PNG images uploaded one at a time, each
// appending an editable draft with the shared defaults (optional Sinhala and Tamil names left empty); 'Submit All Products' sends one create call per
// draft (incomplete drafts skipped), in order, and stops at the first failure saying which were created.
import { useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_SCALE_LABEL_PATTERN,
  draftWeighedBody,
  draftWeighedProblem,
  formatZodError,
  isSubmittableDraft,
  newProductDraft,
  productCreateSchema,
  scaleLabelLayout,
  TEXT,
  type DraftWeighedProblem,
  type ProductDraft,
} from '@kade/shared';
import { imageAt } from '../../../../lib/images';
import { ApiError } from '../../../../lib/api-client';
import { errorText } from '../../../../lib/show-error';
import { useShopConfig } from '../../../../lib/shop-config';
import type { FieldProblem } from '../hooks/use-catalogue-form';
import { SoldByField, WeighedGramsFields } from './weighed-fields';
import { catalogueAdminApi, typedNumber } from '../api/catalogue-admin-api';
import { useCategories, useProducts, useSubCategories } from '../hooks/use-catalogue-data';
import { Modal } from './modal';
import { OtherNameFields } from './other-name-fields';
import { ToggleChips } from './pickers';
import { PngPicker, uploadPngs } from './png-upload';
import { TextField } from './text-field';

interface Draft extends ProductDraft {
  key: number;
  fileName: string;
  nameSi: string;
  nameTa: string;
  /** Why this draft was not created, on its field when it names one (cleared when the draft changes). */
  problem?: FieldProblem | null;
}

let nextKey = 0;

/** The message after a stop: why, and which drafts were created before it. */
export function stoppedMessage(failedName: string, reason: string, created: string[]): string {
  const done = created.length === 0 ? 'No products were created.' : `Created before it: ${created.join(', ')}.`;
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  return `Stopped at "${failedName}": ${sentence} ${done}`;
}

export function BulkProductUpload({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { scaleLabelPattern } = useShopConfig();
  const scaleCodeDigits = (scaleLabelLayout(scaleLabelPattern) ?? scaleLabelLayout(DEFAULT_SCALE_LABEL_PATTERN))?.codeLength ?? 5;
  /** A draft's problem with how it is sold, in words, naming the field. */
  const weighedText = (problem: DraftWeighedProblem): string =>
    t(`weighedAdmin.problem.${problem.reason}`, { field: t(`weighedAdmin.fieldName.${problem.field}`), digits: scaleCodeDigits });
  const categories = useCategories();
  const subCategories = useSubCategories();
  const products = useProducts('');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  // The upload loop outlives renders: it reads the latest lists (loaded meanwhile) through this ref.
  const lists = useRef({ categories: categories.items, subCategories: subCategories.items });
  lists.current = { categories: categories.items, subCategories: subCategories.items };
  const update = (key: number, change: Partial<Draft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, problem: null, ...change } : d)));

  async function submitAll() {
    setSaving(true);
    setProblem('');
    const created: string[] = [];
    const createdKeys = new Set<number>();
    let stop = '';
    for (const draft of drafts) {
      if (!isSubmittableDraft(draft)) continue; // skipped silently (SPEC.md section 5)
      const { key: _key, fileName: _file, problem: _problem, sellBy: _sellBy, stepGrams: _step, minGrams: _min, maxGrams: _max, scaleCode: _code, ...fields } = draft;
      const body = { ...fields, price: typedNumber(fields.price), more_details: {}, publish: true, single_quantity: false, ...draftWeighedBody(draft) };
      try {
        const weighed = draftWeighedProblem(draft, scaleCodeDigits);
        if (weighed) throw new ApiError(weighedText(weighed), 400, 'VALIDATION', weighed.field);
        const checked = productCreateSchema.safeParse(body);
        if (!checked.success) {
          const { message, field } = formatZodError(checked.error);
          throw new ApiError(message, 400, 'VALIDATION', field);
        }
        await catalogueAdminApi.createProduct(body);
        created.push(draft.name.trim());
        createdKeys.add(draft.key);
      } catch (error) {
        const reason = error instanceof ApiError ? (error.field ? errorText(error) : error.message) : TEXT.somethingWentWrong;
        // the draft says on itself (on its field when one is named) why it was not created
        setDrafts((all) => all.map((d) => (d.key === draft.key ? { ...d, problem: { message: reason, field: error instanceof ApiError ? (error.field ?? null) : null } } : d)));
        stop = stoppedMessage(draft.name.trim(), reason, created);
        break;
      }
    }
    setSaving(false);
    if (created.length > 0) onSaved();
    if (stop) {
      // The created drafts leave the list, so a second try never creates them twice.
      setDrafts((all) => all.filter((d) => !createdKeys.has(d.key)));
      setProblem(stop);
      toast.error(stop);
      return;
    }
    toast.success(TEXT.allProductsUploaded);
    setDrafts([]);
    onClose();
  }

  return (
    <Modal title="Upload Multiple Products" onClose={onClose} size="wide">
      <PngPicker
        onFiles={(files) =>
          uploadPngs(
            files,
            (file, imageUrl) =>
              setDrafts((all) => [
                ...all,
                {
                  ...newProductDraft({ fileName: file.name, imageUrl, ...lists.current }),
                  nameSi: '',
                  nameTa: '',
                  key: nextKey++,
                  fileName: file.name,
                },
              ]),
            TEXT.productImageUploadFailed,
          )
        }
      />
      <ul className="cat-bulk-list" aria-label="Product drafts">
        {drafts.map((draft, index) => (
          <li key={draft.key}>
            <DraftCard
              draft={draft}
              number={index + 1}
              categories={categories.items}
              subCategories={subCategories.items}
              products={products.items}
              onChange={(change) => update(draft.key, change)}
              onRemove={() => setDrafts((all) => all.filter((d) => d.key !== draft.key))}
            />
          </li>
        ))}
      </ul>
      {problem ? (
        <p className="cat-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="cat-actions">
        <button type="button" className="button button--primary" disabled={saving || drafts.length === 0} onClick={() => void submitAll()}>
          {saving ? 'Saving…' : 'Submit All Products'}
        </button>
      </div>
    </Modal>
  );
}

interface Choice {
  _id: string;
  name: string;
}

function DraftCard({
  draft,
  number,
  categories,
  subCategories,
  products,
  onChange,
  onRemove,
}: {
  draft: Draft;
  number: number;
  categories: Choice[];
  subCategories: Choice[];
  products: Choice[];
  onChange: (change: Partial<Draft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const headId = useId();
  const weighed = draft.sellBy === 'WEIGHT';
  const problem = draft.problem ?? null;
  const onWeighedField = problem !== null && ['sellBy', 'stepGrams', 'minGrams', 'maxGrams', 'scaleCode'].includes(problem.field ?? '');
  return (
    <section className="cat-draft" aria-labelledby={headId} aria-invalid={problem ? true : undefined}>
      <div className="cat-draft__head">
        <img src={imageAt(draft.image[0], 160)} alt="" width={56} height={56} />
        <h3 id={headId} className="cat-card__name">
          Product {number}: {draft.fileName}
        </h3>
        <button type="button" className="button button--ghost" aria-label={`Remove product ${number}`} onClick={onRemove}>
          Remove
        </button>
      </div>
      {problem && !onWeighedField ? (
        // the list's own alert says it (with which drafts were created); this marks the draft it is about
        <p className="cat-problem">{problem.message}</p>
      ) : null}
      <TextField label="Name" value={draft.name} onChange={(name) => onChange({ name })} />
      <OtherNameFields value={draft} onChange={onChange} />
      <div className="cat-row">
        <TextField label={weighed ? t('weighedAdmin.pricePerKg') : 'Price'} type="number" inputMode="decimal" min={0} step="0.01" value={draft.price} onChange={(price) => onChange({ price })} />
        <TextField label="Unit" value={draft.unit} onChange={(unit) => onChange({ unit })} />
        <TextField label={weighed ? t('weighedAdmin.stockGrams') : 'Stock'} type="number" inputMode="numeric" min={0} value={draft.stock} onChange={(v) => onChange({ stock: Number(v) })} />
        <TextField label="Discount" type="number" inputMode="decimal" min={0} max={100} value={draft.discount} onChange={(v) => onChange({ discount: Number(v) })} />
      </div>
      <SoldByField value={draft.sellBy} onChange={(sellBy) => onChange({ sellBy })} />
      <WeighedGramsFields value={draft} onChange={onChange} problem={onWeighedField ? problem : null} />
      <TextField label="Description" multiline value={draft.description} onChange={(description) => onChange({ description })} />
      <ToggleChips legend="Category" items={categories} selected={draft.category} onChange={(category) => onChange({ category })} />
      <ToggleChips legend="Sub Category" items={subCategories} selected={draft.subCategory} onChange={(subCategory) => onChange({ subCategory })} />
      <ToggleChips legend="Related products" items={products} selected={draft.product} onChange={(product) => onChange({ product })} filterLabel="Find a product to link" />
    </section>
  );
}
