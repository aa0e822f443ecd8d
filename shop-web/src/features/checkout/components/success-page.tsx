import { useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { SUCCESS_REDIRECT_SECONDS, TEXT } from '@kade/shared';
import { useCountdown } from '../hooks/use-countdown';
import './checkout.css';

/** /success: '{Order or Payment} Successfully', then My Orders after 6 seconds; 'Go To Home' goes to /. */
export default function SuccessPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const kind = (location.state as { kind?: string } | null)?.kind === 'Payment' ? 'Payment' : 'Order';
  const done = useCallback(() => navigate('/dashboard/myorders', { replace: true }), [navigate]);
  const left = useCountdown(SUCCESS_REDIRECT_SECONDS, done);
  return (
    <section className="result result--ok">
      <span className="result__mark" aria-hidden="true">
        ✓
      </span>
      <h1>{TEXT.successTitle(kind)}</h1>
      <p>{TEXT.orderPlaced}</p>
      <p role="status">{TEXT.redirectingIn(left)}</p>
      <Link to="/" className="button button--primary">
        {TEXT.goToHome}
      </Link>
    </section>
  );
}
