import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, useId } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDER_COUNTS, showStripArrows, STRIP_SCROLL_PX } from '@kade/shared';
import { ProductCard } from '../../../components/product-card';
import { Placeholders } from '../../../components/placeholder';
import type { SellableProduct } from '../../../components/types';

/** How far below the screen a deferred strip starts drawing its cards. */
const DRAW_AHEAD = '800px 0px';

/**
 * Draws the cards once the strip comes near the screen: the home page has a strip per category, and drawing
 * every card at once kept a slow phone's main thread busy before it could answer a tap.
 */
function useNearScreen(deferred: boolean) {
  const box = useRef<HTMLElement | null>(null);
  const [near, setNear] = useState(!deferred);
  useEffect(() => {
    if (near) return undefined;
    const target = box.current;
    if (!target || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: DRAW_AHEAD });
    observer.observe(target);
    return () => observer.disconnect();
  }, [near]);
  return { box, near };
}

/** A titled horizontal row of product cards with 'See All' and scroll arrows (only above 3 items). */
export function ProductStrip({
  title,
  products,
  seeAllHref,
  loading,
  deferred = false,
}: {
  title: string;
  products: SellableProduct[];
  seeAllHref?: string | undefined;
  loading: boolean;
  /** Draw the cards only when the strip comes near the screen (strips further down a long page). */
  deferred?: boolean;
}) {
  const row = useRef<HTMLDivElement | null>(null);
  const { t } = useTranslation();
  const { box, near } = useNearScreen(deferred);
  const scroll = (by: number) => row.current?.scrollBy({ left: by, behavior: 'smooth' });
  // from React, not the title: Sinhala and Tamil titles have no Latin letters to make distinct ids from
  const headingId = `strip-${useId().replace(/[^a-z0-9]+/gi, '')}`;
  const arrows = !loading && showStripArrows(products.length);
  return (
    <section className="strip" aria-labelledby={headingId} ref={box}>
      <div className="strip__head">
        <h2 id={headingId}>{title}</h2>
        {/* The round arrows sit in the heading's row, never over a card, so no name or price is ever covered. */}
        {arrows ? (
          <div className="strip__arrows">
            <button type="button" className="strip__arrow" onClick={() => scroll(-STRIP_SCROLL_PX)} aria-label={t('strip.left', { title })}>
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className="strip__arrow" onClick={() => scroll(STRIP_SCROLL_PX)} aria-label={t('strip.right', { title })}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
        {seeAllHref ? (
          <Link to={seeAllHref} className="strip__see-all" aria-label={t('strip.seeAllNamed', { title })}>
            {t('strip.seeAll')}
          </Link>
        ) : null}
      </div>
      <div className="strip__body">
        <div className="strip__row" ref={row}>
          {loading || !near ? (
            <Placeholders count={loading ? PLACEHOLDER_COUNTS.strip : Math.min(products.length, PLACEHOLDER_COUNTS.strip)} className="placeholder--card" label={`Loading ${title}`} />
          ) : (
            products.map((product) => (
              <div className="strip__item" key={product._id}>
                <ProductCard product={product} />
              </div>
            ))
          )}
        </div>
      </div>
    </section>
  );
}
