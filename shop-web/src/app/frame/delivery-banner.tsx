import { useEffect, useMemo, useRef, useState } from 'react';
import { useShopConfig } from '../../lib/shop-config';
import { BANNER_LANGUAGES, BANNER_ROTATION_MS, bannerTexts } from '../../lib/ui-constants';

/**
 * The delivery-time banner, changing between English, Tamil and Sinhala every 3 seconds; the hours are the shop's
 * (SHOP_HOURS). It is always one line: a line too long for the width (the Tamil one at 360 px, Tamil and Sinhala at
 * 320 px) is drawn a little smaller to fit, never wrapped, so the header never changes height as the banner turns
 * and nothing under it moves beneath a shopper's finger (a wrapped line pushed the page down 20 px every 9 s).
 */
export function DeliveryBanner() {
  const { shopHours } = useShopConfig();
  const texts = useMemo(() => bannerTexts(shopHours), [shopHours]);
  const [index, setIndex] = useState(0);
  const box = useRef<HTMLParagraphElement>(null);
  const line = useRef<HTMLSpanElement>(null);
  const scale = useRef(1);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % BANNER_LANGUAGES.length), BANNER_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  // The scale is set on the element, not through state, by a ResizeObserver: it is told of every change of the
  // banner's width or of the line's own (a new line, a script's font arriving) after the browser has laid the page
  // out and before it paints, so measuring forces no extra layout (measured in a layout effect, the first commit's
  // layout of the whole home page ran inside that effect, one task of 470 ms at a slow phone's speed).
  useEffect(() => {
    const outer = box.current;
    const inner = line.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      // exact widths (offsetWidth and clientWidth are rounded, and scaled a line that fits by a hair): the line's
      // drawn width divided by the scale it is drawn at is its own width
      const room = outer.getBoundingClientRect().width;
      const width = inner.getBoundingClientRect().width / scale.current;
      scale.current = room > 0 && width > room ? room / width : 1;
      inner.style.transform = scale.current < 1 ? `scale(${scale.current})` : '';
    });
    observer.observe(outer);
    observer.observe(inner);
    return () => observer.disconnect();
  }, []);
  return (
    <p className="delivery-banner" lang={BANNER_LANGUAGES[index]} data-testid="delivery-banner" ref={box}>
      <span className="delivery-banner__line" ref={line}>
        {texts[index]}
      </span>
    </p>
  );
}
