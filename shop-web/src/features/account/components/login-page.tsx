import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { accountApi } from '../api/account-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { lastMobile, useSignIn } from '../../../state/session';
import { CheckingButton, MobileField, PasswordField, useMobileInput } from './form-fields';
import { logIn } from './login-flow';
import { afterSignIn } from './sign-in-target';
import './account.css';
import { paths } from '../../../lib/paths';

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
    const { user, form } = await logIn({ mobile, password }, { login: async (typed) => (await accountApi.login(typed)).data, signIn });
    setMobile(form.mobile);
    setPassword(form.password);
    toast.success(t('auth.loggedIn'));
    navigate(afterSignIn(location.state, user?.role), { replace: true });
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
        <CheckingButton busy={busy} ready={mobile !== '' && password !== ''} label={t('auth.loginButton')} />
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
