import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState, useId, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDER_COUNTS, showStripArrows, STRIP_CARD_MIN_PX, STRIP_SCROLL_PX } from '../../../lib/ui-constants';
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

/** Cards drawn with the strip: a screen's width of them (at their narrowest) and one more. */
function firstCards(): number {
  return Math.ceil((typeof window === 'undefined' ? 1280 : window.innerWidth) / STRIP_CARD_MIN_PX) + 1;
}

/** The strip's card width for the style sheet, from the same number the first cards are counted by. */
const ROW_STYLE = { '--strip-card': `${STRIP_CARD_MIN_PX}px` } as CSSProperties;

/**
 * The room of a strip whose cards wait for the screen: empty cards built of the card's own boxes (picture, two
 * lines of name, unit, stock bar, two lines of price, the button), so the strip is exactly as tall before its cards
 * are drawn as after and nothing below it moves when they are. A fixed-height block was 40 to 90 px short, and
 * a tap on a card further down could land on whatever had moved under the finger.
 */
function CardRoom() {
  return (
    <div className="strip__item strip__item--room">
      <div className="product-card product-card--room">
        <div className="product-card__link">
          <div className="product-card__media" />
          <div className="product-card__name" />
        </div>
        <p className="product-card__unit">&nbsp;</p>
        <div className="stock-bar" />
        <div className="product-card__foot">
          <div className="price">
            <span className="price__paid">&nbsp;</span>
          </div>
          <span className="add-to-cart add-to-cart--compact">&nbsp;</span>
        </div>
      </div>
    </div>
  );
}

/** Cards drawn in each idle moment after the first ones. */
const CARDS_PER_IDLE = 2;

/**
 * How many of a strip's cards are drawn: the first screen's worth at once, the rest a couple at a time when the
 * phone has nothing else to do, and all of them as soon as the shopper scrolls, points at or tabs into the row.
 * A row of fifteen cards drawn in one go was a long task a slow phone could not answer a tap during.
 */
function useDrawnCount(total: number, near: boolean) {
  const [count, setCount] = useState(firstCards);
  useEffect(() => {
    if (!near || count >= total) return undefined;
    const more = () => setCount((drawn) => Math.min(total, drawn + CARDS_PER_IDLE));
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(more, { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(more, 50);
    return () => window.clearTimeout(timer);
  }, [near, count, total]);
  const drawn = Math.min(count, total);
  // handed to the row's scroll, pointer and focus events only while cards are still to be drawn
  return { count: drawn, drawAll: drawn < total ? () => setCount(total) : undefined };
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
  const { count, drawAll } = useDrawnCount(products.length, near && !loading);
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
        <div className="strip__row" ref={row} style={ROW_STYLE} onScroll={drawAll} onPointerEnter={drawAll} onFocus={drawAll}>
          {loading ? (
            <Placeholders count={PLACEHOLDER_COUNTS.strip} className="placeholder--card" label={`Loading ${title}`} />
          ) : !near ? (
            // its cards are in hand and only wait for the screen: their room, neither animated (a dozen
            // shimmering strips below the screen kept a phone repainting) nor announced
            products.length > 0 ? (
              // one empty card gives the row its exact height; the rest of the screen's width is painted as
              // cards by the reserve's background (five empty cards in each of a dozen strips were two thirds
              // of the home page's first layout, a third of a second on a slow phone)
              <div className="strip__reserve" aria-hidden="true" data-testid="strip-reserve">
                <CardRoom />
              </div>
            ) : null
          ) : (
            products.map((product, index) =>
              index < count ? (
                <div className="strip__item" key={product._id}>
                  <ProductCard product={product} />
                </div>
              ) : (
                // a card's room, kept so the row scrolls as far as it will once every card is drawn
                <div className="strip__item strip__item--later" key={product._id} aria-hidden="true" />
              ),
            )
          )}
        </div>
      </div>
    </section>
  );
}
