import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { FUTURE_REDIRECT_SECONDS, TEXT } from '@kade/shared';
import { useCountdown } from '../hooks/use-countdown';
import './checkout.css';

/** /future: online payment is 'Coming Soon!'; back to /checkout after 5 seconds, or at once with the button. */
export default function FuturePage() {
  const navigate = useNavigate();
  const back = useCallback(() => navigate('/checkout', { replace: true }), [navigate]);
  const left = useCountdown(FUTURE_REDIRECT_SECONDS, back);
  return (
    <section className="result">
      <h1>{TEXT.comingSoon}</h1>
      <p>Online payment is on its way. Please choose Cash on Delivery for now.</p>
      <p role="status">{TEXT.redirectingIn(left)}</p>
      <button type="button" className="button button--primary" onClick={back}>
        Back to checkout
      </button>
    </section>
  );
}
