// Form pieces the catalogue screens share: image pickers with preview, category chips with the
// 'Select Category' dropdown, toggled choices, and the extra detail fields with their 'Add Field' dialog.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEXT, toggleId, type SubCategoryWire } from '@kade/shared';
import { FileButton } from '../../../../components/file-button';
import { imageAt } from '../../../../lib/images';
import { showError } from '../../../../lib/show-error';
import { uploadImage } from '../api/catalogue-admin-api';
import { Modal } from './modal';
import { FieldMessage, useFieldProblem } from './field-problem';

/** One image with its preview ('No Image' when empty) and the 'Upload Image' picker. */
export function ImagePicker({
  value,
  onChange,
  onUploading,
  label = 'Upload Image',
}: {
  value: string;
  onChange: (url: string) => void;
  onUploading?: (busy: boolean) => void;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  const problem = useFieldProblem('image');
  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    onUploading?.(true);
    try {
      onChange(await uploadImage(file));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      onUploading?.(false);
    }
  }
  return (
    <div className="cat-image-picker">
      <div className="cat-image-picker__preview">
        {value ? <img src={imageAt(value, 160)} alt="Selected image" width={96} height={96} /> : <span>No Image</span>}
      </div>
      <FileButton label={label} accept="image/*" busy={busy} busyLabel={TEXT.uploading} className="cat-file" onFiles={(files) => void pick(files[0])} describedBy={problem.control['aria-describedby']} />
      <FieldMessage id={problem.id} message={problem.message} />
    </div>
  );
}

/** Several images (a product's): previews with Remove, and the 'Upload Image' picker adding one per file. */
export function ImageListPicker({
  value,
  onChange,
  onUploading,
}: {
  value: string[];
  onChange: (urls: string[]) => void;
  onUploading: (busy: boolean) => void;
}) {
  const [busy, setBusy] = useState(false);
  const problem = useFieldProblem('image');
  async function pick(files: File[]) {
    setBusy(true);
    onUploading(true);
    let urls = value;
    // One upload per file (SPEC.md section 7), in order.
    for (const file of files) {
      try {
        urls = [...urls, await uploadImage(file)];
        onChange(urls);
      } catch (error) {
        showError(error);
      }
    }
    setBusy(false);
    onUploading(false);
  }
  return (
    <div className="cat-field">
      <span className="cat-field__label">Image</span>
      <ul className="cat-thumbs">
        {value.length === 0 ? <li className="cat-thumbs__none">No Image</li> : null}
        {value.map((url, index) => (
          <li key={url + index} className="cat-thumbs__item">
            <img src={imageAt(url, 160)} alt={`Image ${index + 1}`} width={72} height={72} />
            <button type="button" className="cat-chip__remove" aria-label={`Remove image ${index + 1}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <FileButton label="Upload Image" accept="image/*" multiple busy={busy} busyLabel={TEXT.uploading} className="cat-file" onFiles={(files) => void pick(files)} describedBy={problem.control['aria-describedby']} />
      <FieldMessage id={problem.id} message={problem.message} />
    </div>
  );
}

interface Choice {
  _id: string;
  name: string;
}

/** Selected categories as removable chips and the 'Select Category' dropdown (already chosen ones left out). */
export function CategoryChips({ all, selected, onChange }: { all: Choice[]; selected: string[]; onChange: (ids: string[]) => void }) {
  const id = useId();
  const problem = useFieldProblem('category');
  const names = new Map(all.map((c) => [c._id, c.name]));
  const left = all.filter((c) => !selected.includes(c._id));
  return (
    <div className="cat-field">
      <label htmlFor={id} className="cat-field__label">
        Select Category
      </label>
      {selected.length > 0 ? (
        <ul className="cat-chips" aria-label="Selected categories">
          {selected.map((categoryId) => (
            <li key={categoryId} className="cat-chip">
              {names.get(categoryId) ?? 'Unknown'}
              <button
                type="button"
                className="cat-chip__remove"
                aria-label={`Remove ${names.get(categoryId) ?? 'category'}`}
                onClick={() => onChange(selected.filter((x) => x !== categoryId))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <select
        id={id}
        className="cat-input"
        value=""
        onChange={(event) => {
          if (event.target.value) onChange(toggleId(selected, event.target.value, true));
        }}
        {...problem.control}
      >
        <option value="">Select Category</option>
        {left.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldMessage id={problem.id} message={problem.message} />
    </div>
  );
}

/** Choices that toggle on click (sub-categories, related products), each a pressed or unpressed button. */
export function ToggleChips({
  legend,
  items,
  selected,
  onChange,
  filterLabel,
  narrowLabel,
  hint,
  field,
}: {
  legend: string;
  items: Choice[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** With a label, a filter box narrows long lists (the chosen ones always show). */
  filterLabel?: string;
  /** With a label, a filter box narrows the list, which shows whole while the box is empty (the chosen ones always show). */
  narrowLabel?: string;
  /** A sentence under the legend about what is listed. */
  hint?: string;
  /** The request field it holds: a problem naming it is said under it. */
  field?: string;
}) {
  const id = useId();
  const hintId = useId();
  const [filter, setFilter] = useState('');
  const problem = useFieldProblem(field, hint ? hintId : undefined);
  const needle = filter.trim().toLowerCase();
  const matches = (item: Choice) => item.name.toLowerCase().includes(needle);
  const shown = filterLabel
    ? items.filter((item) => selected.includes(item._id) || (needle !== '' && matches(item))).slice(0, 40)
    : narrowLabel && needle !== ''
      ? items.filter((item) => selected.includes(item._id) || matches(item))
      : items;
  const boxLabel = filterLabel ?? narrowLabel;
  return (
    <fieldset className="cat-fieldset" aria-describedby={problem.control['aria-describedby']}>
      <legend>{legend}</legend>
      {hint ? (
        <p id={hintId} className="cat-field__hint">
          {hint}
        </p>
      ) : null}
      {boxLabel ? (
        <>
          <label htmlFor={id} className="visually-hidden">
            {boxLabel}
          </label>
          <input id={id} className="cat-input" type="search" placeholder={boxLabel} value={filter} onChange={(e) => setFilter(e.target.value)} {...(field ? { 'data-field': field } : {})} />
        </>
      ) : null}
      <div className="cat-toggles">
        {shown.map((item) => (
          <button
            key={item._id}
            type="button"
            className="cat-toggle"
            aria-pressed={selected.includes(item._id)}
            onClick={() => onChange(toggleId(selected, item._id))}
          >
            {item.name}
          </button>
        ))}
      </div>
      <FieldMessage id={problem.id} message={problem.message} />
    </fieldset>
  );
}

/**
 * The product form's sub-categories (issue 36): only those of the chosen categories once a category is chosen (the
 * chosen sub-categories always show), narrowed by a search box.
 */
export function SubCategoryChips({
  all,
  categories,
  selected,
  onChange,
}: {
  all: SubCategoryWire[];
  /** The categories chosen in the form. */
  categories: string[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const ofChosen = categories.length > 0;
  const items = ofChosen ? all.filter((sub) => selected.includes(sub._id) || sub.category.some((c) => categories.includes(c._id))) : all;
  return (
    <ToggleChips
      legend="Sub Category"
      items={items}
      selected={selected}
      onChange={onChange}
      narrowLabel={t('adminCatalogue.findSubCategory')}
      hint={t(ofChosen ? 'adminCatalogue.subCategoryOfChosen' : 'adminCatalogue.subCategoryAll')}
      field="subCategory"
    />
  );
}

/** Extra detail fields (label and text, in the admin's order): each required once added, removable. */
export function ExtraFields({ value, onChange }: { value: Array<[string, string]>; onChange: (next: Array<[string, string]>) => void }) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState('');
  const baseId = useId();
  const problem = useFieldProblem('more_details');
  // the first field left empty is the one the problem names (sellable-fields.ts missingDetail)
  const named = problem.message ? value.findIndex(([, text]) => text.trim() === '') : -1;
  function add(event: FormEvent) {
    event.preventDefault();
    event.stopPropagation();
    const label = name.trim();
    if (!label) return;
    if (!value.some(([existing]) => existing.toLowerCase() === label.toLowerCase())) onChange([...value, [label, '']]);
    setName('');
    setAdding(false);
  }
  return (
    <div className="cat-field">
      {value.map(([label, text], index) => (
        <div key={label} className="cat-extra">
          <label htmlFor={`${baseId}-${index}`} className="cat-field__label">
            {label}
          </label>
          <div className="cat-extra__row">
            <input
              id={`${baseId}-${index}`}
              className="cat-input"
              required
              value={text}
              onChange={(e) => onChange(value.map((pair, i) => (i === index ? [label, e.target.value] : pair)))}
              {...(index === named ? problem.control : {})}
            />
            <button type="button" className="button button--ghost" aria-label={`Remove ${label}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
              Remove
            </button>
          </div>
          {index === named ? <FieldMessage id={problem.id} message={problem.message} /> : null}
        </div>
      ))}
      <button type="button" className="button button--ghost" onClick={() => setAdding(true)}>
        {TEXT.addField}
      </button>
      {/* a refusal about the fields as a whole (a label the server refuses) stands under them */}
      {named === -1 ? <FieldMessage id={problem.id} message={problem.message} /> : null}
      {adding ? (
        <Modal title={TEXT.addField} onClose={() => setAdding(false)}>
          {/* A form of its own inside the dialog: its submit must not submit the product form. */}
          <form onSubmit={add} className="cat-form">
            <label htmlFor={`${baseId}-new`} className="visually-hidden">
              Field name
            </label>
            <input id={`${baseId}-new`} className="cat-input" placeholder={TEXT.addFieldPlaceholder} value={name} onChange={(e) => setName(e.target.value)} />
            <button type="submit" className="button button--primary">
              {TEXT.addField}
            </button>
          </form>
        </Modal>
      ) : null}
    </div>
  );
}
