import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { isValidMobile, PASSWORD_MIN_LENGTH, PASSWORDS_DIFFER, STORAGE_KEYS, TEXT } from '@kade/shared';
import { api } from '../../../lib/api-client';
import { useBusyAction } from '../../../lib/use-busy-action';
import { Field, MobileField, PasswordField } from './form-fields';
import './account.css';

interface Errors {
  mobile?: string;
  password?: string;
  confirm?: string;
}

/** /register: name, mobile number and a password typed twice (DESIGN.md section 10); then on to login. */
export default function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const { busy, run } = useBusyAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!isValidMobile(mobile)) found.mobile = TEXT.mobileInvalid;
    if (password.length < PASSWORD_MIN_LENGTH) found.password = TEXT.passwordTooShort;
    else if (password !== confirm) found.confirm = PASSWORDS_DIFFER;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await run(async () => {
      const answer = await api('POST', '/api/user/register', { name: name.trim(), mobile, password, confirmPassword: confirm });
      window.localStorage.setItem(STORAGE_KEYS.lastMobile, mobile);
      toast.success(answer.message);
      navigate('/login', { replace: true, state: location.state });
    });
  };

  const filled = name.trim() !== '' && mobile !== '' && password !== '' && confirm !== '';
  return (
    <section className="auth">
      <h1>Register</h1>
      <form className="auth__form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label="Name" autoComplete="name" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        <MobileField value={mobile} onChange={setMobile} error={errors.mobile} />
        <PasswordField label="Password" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
        <PasswordField label="Confirm password" autoComplete="new-password" value={confirm} onChange={setConfirm} error={errors.confirm} />
        <button type="submit" className="button button--primary auth__submit" disabled={busy || !filled}>
          Register
        </button>
      </form>
      <p className="auth__switch">
        Already have an account? <Link to="/login" state={location.state}>Login</Link>
      </p>
    </section>
  );
}
