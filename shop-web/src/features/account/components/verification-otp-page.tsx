import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { OtpForm } from './otp-boxes';
import { useOtpCheck } from './use-otp-check';
import './account.css';
import { paths } from '../../../lib/paths';

/** /verification-otp: the 6-digit reset code; a verified code leads to the reset page with its reset token (and only then). */
export default function VerificationOtpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = (location.state as { mobile?: string } | null)?.mobile;
  const { t } = useTranslation();
  // The reset token the server gave for this verification: only this screen's next step can use it.
  const { digits, setDigits, busy, complete, submit } = useOtpCheck(mobile, (answer) => {
    toast.success(t('auth.codeVerified'));
    navigate(paths.resetPassword, { replace: true, state: { mobile, resetToken: answer.data.resetToken } });
  });

  if (!mobile) return <Navigate to={paths.forgotPassword} replace />;

  return (
    <section className="auth">
      <h1>{t('auth.codeTitle')}</h1>
      <p>{t('auth.codeText', { mobile })}</p>
      <OtpForm digits={digits} setDigits={setDigits} busy={busy} complete={complete} submit={submit} />
      <p className="auth__switch">
        <Link to={paths.forgotPassword}>{t('auth.newCode')}</Link>
      </p>
    </section>
  );
}
