import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtom, useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { accountApi } from '../api/account-api';
import { imageAt } from '../../../lib/images';
import { useBusyAction } from '../../../lib/use-busy-action';
import { sessionCheckedAtom, userAtom } from '../../../state/atoms';
import { AvatarDialog } from './avatar-dialog';
import { Field, MobileField, useMobileInput } from './form-fields';
import { useVerification } from './use-verification';
import './account.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/** /dashboard/profile: the photo (changed in the avatar modal), name and mobile number (the mobile rules), and whether it is verified. */
export default function ProfilePage() {
  const [user, setUser] = useAtom(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const { verified } = useVerification(!!user);
  const [name, setName] = useState('');
  const { mobile, setMobile, error: mobileError, check } = useMobileInput('');
  const { busy, onSubmit } = useBusyAction();
  const [changingPhoto, setChangingPhoto] = useState(false);
  const { t } = useTranslation();

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
        <h1>{t('account.profile')}</h1>
        <p>
          <Link to={paths.login} state={{ from: paths.dashboard.profile }}>
            {t('profile.loginToSee')}
          </Link>
        </p>
      </section>
    );
  }

  const save = onSubmit(check, async () => {
    const answer = await accountApi.update({ name: name.trim(), mobile });
    setUser({ ...user, ...answer.data });
    toast.success(t('profile.updated'));
  });

  const changed = name.trim() !== user.name || mobile !== user.mobile;
  return (
    <section className="profile">
      <h1>{t('account.profile')}</h1>
      <div className="profile__avatar">
        {user.avatar ? (
          <img src={imageAt(user.avatar, 160)} alt={t('profile.yourPhoto')} width={96} height={96} />
        ) : (
          <span className="profile__initial" aria-hidden="true">
            {(user.name || '?').slice(0, 1).toUpperCase()}
          </span>
        )}
        <button type="button" className="button button--ghost" aria-haspopup="dialog" onClick={() => setChangingPhoto(true)}>
          {t('profile.changePhoto')}
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
        {verified === null ? (
          t('profile.checkingNumber')
        ) : verified === 'error' ? (
          t('auth.verifyError')
        ) : verified ? (
          t('profile.numberVerified')
        ) : (
          <>
            {t('profile.numberNotVerified')} <Link to={paths.otp}>{t('profile.verifyNow')}</Link>
          </>
        )}
      </p>
      <form className="auth__form" onSubmit={save} noValidate>
        <Field label={t('auth.name')} autoComplete="name" maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        <MobileField value={mobile} onChange={setMobile} error={mobileError} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || !changed || name.trim() === '' || mobile === ''}>
          {t('profile.submit')}
        </button>
      </form>
    </section>
  );
}
