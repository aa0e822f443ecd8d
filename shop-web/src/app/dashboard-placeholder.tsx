import { Link } from 'react-router-dom';

/** /dashboard until the dashboard lands: its own lazy chunk, never gated. */
export default function DashboardPlaceholder() {
  return (
    <main className="page-text">
      <h1>Dashboard</h1>
      <p>The dashboard is being built.</p>
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </main>
  );
}
