import { useEffect } from 'react';
import { Link } from 'react-router-dom';

/** /login until the login screen lands (issue 7). */
export default function LoginPlaceholder() {
  useEffect(() => {
    document.title = 'Login';
  }, []);
  return (
    <section className="page-text" aria-labelledby="login-title">
      <h1 id="login-title">Login</h1>
      <p>Logging in with your mobile number is coming in the next update of the shop. You can keep browsing until then.</p>
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </section>
  );
}
