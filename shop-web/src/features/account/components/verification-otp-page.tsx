import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { api } from '../../../lib/api-client';
import { showError } from '../../../lib/show-error';
import { emptyOtp, OtpBoxes } from './otp-boxes';
import './account.css';

/** /verification-otp: the 6-digit reset code; a verified code leads to the reset page with its reset token (and only then). */
export default function VerificationOtpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = (location.state as { mobile?: string } | null)?.mobile;
  const [digits, setDigits] = useState(emptyOtp);
  const [busy, setBusy] = useState(false);

  if (!mobile) return <Navigate to="/forgot-password" replace />;

  const otp = digits.join('');
  const complete = digits.every((digit) => digit !== '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    setBusy(true);
    try {
      const answer = await api<{ resetToken: string }>('PUT', '/api/user/verify-forgot-password-otp', { mobile, otp });
      toast.success(answer.message);
      // The reset token the server gave for this verification: only this screen's next step can use it.
      navigate('/reset-password', { replace: true, state: { mobile, resetToken: answer.data.resetToken } });
    } catch (error) {
      showError(error);
      setDigits(emptyOtp());
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth">
      <h1>Enter the code</h1>
      <p>We sent a code for {mobile}. The shop can also read it to you on the phone.</p>
      <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
        <OtpBoxes value={digits} onChange={setDigits} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || !complete}>
          Verify OTP
        </button>
      </form>
      <p className="auth__switch">
        <Link to="/forgot-password">Send a new code</Link>
      </p>
    </section>
  );
}
