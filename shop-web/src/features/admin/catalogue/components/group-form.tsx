// The add and edit dialog of a category or a sub-category: Name (and its optional Sinhala and Tamil forms), the image with the 'Upload Image' picker, and
// (sub-categories) the category chips. Checked with the shared schema before sending; the server's message
// shows as a toast and the caller reloads its list.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  categoryAddSchema,
  categoryUpdateSchema,
  formatZodError,
  subCategoryCreateSchema,
  subCategoryUpdateSchema,
  type CategoryWire,
} from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { Modal } from './modal';
import { OtherNameFields } from './other-name-fields';
import { CategoryChips, ImagePicker } from './pickers';

export interface GroupDraft {
  _id?: string;
  name: string;
  nameSi: string;
  nameTa: string;
  image: string;
  category: string[];
}

export function GroupForm({
  kind,
  title,
  initial,
  categories,
  onClose,
  onSaved,
}: {
  kind: 'category' | 'subcategory';
  title: string;
  initial: GroupDraft;
  categories: CategoryWire[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const nameId = useId();
  const [draft, setDraft] = useState(initial);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');
  const withCategories = kind === 'subcategory';
  // The spec's hint: Submit looks active only when the form is complete, but is not blocked otherwise.
  const complete = draft.name.trim() !== '' && draft.image !== '' && (!withCategories || draft.category.length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (uploading || saving) return;
    const body = withCategories ? draft : { _id: draft._id, name: draft.name, nameSi: draft.nameSi, nameTa: draft.nameTa, image: draft.image };
    const schema = draft._id
      ? withCategories ? subCategoryUpdateSchema : categoryUpdateSchema
      : withCategories ? subCategoryCreateSchema : categoryAddSchema;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      setProblem(formatZodError(checked.error).message);
      return;
    }
    setProblem('');
    setSaving(true);
    try {
      const answer = await send(kind, draft);
      toast.success(answer.message);
      onSaved();
      onClose();
    } catch (error) {
      showError(error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form className="cat-form" onSubmit={submit} noValidate>
        <div className="cat-field">
          <label htmlFor={nameId} className="cat-field__label">
            Name
          </label>
          <input id={nameId} className="cat-input" required value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </div>
        <OtherNameFields value={draft} onChange={(change) => setDraft((d) => ({ ...d, ...change }))} />
        <ImagePicker value={draft.image} onChange={(image) => setDraft((d) => ({ ...d, image }))} onUploading={setUploading} />
        {withCategories ? (
          <CategoryChips all={categories} selected={draft.category} onChange={(category) => setDraft((d) => ({ ...d, category }))} />
        ) : null}
        {problem ? (
          <p className="cat-problem" role="alert">
            {problem}
          </p>
        ) : null}
        <button type="submit" className={`button button--primary${complete ? '' : ' button--dim'}`} disabled={uploading || saving}>
          {uploading ? 'Uploading…' : saving ? 'Saving…' : 'Submit'}
        </button>
      </form>
    </Modal>
  );
}

function send(kind: 'category' | 'subcategory', draft: GroupDraft) {
  const { _id, name, image, category } = draft;
  // A box left empty clears that name (null), so an edit can take a wrong one away.
  const nameSi = draft.nameSi.trim() === '' ? null : draft.nameSi;
  const nameTa = draft.nameTa.trim() === '' ? null : draft.nameTa;
  if (kind === 'category') {
    return _id ? catalogueAdminApi.updateCategory({ _id, name, nameSi, nameTa, image }) : catalogueAdminApi.addCategory({ name, nameSi, nameTa, image });
  }
  return _id
    ? catalogueAdminApi.updateSubCategory({ _id, name, nameSi, nameTa, image, category })
    : catalogueAdminApi.createSubCategory({ name, nameSi, nameTa, image, category });
}
