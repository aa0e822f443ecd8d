import { useEffect, useState, type FormEvent } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { imageAt } from '../../../lib/images';
import { useBusyAction } from '../../../lib/use-busy-action';
import { sessionCheckedAtom, userAtom, type SessionUser } from '../../../state/atoms';
import { AvatarDialog } from './avatar-dialog';
import { Field, MobileField, useMobileInput } from './form-fields';
import { useVerification } from './use-verification';
import './account.css';
import { Loading } from '../../../components/loading';

/** /dashboard/profile: the photo (changed in the avatar modal), name and mobile number (the mobile rules), and whether it is verified. */
export default function ProfilePage() {
  const [user, setUser] = useAtom(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const { verified } = useVerification(!!user);
  const [name, setName] = useState('');
  const { mobile, setMobile, error: mobileError, check } = useMobileInput('');
  const { busy, run } = useBusyAction();
  const [changingPhoto, setChangingPhoto] = useState(false);

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
    if (!check()) return;
    await run(async () => {
      const answer = await api<SessionUser>('PUT', '/api/user/update-user', { name: name.trim(), mobile });
      setUser({ ...user, ...answer.data });
      toast.success(answer.message);
    });
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
        <button type="button" className="button button--ghost" aria-haspopup="dialog" onClick={() => setChangingPhoto(true)}>
          Change photo
        </button>
      </div>
      {changingPhoto ? (
        <AvatarDialog
          current={user.avatar}
          initial={(user.name || '?').slice(0, 1).toUpperCase()}
          onClose={() => setChangingPhoto(false)}
          onSaved={(avatar) => {
            setUser({ ...user, avatar });
            setChangingPhoto(false);
          }}
        />
      ) : null}
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
