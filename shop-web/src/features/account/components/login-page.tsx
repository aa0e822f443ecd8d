import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { accountApi } from '../api/account-api';
import { homeAfterLogin } from '../../../lib/dashboard-links';
import { useBusyAction } from '../../../lib/use-busy-action';
import { lastMobile, useSignIn } from '../../../state/session';
import { MobileField, PasswordField, useMobileInput } from './form-fields';
import './account.css';
import { paths } from '../../../lib/paths';

/** Where the login was asked from (the cart's Proceed, a guarded page), if it is a path of this app. */
function returnPath(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** /login: mobile number (pre-filled with the last one used) and password; the typed number is cleared on success. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const { mobile, setMobile, error: mobileError, check } = useMobileInput(lastMobile);
  const [password, setPassword] = useState('');
  const { busy, onSubmit } = useBusyAction();
  const { t } = useTranslation();

  const submit = onSubmit(check, async () => {
    const answer = await accountApi.login({ mobile, password });
    const user = await signIn(answer.data, mobile);
    setMobile('');
    setPassword('');
    toast.success(t('auth.loggedIn'));
    // Back where the login was asked from; else a shopper goes home and staff to the Pending orders.
    navigate(returnPath(location.state) ?? homeAfterLogin(user?.role), { replace: true });
  });

  return (
    <section className="auth">
      <h1>{t('auth.loginTitle')}</h1>
      <form className="auth__form" onSubmit={submit} noValidate>
        <MobileField value={mobile} onChange={setMobile} error={mobileError} />
        <PasswordField label={t('auth.password')} autoComplete="current-password" value={password} onChange={setPassword} />
        <p className="auth__aside">
          <Link to={paths.forgotPassword}>{t('auth.forgotLink')}</Link>
        </p>
        <button type="submit" className="button button--primary auth__submit" disabled={busy || mobile === '' || password === ''}>
          {t('auth.loginButton')}
        </button>
      </form>
      <p className="auth__switch">
        {t('auth.noAccount')}{' '}
        <Link to={paths.register} state={location.state}>
          {t('auth.registerLink')}
        </Link>
      </p>
    </section>
  );
}
