import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import toast from 'react-hot-toast';
import { OTP_LENGTH } from '@kade/shared';
import { accountApi } from '../api/account-api';
import { sessionCheckedAtom, userAtom } from '../../../state/atoms';
import { OtpForm } from './otp-boxes';
import { useOtpCheck } from './use-otp-check';
import { useVerification } from './use-verification';
import './account.css';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';

/**
 * /otp: the verification step. Login e-mails are made from the mobile number, so verifying means proving the
 * number with a code (DESIGN.md section 10): 'Send OTP', then the 6 digits. Nothing is blocked on it.
 */
export default function OtpPage() {
  const user = useAtomValue(userAtom);
  const checked = useAtomValue(sessionCheckedAtom);
  const { verified, recheck } = useVerification(!!user);
  const [sent, setSent] = useState(false);
  const { t } = useTranslation();
  const { digits, setDigits, busy, run, complete, submit } = useOtpCheck(user?.mobile, async () => {
    toast.success(t('auth.verifiedToast'));
    await recheck();
  });

  if (!checked) {
    return <Loading />;
  }
  if (!user) {
    return (
      <section className="auth">
        <h1>{t('auth.verifyTitle')}</h1>
        <p>
          <Link to={paths.login} state={{ from: paths.otp }}>
            {t('auth.loginToVerify')}
          </Link>
        </p>
      </section>
    );
  }

  const send = () =>
    run(async () => {
      await accountApi.forgotPassword(user.mobile);
      toast.success(t('auth.codeSent', { length: OTP_LENGTH }));
      setSent(true);
    });

  return (
    <section className="auth">
      <h1>{t('auth.verifyTitle')}</h1>
      {verified === null ? (
        <p role="status">{t('auth.checking')}</p>
      ) : verified === true ? (
        <p className="auth__ok" role="status">
          {t('auth.numberVerified', { mobile: user.mobile })}
        </p>
      ) : (
        <>
          {verified === 'error' ? (
            <p className="field__error" role="alert">
              {t('auth.verifyError')}
            </p>
          ) : (
            <p>{t('auth.numberNotVerified', { mobile: user.mobile })}</p>
          )}
          {sent ? (
            <OtpForm digits={digits} setDigits={setDigits} busy={busy} complete={complete} submit={submit} />
          ) : (
            <button type="button" className="button button--primary auth__submit" onClick={() => void send()} disabled={busy}>
              {t('auth.sendOtp')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
