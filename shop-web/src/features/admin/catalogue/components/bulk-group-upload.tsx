// The bulk modals of the category pages: 'Upload Multiple Categories', 'Upload Multiple Sub Categories' (one
// editable row per PNG, with optional Sinhala and Tamil names; rows without a name, an image or (sub-categories) a category are skipped) and
// 'Update Category' (each PNG replaces the image of the category it is named after).
import { useId, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { draftNameFromFileName, sameName, TEXT, type CategoryWire } from '@kade/shared';
import { imageAt } from '../../../../lib/images';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { Modal } from './modal';
import { OtherNameFields } from './other-name-fields';
import { CategoryChips } from './pickers';
import { PngPicker, uploadPngs } from './png-upload';

interface Row {
  key: number;
  name: string;
  nameSi: string;
  nameTa: string;
  image: string;
  category: string[];
}

let nextKey = 0;

export function BulkGroupUpload({
  kind,
  categories,
  onClose,
  onSaved,
}: {
  kind: 'category' | 'subcategory';
  categories: CategoryWire[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const baseId = useId();
  const sub = kind === 'subcategory';
  const { rows, setRows, saving, submit } = useBulkRows<Row>(
    (row) => {
      const name = row.name.trim();
      if (!name || !row.image || (sub && row.category.length === 0)) return null; // skipped, as the spec says
      const names = { nameSi: row.nameSi.trim() || null, nameTa: row.nameTa.trim() || null };
      return sub
        ? catalogueAdminApi.createSubCategory({ name, ...names, image: row.image, category: row.category })
        : catalogueAdminApi.addCategory({ name, ...names, image: row.image });
    },
    { onSaved, onClose, doneText: () => (sub ? TEXT.allSubcategoriesUploaded : TEXT.allCategoriesUploaded) },
  );
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  return (
    <Modal title={sub ? 'Upload Multiple Sub Categories' : 'Upload Multiple Categories'} onClose={onClose} size="wide">
      <PngPicker
        onFiles={(files) =>
          uploadPngs(
            files,
            (file, image) => setRows((all) => [...all, { key: nextKey++, name: draftNameFromFileName(file.name), nameSi: '', nameTa: '', image, category: [] }]),
            TEXT.categoryImageUploadFailed,
          )
        }
      />
      <ul className="cat-bulk-list">
        {rows.map((row) => (
          <BulkRow key={row.key} image={row.image} removeLabel={`Remove ${row.name || 'row'}`} onRemove={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
            <div className="cat-bulk-row__fields">
              <label htmlFor={`${baseId}-${row.key}`} className="cat-field__label">
                Name
              </label>
              <input id={`${baseId}-${row.key}`} className="cat-input" value={row.name} onChange={(e) => update(row.key, { name: e.target.value })} />
              <OtherNameFields value={row} onChange={(change) => update(row.key, change)} />
              {sub ? <CategoryChips all={categories} selected={row.category} onChange={(category) => update(row.key, { category })} /> : null}
            </div>
          </BulkRow>
        ))}
      </ul>
      <BulkSubmit saving={saving} empty={rows.length === 0} onSubmit={submit} />
    </Modal>
  );
}

interface Replacement {
  category: CategoryWire;
  image: string;
}

/** 'Update Category': new images for existing categories, matched by file name ('Fruit.png' → Fruit). */
export function BulkCategoryUpdate({ categories, onClose, onSaved }: { categories: CategoryWire[]; onClose: () => void; onSaved: () => void }) {
  const { rows, setRows, saving, submit } = useBulkRows<Replacement>((row) => catalogueAdminApi.updateCategory({ _id: row.category._id, image: row.image }), {
    onSaved,
    onClose,
    doneText: (updated) => `${updated} ${updated === 1 ? 'category' : 'categories'} updated.`,
  });

  async function pick(files: File[]) {
    const matched: Array<{ file: File; category: CategoryWire }> = [];
    for (const file of files) {
      const name = draftNameFromFileName(file.name);
      const category = categories.find((c) => sameName(c.name, name));
      if (category) matched.push({ file, category });
      else toast.error(`No category is named "${name}" (${file.name}).`);
    }
    const byFile = new Map(matched.map((m) => [m.file, m.category]));
    await uploadPngs(
      matched.map((m) => m.file),
      (file, image) => {
        const category = byFile.get(file) as CategoryWire;
        setRows((all) => [...all.filter((r) => r.category._id !== category._id), { category, image }]);
      },
      TEXT.categoryImageUploadFailed,
    );
  }

  return (
    <Modal title="Update Category" onClose={onClose} size="wide">
      <p className="cat-hint">Name each PNG after the category it belongs to, for example “Fruit.png”.</p>
      <PngPicker onFiles={pick} />
      <ul className="cat-bulk-list">
        {rows.map((row) => (
          <BulkRow key={row.category._id} image={row.image} removeLabel={`Remove ${row.category.name}`} onRemove={() => setRows((all) => all.filter((r) => r !== row))}>
            <span className="cat-bulk-row__fields">{row.category.name}</span>
          </BulkRow>
        ))}
      </ul>
      <BulkSubmit saving={saving} empty={rows.length === 0} onSubmit={submit} />
    </Modal>
  );
}

/**
 * The rows of a bulk modal and their Submit. Each row is sent in order (`send` answers null for a row it skips);
 * a refused row shows its error and stays to be corrected while the others leave the list. `onSaved` once any
 * went; when none is left, `doneText` (of how many went) as a success toast and the modal closes.
 */
function useBulkRows<R>(
  send: (row: R) => Promise<unknown> | null,
  { onSaved, onClose, doneText }: { onSaved: () => void; onClose: () => void; doneText: (sent: number) => string },
) {
  const [rows, setRows] = useState<R[]>([]);
  const [saving, setSaving] = useState(false);

  async function submit() {
    setSaving(true);
    const left: R[] = [];
    let sent = 0;
    for (const row of rows) {
      const sending = send(row);
      if (!sending) continue;
      try {
        await sending;
        sent += 1;
      } catch (error) {
        showError(error);
        left.push(row);
      }
    }
    setSaving(false);
    if (sent > 0) onSaved();
    if (left.length === 0) {
      toast.success(doneText(sent));
      onClose();
    } else {
      setRows(left);
    }
  }

  return { rows, setRows, saving, submit };
}

/** One row of a bulk modal: its image, what is said of it, and Remove. */
function BulkRow({ image, removeLabel, onRemove, children }: { image: string; removeLabel: string; onRemove: () => void; children: ReactNode }) {
  return (
    <li className="cat-bulk-row">
      <img src={imageAt(image, 160)} alt="" width={64} height={64} />
      {children}
      <button type="button" className="button button--ghost" aria-label={removeLabel} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

/** A bulk modal's Submit: off while there is nothing to send or it is sending. */
function BulkSubmit({ saving, empty, onSubmit }: { saving: boolean; empty: boolean; onSubmit: () => Promise<void> }) {
  return (
    <div className="cat-actions">
      <button type="button" className="button button--primary" disabled={saving || empty} onClick={() => void onSubmit()}>
        {saving ? 'Saving…' : 'Submit'}
      </button>
    </div>
  );
}
