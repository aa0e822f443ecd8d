import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDER_COUNTS, showStripArrows, STRIP_SCROLL_PX, TEXT } from '@kade/shared';
import { ProductCard } from '../../../components/product-card';
import { Placeholders } from '../../../components/placeholder';
import type { SellableProduct } from '../../../components/types';

/** A titled horizontal row of product cards with 'See All' and scroll arrows (only above 3 items). */
export function ProductStrip({
  title,
  products,
  seeAllHref,
  loading,
}: {
  title: string;
  products: SellableProduct[];
  seeAllHref?: string | undefined;
  loading: boolean;
}) {
  const row = useRef<HTMLDivElement | null>(null);
  const scroll = (by: number) => row.current?.scrollBy({ left: by, behavior: 'smooth' });
  const headingId = `strip-${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
  const arrows = !loading && showStripArrows(products.length);
  return (
    <section className="strip" aria-labelledby={headingId}>
      <div className="strip__head">
        <h2 id={headingId}>{title}</h2>
        {seeAllHref ? (
          <Link to={seeAllHref} className="strip__see-all" aria-label={`${TEXT.seeAll}: ${title}`}>
            {TEXT.seeAll}
          </Link>
        ) : null}
      </div>
      <div className="strip__body">
        {arrows ? (
          <button type="button" className="strip__arrow strip__arrow--left" onClick={() => scroll(-STRIP_SCROLL_PX)} aria-label={`Scroll ${title} left`}>
            ‹
          </button>
        ) : null}
        <div className="strip__row" ref={row}>
          {loading ? (
            <Placeholders count={PLACEHOLDER_COUNTS.strip} className="placeholder--card" label={`Loading ${title}`} />
          ) : (
            products.map((product) => (
              <div className="strip__item" key={product._id}>
                <ProductCard product={product} />
              </div>
            ))
          )}
        </div>
        {arrows ? (
          <button type="button" className="strip__arrow strip__arrow--right" onClick={() => scroll(STRIP_SCROLL_PX)} aria-label={`Scroll ${title} right`}>
            ›
          </button>
        ) : null}
      </div>
    </section>
  );
}
