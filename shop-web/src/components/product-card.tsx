import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { formatWeight, productCardImage, stockBarColour, stockPercent } from '@kade/shared';
import { useShopClock } from '../lib/shop-clock';
import { useLiveStock } from '../state/live-stock';
import { useLocalName, useLocalUnit } from '../state/local-name';
import { AddToCart, isFreshProduct } from './add-to-cart';
import { Price } from './price';
import type { SellableProduct } from './types';
import { paths } from '../lib/paths';

/** Cards at the top of a listing or search grid whose pictures load at once (the server preloads theirs). */
export { FIRST_SCREEN_CARDS } from '@kade/shared';

/**
 * A product tile: picture, night flag, name, unit, stock bar, price and the add control. `eager` for a card on the
 * first screen: its picture is fetched with the page rather than after layout finds it on screen (a lazy picture
 * there was the page's largest paint, and came late).
 */
/**
 * `level`: the card's name heading, one below the heading it sits under (a strip's h2: 3; a listing's h1: 2).
 * Memoised: a strip drawing two more cards in each idle moment drew every card it had again each time (on the
 * home page's strips, most of its main-thread time after the first screen at 4× CPU).
 */
export const ProductCard = memo(function ProductCard({ product, eager = false, level = 3 }: { product: SellableProduct; eager?: boolean; level?: 2 | 3 }) {
  const Name = level === 2 ? 'h2' : 'h3';
  const location = useLocation();
  const { t } = useTranslation();
  const { freshOpen, freshLabel, nightFlag, opensAt } = useShopClock();
  const stock = useLiveStock()(product);
  const outOfStock = stock <= 0;
  const greyed = !freshOpen && isFreshProduct(product);
  const colour = stockBarColour(stock, product.totalStock);
  const href = paths.product(product.name, product._id);
  const name = useLocalName()(product);
  const unitOf = useLocalUnit();
  // as the server's preload for a listing's or a search's first cards names it (shared productCardImage)
  const picture = productCardImage(product.image[0]);
  return (
    <article className={`product-card${greyed ? ' product-card--greyed' : ''}`} aria-label={name}>
      <Link to={href} state={{ background: location }} className="product-card__link">
        <div className="product-card__media">
          <img
            src={picture.href}
            srcSet={picture.srcset}
            sizes={picture.sizes}
            alt={name}
            loading={eager ? 'eager' : 'lazy'}
            width={240}
            height={240}
          />
          {outOfStock ? <span className="product-card__overlay">{t('product.outOfStock')}</span> : null}
          {nightFlag ? <span className="product-card__flag">{t('product.nightFlag', { time: opensAt })}</span> : null}
          {greyed ? <span className="product-card__fresh">{freshLabel}</span> : null}
        </div>
        <Name className="product-card__name">{name}</Name>
      </Link>
      <p className="product-card__unit">{unitOf(product.unit)}</p>
      <div
        className="stock-bar"
        role="meter"
        aria-label={t('product.stockLeft')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(stockPercent(stock, product.totalStock))}
        // what the bar means to someone who cannot see it: how many are left (a weighed product's stock is in grams)
        aria-valuetext={outOfStock ? t('product.outOfStock') : t('roughEdges.product.stockLeftCount', { amount: product.sellBy === 'WEIGHT' ? formatWeight(stock) : stock })}
        data-colour={colour}
      >
        <span className={`stock-bar__fill stock-bar__fill--${colour}`} style={{ width: `${stockPercent(stock, product.totalStock)}%` }} />
      </div>
      <div className="product-card__foot">
        <Price price={product.price} discount={product.discount} perKg={product.sellBy === 'WEIGHT'} />
        <AddToCart product={product} compact />
      </div>
    </article>
  );
});
