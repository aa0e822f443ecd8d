import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { OTP_LENGTH } from '@kade/shared';
import { accountApi } from '../api/account-api';
import { useBusyAction } from '../../../lib/use-busy-action';
import { lastMobile } from '../../../state/session';
import { MobileField, useMobileInput } from './form-fields';
import './account.css';
import { paths } from '../../../lib/paths';

/** Forgot password: the mobile number and 'Send OTP'; the code is then entered on /verification-otp. */
export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { mobile, setMobile, error, check } = useMobileInput(lastMobile);
  const { busy, onSubmit } = useBusyAction();
  const { t } = useTranslation();

  const submit = onSubmit(check, async () => {
    await accountApi.forgotPassword(mobile);
    toast.success(t('auth.codeSent', { length: OTP_LENGTH }));
    navigate(paths.verificationOtp, { state: { mobile } });
  });

  return (
    <section className="auth">
      <h1>{t('auth.forgotTitle')}</h1>
      <p>{t('auth.forgotText')}</p>
      <form className="auth__form" onSubmit={submit} noValidate>
        <MobileField value={mobile} onChange={setMobile} error={error} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || mobile === ''}>
          {t('auth.sendOtp')}
        </button>
      </form>
      <p className="auth__switch">
        <Link to={paths.login}>{t('auth.backToLogin')}</Link>
      </p>
    </section>
  );
}
