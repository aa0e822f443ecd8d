// The bulk modals of the category pages: 'Upload Multiple Categories', 'Upload Multiple Sub Categories' (one
// editable row per PNG, with optional Sinhala and Tamil names; rows without a name, an image or (sub-categories) a category are skipped) and
// 'Update Category' (each PNG replaces the image of the category it is named after).
import { useId, useState } from 'react';
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
  const [rows, setRows] = useState<Row[]>([]);
  const [saving, setSaving] = useState(false);
  const sub = kind === 'subcategory';
  const update = (key: number, change: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  async function submit() {
    setSaving(true);
    const left: Row[] = [];
    let created = 0;
    for (const row of rows) {
      const name = row.name.trim();
      if (!name || !row.image || (sub && row.category.length === 0)) continue; // skipped, as the spec says
      const names = { nameSi: row.nameSi.trim() || null, nameTa: row.nameTa.trim() || null };
      try {
        if (sub) await catalogueAdminApi.createSubCategory({ name, ...names, image: row.image, category: row.category });
        else await catalogueAdminApi.addCategory({ name, ...names, image: row.image });
        created += 1;
      } catch (error) {
        showError(error);
        left.push(row);
      }
    }
    setSaving(false);
    if (created > 0) onSaved();
    if (left.length === 0) {
      toast.success(sub ? TEXT.allSubcategoriesUploaded : TEXT.allCategoriesUploaded);
      onClose();
    } else {
      setRows(left);
    }
  }

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
          <li key={row.key} className="cat-bulk-row">
            <img src={imageAt(row.image, 160)} alt="" width={64} height={64} />
            <div className="cat-bulk-row__fields">
              <label htmlFor={`${baseId}-${row.key}`} className="cat-field__label">
                Name
              </label>
              <input id={`${baseId}-${row.key}`} className="cat-input" value={row.name} onChange={(e) => update(row.key, { name: e.target.value })} />
              <OtherNameFields value={row} onChange={(change) => update(row.key, change)} />
              {sub ? <CategoryChips all={categories} selected={row.category} onChange={(category) => update(row.key, { category })} /> : null}
            </div>
            <button type="button" className="button button--ghost" aria-label={`Remove ${row.name || 'row'}`} onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="cat-actions">
        <button type="button" className="button button--primary" disabled={saving || rows.length === 0} onClick={() => void submit()}>
          {saving ? 'Saving…' : 'Submit'}
        </button>
      </div>
    </Modal>
  );
}

interface Replacement {
  category: CategoryWire;
  image: string;
}

/** 'Update Category': new images for existing categories, matched by file name ('Fruit.png' → Fruit). */
export function BulkCategoryUpdate({ categories, onClose, onSaved }: { categories: CategoryWire[]; onClose: () => void; onSaved: () => void }) {
  const [rows, setRows] = useState<Replacement[]>([]);
  const [saving, setSaving] = useState(false);

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

  async function submit() {
    setSaving(true);
    const left: Replacement[] = [];
    for (const row of rows) {
      try {
        await catalogueAdminApi.updateCategory({ _id: row.category._id, image: row.image });
      } catch (error) {
        showError(error);
        left.push(row);
      }
    }
    setSaving(false);
    onSaved();
    if (left.length === 0) {
      toast.success(`${rows.length} ${rows.length === 1 ? 'category' : 'categories'} updated.`);
      onClose();
    } else {
      setRows(left);
    }
  }

  return (
    <Modal title="Update Category" onClose={onClose} size="wide">
      <p className="cat-hint">Name each PNG after the category it belongs to, for example “Fruit.png”.</p>
      <PngPicker onFiles={pick} />
      <ul className="cat-bulk-list">
        {rows.map((row) => (
          <li key={row.category._id} className="cat-bulk-row">
            <img src={imageAt(row.image, 160)} alt="" width={64} height={64} />
            <span className="cat-bulk-row__fields">{row.category.name}</span>
            <button type="button" className="button button--ghost" aria-label={`Remove ${row.category.name}`} onClick={() => setRows((all) => all.filter((r) => r !== row))}>
              Remove
            </button>
          </li>
        ))}
      </ul>
      <div className="cat-actions">
        <button type="button" className="button button--primary" disabled={saving || rows.length === 0} onClick={() => void submit()}>
          {saving ? 'Saving…' : 'Submit'}
        </button>
      </div>
    </Modal>
  );
}
