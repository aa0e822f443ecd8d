import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { PASSWORD_MIN_LENGTH, STORAGE_KEYS, TEXT } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { useBusyAction } from '../../../lib/use-busy-action';
import { PasswordField } from './form-fields';
import './account.css';

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
  const [error, setError] = useState<{ field: 'new' | 'confirm'; text: string } | null>(null);
  const { busy, run } = useBusyAction();

  if (!state?.resetToken || !state.mobile) return <Navigate to="/" replace />;
  const { mobile, resetToken } = state;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH) return setError({ field: 'new', text: TEXT.passwordTooShort });
    if (newPassword !== confirmPassword) return setError({ field: 'confirm', text: TEXT.resetMismatch });
    setError(null);
    await run(async () => {
      const answer = await api('PUT', '/api/user/reset-password', { mobile, resetToken, newPassword, confirmPassword });
      window.localStorage.setItem(STORAGE_KEYS.lastMobile, mobile);
      toast.success(answer.message);
      navigate('/login', { replace: true });
    });
    return undefined;
  };

  return (
    <section className="auth">
      <h1>Reset password</h1>
      <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
        <PasswordField label="New password" autoComplete="new-password" required value={newPassword} onChange={setNewPassword} error={error?.field === 'new' ? error.text : null} />
        <PasswordField label="Confirm password" autoComplete="new-password" required value={confirmPassword} onChange={setConfirmPassword} error={error?.field === 'confirm' ? error.text : null} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || newPassword === '' || confirmPassword === ''}>
          Change Password
        </button>
      </form>
    </section>
  );
}
