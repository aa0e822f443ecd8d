// The avatar upload modal (SPEC.md section 2): the photo as it is, a picker, a preview of the chosen photo,
// Cancel and Save. Nothing is sent until Save (PUT /api/user/upload-avatar, form field `avatar`); Cancel,
// Escape or a click outside leave the photo as it was. A modal <dialog>: the browser keeps focus inside it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import toast from 'react-hot-toast';
import { UPLOAD_MAX_BYTES } from '@kade/shared';
import { UPLOAD_IMAGE_TYPES } from '../../../lib/ui-constants';
import { FileButton } from '../../../components/file-button';
import { accountApi } from '../api/account-api';
import { imageAt } from '../../../lib/images';
import { showError } from '../../../lib/show-error';
import { useModalDialog } from '../../../lib/use-modal-dialog';

export function AvatarDialog({
  current,
  initial,
  onClose,
  onSaved,
}: {
  /** The stored photo's address, or '' when there is none. */
  current: string;
  /** The letter shown when there is no photo. */
  initial: string;
  onClose: () => void;
  onSaved: (avatar: string) => void;
}) {
  const dialog = useModalDialog();
  const titleId = useId();
  const problemId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [wrongFile, setWrongFile] = useState(false);
  const [saving, setSaving] = useState(false);
  const { t } = useTranslation();
  const problem = wrongFile ? t('profile.wrongFile', { mb: UPLOAD_MAX_BYTES / 2 ** 20 }) : '';

  // The preview's object URL lives as long as it is shown.
  useEffect(() => {
    if (!file) return undefined;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  function choose([chosen]: File[]) {
    if (!chosen) return;
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(chosen.type) || chosen.size > UPLOAD_MAX_BYTES) {
      setWrongFile(true);
      return;
    }
    setWrongFile(false);
    setFile(chosen);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!file || saving) return;
    setSaving(true);
    try {
      const answer = await accountApi.uploadAvatar(file);
      toast.success(t('profile.photoUpdated'));
      onSaved(answer.data.avatar);
    } catch (error) {
      showError(error);
      setSaving(false);
    }
  }

  const shown = preview ?? (current ? imageAt(current, 480) : null);
  return (
    <dialog
      ref={dialog}
      className="avatar-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!saving) onClose();
      }}
      onMouseDown={(event) => event.target === event.currentTarget && !saving && onClose()}
    >
      <form className="avatar-dialog__form" onSubmit={(event) => void save(event)} aria-busy={saving}>
        <h2 id={titleId}>{t('profile.changePhoto')}</h2>
        <div className="avatar-dialog__preview">
          {shown ? (
            <img src={shown} alt={preview ? t('profile.previewPhoto') : t('profile.yourPhoto')} width={160} height={160} />
          ) : (
            <span className="profile__initial profile__initial--large" aria-hidden="true">
              {initial}
            </span>
          )}
        </div>
        <FileButton
          label={file ? t('profile.chooseAnother') : t('profile.choosePhoto')}
          accept={UPLOAD_IMAGE_TYPES.join(',')}
          onFiles={choose}
          busy={saving}
          busyLabel={t('common.uploading')}
          describedBy={problem ? problemId : undefined}
        />
        {problem ? (
          <p id={problemId} className="avatar-dialog__problem" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="avatar-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={!file || saving}>
            {saving ? t('profile.saving') : t('profile.save')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
