import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { TEXT } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { useBusyAction } from '../../../lib/use-busy-action';
import { lastMobile } from '../../../state/session';
import { MobileField, useMobileInput } from './form-fields';
import './account.css';

/** Forgot password: the mobile number and 'Send OTP'; the code is then entered on /verification-otp. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { mobile, setMobile, error, check } = useMobileInput(lastMobile);
  const { busy, run } = useBusyAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    await run(async () => {
      const answer = await api('PUT', '/api/user/forgot-password', { mobile });
      toast.success(answer.message);
      navigate('/verification-otp', { state: { mobile } });
    });
  };

  return (
    <section className="auth">
      <h1>Forgot password</h1>
      <p>Enter your mobile number and we will send you a code to set a new password.</p>
      <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
        <MobileField value={mobile} onChange={setMobile} error={error} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || mobile === ''}>
          {TEXT.sendOtp}
        </button>
      </form>
      <p className="auth__switch">
        <Link to="/login">Back to login</Link>
      </p>
    </section>
  );
}
