import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { isValidMobile, PASSWORD_MIN_LENGTH } from '@kade/shared';
import { accountApi } from '../api/account-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { CheckingButton, Field, MobileField, PasswordField } from './form-fields';
import { afterSignIn } from './sign-in-target';
import { useSignIn } from '../../../state/session';
import './account.css';
import { paths } from '../../../lib/paths';

/** Each field's problem, as the catalogue key of its sentence (said in the language shown now). */
interface Errors {
  mobile?: string;
  password?: string;
  confirm?: string;
}

/**
 * /register: name, mobile number and a password typed twice (DESIGN.md section 10). Registering signs the shopper in
 * (issue 36): on to where the login would have gone, with no second password entry.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { busy, onSubmit } = useBusyAction();
  const { t } = useTranslation();
  const say = (key: string | undefined) => (key ? t(key, { min: PASSWORD_MIN_LENGTH }) : undefined);

  /** Shows each field's problem; answers whether there is none. */
  const valid = () => {
    const found: Errors = {};
    if (!isValidMobile(mobile)) found.mobile = 'validation.mobileInvalid';
    if (password.length < PASSWORD_MIN_LENGTH) found.password = 'validation.passwordTooShort';
    else if (password !== confirm) found.confirm = 'validation.passwordsDiffer';
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  const submit = onSubmit(valid, async () => {
    const answer = await accountApi.register({ name: name.trim(), mobile, password, confirmPassword: confirm });
    const user = await signIn(answer.data, mobile);
    toast.success(t('auth.registered'));
    navigate(afterSignIn(location.state, user?.role), { replace: true });
  });

  const filled = name.trim() !== '' && mobile !== '' && password !== '' && confirm !== '';
  return (
    <section className="auth">
      <h1>{t('auth.registerTitle')}</h1>
      <form className="auth__form" onSubmit={submit} noValidate>
        <Field label={t('auth.name')} autoComplete="name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        <MobileField value={mobile} onChange={setMobile} error={say(errors.mobile)} />
        <PasswordField label={t('auth.password')} autoComplete="new-password" value={password} onChange={setPassword} error={say(errors.password)} />
        <PasswordField label={t('auth.confirmPassword')} autoComplete="new-password" value={confirm} onChange={setConfirm} error={say(errors.confirm)} />
        <CheckingButton busy={busy} ready={filled} label={t('auth.registerButton')} />
      </form>
      <p className="auth__switch">
        {t('auth.haveAccount')}{' '}
        <Link to={paths.login} state={location.state}>
          {t('auth.loginLink')}
        </Link>
      </p>
    </section>
  );
}
