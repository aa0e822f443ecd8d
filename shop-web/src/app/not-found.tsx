import { Link } from 'react-router-dom';

export default function NotFound() {
  return (
    <section className="page-text">
      <h1>Page not found</h1>
      <p>
        That page does not exist. <Link to="/">Back to the shop</Link>
      </p>
    </section>
  );
}
