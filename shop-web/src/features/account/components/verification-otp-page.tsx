import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { OtpForm } from './otp-boxes';
import { useOtpCheck } from './use-otp-check';
import './account.css';

/** /verification-otp: the 6-digit reset code; a verified code leads to the reset page with its reset token (and only then). */
export default function VerificationOtpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = (location.state as { mobile?: string } | null)?.mobile;
  // The reset token the server gave for this verification: only this screen's next step can use it.
  const { digits, setDigits, busy, complete, submit } = useOtpCheck(mobile, (answer) => {
    toast.success(answer.message);
    navigate('/reset-password', { replace: true, state: { mobile, resetToken: answer.data.resetToken } });
  });

  if (!mobile) return <Navigate to="/forgot-password" replace />;

  return (
    <section className="auth">
      <h1>Enter the code</h1>
      <p>We sent a code for {mobile}. The shop can also read it to you on the phone.</p>
      <OtpForm digits={digits} setDigits={setDigits} busy={busy} complete={complete} submit={submit} />
      <p className="auth__switch">
        <Link to="/forgot-password">Send a new code</Link>
      </p>
    </section>
  );
}
