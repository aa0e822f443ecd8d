import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { formatRs } from '@kade/shared';
import { webConfig } from './config';

interface Health {
  status: string;
  database: { kind: string; reachable: boolean };
}

/** Placeholder home until the shop screens land: says the shop is being set up and whether the server answers. */
function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetch(`${webConfig.apiBase}/api/health`)
      .then((r) => r.json() as Promise<{ data: Health }>)
      .then((body) => setHealth(body.data))
      .catch(() => setFailed(true));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480, margin: '0 auto', padding: 24 }}>
      <h1>Kade</h1>
      <p>Groceries and daily needs from your neighbourhood shop, cash on delivery. Orders over {formatRs(100000)} deliver free.</p>
      <p role="status">
        {failed ? 'The shop server is not answering.' : health ? `Server ${health.status} on ${health.database.kind}.` : 'Checking the shop server…'}
      </p>
    </main>
  );
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
