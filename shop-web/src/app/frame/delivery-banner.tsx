import { useEffect, useMemo, useState } from 'react';
import { useShopConfig } from '../../lib/shop-config';
import { BANNER_LANGUAGES, BANNER_ROTATION_MS, bannerTexts } from '../../lib/ui-constants';

/** The delivery-time banner, changing between English, Tamil and Sinhala every 3 seconds; the hours are the shop's (SHOP_HOURS). */
export function DeliveryBanner() {
  const { shopHours } = useShopConfig();
  const texts = useMemo(() => bannerTexts(shopHours), [shopHours]);
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % BANNER_LANGUAGES.length), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <p className="delivery-banner" lang={BANNER_LANGUAGES[index]} data-testid="delivery-banner">
      {texts[index]}
    </p>
  );
}
