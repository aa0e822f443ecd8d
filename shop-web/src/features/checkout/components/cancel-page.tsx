import { Link } from 'react-router-dom';
import { TEXT } from '@kade/shared';
import './checkout.css';

/** /cancel: 'Order Cancel' and 'Go To Home' to / (the original linked to /category, which is no route). */
export default function CancelPage() {
  return (
    <section className="result result--bad">
      <span className="result__mark" aria-hidden="true">
        ✕
      </span>
      <h1>{TEXT.orderCancel}</h1>
      <p>Your payment was cancelled and no order was placed.</p>
      <Link to="/" className="button button--primary">
        {TEXT.goToHome}
      </Link>
    </section>
  );
}
