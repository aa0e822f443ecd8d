// A product's variations with Edit and Delete, on the variation page and on each product card. Edit reads the
// variation afresh (POST /api/variation/details) into the 'Upload Product Variation' form in a modal; Delete
// asks the 'Permanent Delete' question as the other catalogue pages do (DELETE /api/variation/delete).
import { useState } from 'react';
import type { VariationWire } from '@kade/shared';
import { showError } from '../../../../lib/show-error';
import { catalogueAdminApi } from '../api/catalogue-admin-api';
import { Modal, PermanentDeleteDialog } from './modal';
import { VariationForm, variationFormFrom } from './variation-form';
import { priceText, WeighedStock } from './sold-as';
import { OtherNames } from '../../../../components/other-names';

/** The title of the form that adds a variation, and of the modal that corrects one (as 'Upload Product' is for products). */
export const VARIATION_FORM_TITLE = 'Upload Product Variation';

export function VariationList({
  variations,
  label,
  onChanged,
  compact = false,
}: {
  variations: VariationWire[];
  /** The list's accessible name, e.g. 'Variations of Rice 5kg'. */
  label: string;
  /** After a variation was saved or deleted: the caller reloads what it shows. */
  onChanged: () => void;
  /** The narrow form on a product card. */
  compact?: boolean;
}) {
  const [opening, setOpening] = useState<string | null>(null);
  const [editing, setEditing] = useState<VariationWire | null>(null);
  const [deleting, setDeleting] = useState<VariationWire | null>(null);

  // The modal opens once the variation is read, so focus lands on its first field.
  async function edit(variation: VariationWire) {
    if (opening) return;
    setOpening(variation._id);
    try {
      setEditing(await catalogueAdminApi.variationDetails(variation._id));
    } catch (error) {
      showError(error);
    } finally {
      setOpening(null);
    }
  }

  return (
    <>
      <ul className={compact ? 'cat-variation-list cat-variation-list--compact' : 'cat-variation-list'} aria-label={label}>
        {variations.map((v) => (
          <li key={v._id} className="cat-variation">
            <span className="cat-variation__text">
              <span className="cat-variation__name">{v.name}</span> <OtherNames item={v} />{' '}
              <span className="cat-variation__meta">
                {v.unit} · {priceText(v)}
                {v.sellBy === 'WEIGHT' ? ' · ' : ''}
                <WeighedStock item={v} />
                {v.discount > 0 ? ` · ${v.discount}% off` : ''}
                {v.publish ? '' : ' · not published'}
              </span>
            </span>
            <span className="cat-variation__actions">
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Edit variation ${v.name}`}
                aria-busy={opening === v._id}
                onClick={() => void edit(v)}
              >
                {opening === v._id ? 'Opening…' : 'Edit'}
              </button>
              <button
                type="button"
                className="button button--danger-ghost button--small"
                aria-label={`Delete variation ${v.name}`}
                onClick={() => setDeleting(v)}
              >
                Delete
              </button>
            </span>
          </li>
        ))}
      </ul>
      {editing ? (
        <Modal title={VARIATION_FORM_TITLE} onClose={() => setEditing(null)} size="wide">
          <VariationForm
            initial={variationFormFrom(editing)}
            variationId={editing._id}
            parentName={editing.productName}
            onSaved={() => {
              setEditing(null);
              onChanged();
            }}
          />
        </Modal>
      ) : null}
      {deleting ? (
        <PermanentDeleteDialog
          item={deleting}
          remove={() => catalogueAdminApi.deleteVariation(deleting._id)}
          onDeleted={() => {
            setDeleting(null);
            onChanged();
          }}
          onUnpublished={() => {
            setDeleting(null);
            onChanged();
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </>
  );
}
