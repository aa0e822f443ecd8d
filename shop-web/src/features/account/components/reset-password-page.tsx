import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PASSWORD_MIN_LENGTH } from '@kade/shared';
import { STORAGE_KEYS } from '../../../lib/ui-constants';
import { accountApi } from '../api/account-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { PasswordField } from './form-fields';
import './account.css';
import { paths } from '../../../lib/paths';

/**
 * Set a new password: reached only from a verified code, whose reset token it sends (otherwise home); both
 * fields required and equal.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as { mobile?: string; resetToken?: string } | null;
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  // the field at fault and the catalogue key of what is wrong with it
  const [error, setError] = useState<{ field: 'new' | 'confirm'; key: string } | null>(null);
  const { busy, onSubmit } = useBusyAction();
  const { t } = useTranslation();
  const errorFor = (field: 'new' | 'confirm') => (error?.field === field ? t(error.key, { min: PASSWORD_MIN_LENGTH }) : null);

  if (!state?.resetToken || !state.mobile) return <Navigate to={paths.home} replace />;
  const { mobile, resetToken } = state;

  /** Shows the first problem of the two fields; answers whether there is none. */
  const valid = () => {
    const problem =
      newPassword.length < PASSWORD_MIN_LENGTH
        ? ({ field: 'new', key: 'validation.passwordTooShort' } as const)
        : newPassword !== confirmPassword
          ? ({ field: 'confirm', key: 'validation.resetMismatch' } as const)
          : null;
    setError(problem);
    return problem === null;
  };

  const submit = onSubmit(valid, async () => {
    await accountApi.resetPassword({ mobile, resetToken, newPassword, confirmPassword });
    window.localStorage.setItem(STORAGE_KEYS.lastMobile, mobile);
    toast.success(t('auth.passwordChanged'));
    navigate(paths.login, { replace: true });
  });

  return (
    <section className="auth">
      <h1>{t('auth.resetTitle')}</h1>
      <form className="auth__form" onSubmit={submit} noValidate>
        <PasswordField label={t('auth.newPassword')} autoComplete="new-password" required value={newPassword} onChange={setNewPassword} error={errorFor('new')} />
        <PasswordField label={t('auth.confirmPassword')} autoComplete="new-password" required value={confirmPassword} onChange={setConfirmPassword} error={errorFor('confirm')} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || newPassword === '' || confirmPassword === ''}>
          {t('auth.changePassword')}
        </button>
      </form>
    </section>
  );
}
