// The add and edit dialog of a category or a sub-category: Name (and its optional Sinhala and Tamil forms), the image with the 'Upload Image' picker, and
// (sub-categories) the category chips. Checked with the shared schema before sending; the server's message
// shows as a toast and the caller reloads its list.
import {
  categoryAddSchema,
  categoryUpdateSchema,
  formatZodError,
  subCategoryCreateSchema,
  subCategoryUpdateSchema,
  type CategoryWire,
} from '@kade/shared';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { useCatalogueForm, type FieldProblem } from '../hooks/use-catalogue-form';
import { FieldProblems } from './field-problem';
import { Modal } from './modal';
import { OtherNameFields } from './other-name-fields';
import { CategoryChips, ImagePicker } from './pickers';
import { FormSubmit, TextField } from './text-field';

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
  const { form: draft, update, set, uploading, setUploading, saving, problem, fieldProblem, submit } = useCatalogueForm(initial);
  const withCategories = kind === 'subcategory';
  // The spec's hint: Submit looks active only when the form is complete, but is not blocked otherwise.
  const complete = draft.name.trim() !== '' && draft.image !== '' && (!withCategories || draft.category.length > 0);

  function check(): FieldProblem | '' {
    const body = withCategories ? draft : { _id: draft._id, name: draft.name, nameSi: draft.nameSi, nameTa: draft.nameTa, image: draft.image };
    const schema = draft._id
      ? withCategories ? subCategoryUpdateSchema : categoryUpdateSchema
      : withCategories ? subCategoryCreateSchema : categoryAddSchema;
    const checked = schema.safeParse(body);
    if (checked.success) return '';
    const { message, field } = formatZodError(checked.error);
    return { message, field };
  }

  return (
    <Modal title={title} onClose={onClose}>
      <form
        className="cat-form"
        onSubmit={(event) =>
          void submit(event, check, () => send(kind, draft), () => {
            onSaved();
            onClose();
          })
        }
        noValidate
      >
        <FieldProblems value={fieldProblem}>
        <TextField label="Name" field="name" required value={draft.name} onChange={set('name')} />
        <OtherNameFields value={draft} onChange={update} />
        <ImagePicker value={draft.image} onChange={set('image')} onUploading={setUploading} />
        {withCategories ? <CategoryChips all={categories} selected={draft.category} onChange={set('category')} /> : null}
        <FormSubmit problem={problem} uploading={uploading} saving={saving} incomplete={!complete} />
        </FieldProblems>
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
