// 'Edit Address' for admins: the six text fields, each labelled by what it holds, with Cancel and Save.
// The admin editor checks nothing itself (SPEC.md section 5); the server refuses malformed values with a message.
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { ENDPOINTS} from '@kade/shared';
import { ADDRESS_FIELD_LABELS, TEXT, type AddressWire, type BodyOf, type SavedAddressWire } from '@kade/shared';
import { adminAddressesApi } from './api/addresses-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { useModalDialog } from '../../../lib/use-modal-dialog';

/** An address in the admin's list: what the page shows of a saved address; its owner may have been deleted. */
export type AdminAddress = Pick<SavedAddressWire, '_id' | keyof AddressWire | 'status' | 'createdAt'> & { userId: SavedAddressWire['userId'] | null };

const FIELDS = ['address_line', 'city', 'state', 'pincode', 'country', 'mobile'] as const;
type Field = (typeof FIELDS)[number];

export function EditAddressDialog({ address, onClose, onSaved }: { address: AdminAddress; onClose: () => void; onSaved: () => void }) {
  const dialog = useModalDialog();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries(FIELDS.map((f) => [f, address[f] ?? ''])) as Record<Field, string>);
  const { busy: saving, run } = useBusyAction();

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      // sent as typed: the server checks each field and refuses a malformed one with a message
      const answer = await adminAddressesApi.update({ _id: address._id, ...values } as BodyOf<typeof ENDPOINTS.addresses.update>);
      toast.success(answer.message || TEXT.addressUpdated);
      onSaved();
    });
  }

  return (
    <dialog ref={dialog} className="dash-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form className="dash-dialog__form" onSubmit={(event) => void save(event)}>
        <h2 id={titleId}>Edit Address</h2>
        {FIELDS.map((field) => (
          <label key={field} className="dash-field">
            <span>{ADDRESS_FIELD_LABELS[field]}</span>
            <input type="text" name={field} value={values[field]} onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))} />
          </label>
        ))}
        <div className="dash-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={saving}>
            Save
          </button>
        </div>
      </form>
    </dialog>
  );
}
