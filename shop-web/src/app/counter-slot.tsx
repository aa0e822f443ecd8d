// Inside the Kade counter app (its bridge on `window.kadeCounter`) the whole window, whatever page is open and
// whoever is signed in to the dashboard, shows when the counter itself is signed out. The banner is a lazy chunk:
// an ordinary browser never downloads it.
import { lazy, Suspense } from 'react';

const CounterBanner = lazy(() => import('../features/admin/print/counter-banner'));

export function CounterSlot() {
  if (!('kadeCounter' in window)) return null;
  return (
    <Suspense fallback={null}>
      <CounterBanner />
    </Suspense>
  );
}
