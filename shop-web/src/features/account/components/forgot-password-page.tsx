import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { isValidMobile, TEXT } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { showError } from '../../../lib/show-error';
import { lastMobile } from '../../../state/session';
import { MobileField } from './form-fields';
import './account.css';

/** Forgot password: the mobile number and 'Send OTP'; the code is then entered on /verification-otp. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState(lastMobile);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidMobile(mobile)) {
      setError(TEXT.mobileInvalid);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await api('PUT', '/api/user/forgot-password', { mobile });
      toast.success(answer.message);
      navigate('/verification-otp', { state: { mobile } });
    } catch (failure) {
      showError(failure);
    } finally {
      setBusy(false);
    }
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
