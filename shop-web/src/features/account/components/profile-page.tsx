import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { isValidMobile, TEXT, UPLOAD_IMAGE_TYPES, UPLOAD_MAX_BYTES } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { imageAt } from '../../../lib/images';
import { showError } from '../../../lib/show-error';
import { sessionCheckedAtom, userAtom, type SessionUser } from '../../../state/atoms';
import { Field, MobileField } from './form-fields';
import { useVerification } from './use-verification';
import './account.css';
import { Loading } from '../../../components/loading';

/** /dashboard/profile: the photo (upload), name and mobile number (the mobile rules), and whether it is verified. */
export default function ProfilePage() {
  const [user, setUser] = useAtom(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const { verified } = useVerification(!!user);
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [mobileError, setMobileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileId = useId();

  useEffect(() => {
    if (user) {
      setName(user.name);
      setMobile(user.mobile);
    }
  }, [user]);

  if (!checked) {
    return <Loading />;
  }
  if (!user) {
    return (
      <section className="page-text">
        <h1>Profile</h1>
        <p>
          <Link to="/login" state={{ from: '/dashboard/profile' }}>
            Login
          </Link>{' '}
          to see your profile.
        </p>
      </section>
    );
  }

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidMobile(mobile)) {
      setMobileError(TEXT.mobileInvalid);
      return;
    }
    setMobileError(null);
    setBusy(true);
    try {
      const answer = await api<SessionUser>('PUT', '/api/user/update-user', { name: name.trim(), mobile });
      setUser({ ...user, ...answer.data });
      toast.success(answer.message);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type) || file.size > UPLOAD_MAX_BYTES) {
      toast.error('Please choose a PNG, JPEG or WebP photo of at most 5 MB.');
      return;
    }
    const form = new FormData();
    form.append('avatar', file);
    setUploading(true);
    try {
      const answer = await api<{ avatar: string }>('PUT', '/api/user/upload-avatar', form);
      setUser({ ...user, avatar: answer.data.avatar });
      toast.success(answer.message);
    } catch (error) {
      showError(error);
    } finally {
      setUploading(false);
    }
  };

  const changed = name.trim() !== user.name || mobile !== user.mobile;
  return (
    <section className="profile">
      <h1>Profile</h1>
      <div className="profile__avatar">
        {user.avatar ? (
          <img src={imageAt(user.avatar, 160)} alt="Your photo" width={96} height={96} />
        ) : (
          <span className="profile__initial" aria-hidden="true">
            {(user.name || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <label htmlFor={fileId} className="button button--ghost">
          {uploading ? 'Uploading…' : 'Change photo'}
        </label>
        <input id={fileId} className="visually-hidden" type="file" accept={UPLOAD_IMAGE_TYPES.join(',')} onChange={(event) => void upload(event)} disabled={uploading} />
      </div>
      <p className="profile__verified" role="status">
        {verified === null ? 'Checking your number…' : verified === 'error' ? TEXT.emailVerificationError : verified ? 'Number verified' : <>Number not verified. <Link to="/otp">Verify now</Link></>}
      </p>
      <form className="auth__form" onSubmit={(event) => void save(event)} noValidate>
        <Field label="Name" autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        <MobileField value={mobile} onChange={setMobile} error={mobileError} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || !changed || name.trim() === '' || mobile === ''}>
          Submit
        </button>
      </form>
    </section>
  );
}
