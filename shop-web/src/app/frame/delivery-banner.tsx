import { useEffect, useState } from 'react';
import { BANNER_ROTATION_MS, BANNER_TEXTS } from '../../lib/ui-constants';

const LANGS = ['en', 'ta', 'si'] as const;

/** The delivery-time banner, changing between English, Tamil and Sinhala every 3 seconds. */
export function DeliveryBanner() {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % BANNER_TEXTS.length), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="delivery-banner" lang={LANGS[index]} data-testid="delivery-banner">
      {BANNER_TEXTS[index]}
    </p>
  );
}
