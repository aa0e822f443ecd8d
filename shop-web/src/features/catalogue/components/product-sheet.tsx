import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { idFromSlug, maxQuantity, sortVariations, type ProductDetailsWire, type ProductWire, type VariationWire } from '@kade/shared';
import { DRAG_CLOSE_THRESHOLD_PX, LINK_COPIED_MS } from '../../../lib/ui-constants';
import { AddToCart } from '../../../components/add-to-cart';
import { Price } from '../../../components/price';
import type { SellableProduct } from '../../../components/types';
import { imageAt, imageSrcSet } from '../../../lib/images';
import { showError } from '../../../lib/show-error';
import { useFocusTrap } from '../../../lib/use-focus-trap';
import { useLocalDetail } from '../../../state/local-detail';
import { useLocalName, useLocalUnit } from '../../../state/local-name';
import { fetchListingPage, fetchProductDetails } from '../api/catalogue-api';
import { ApiError } from '../../../lib/api-client';
import { useLiveStock } from '../../../state/live-stock';
import './product-sheet.css';
import { paths } from '../../../lib/paths';

async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

function Gallery({ name, images }: { name: string; images: string[] }) {
  const [index, setIndex] = useState(0);
  const { t } = useTranslation();
  const thumbs = useRef<HTMLDivElement | null>(null);
  const safe = images.length === 0 ? [''] : images;
  const current = Math.min(index, safe.length - 1);
  return (
    <div className="gallery">
      <img
        className="gallery__main"
        src={imageAt(safe[current], 1024)}
        srcSet={imageSrcSet(safe[current])}
        sizes="(min-width: 768px) 480px, 100vw"
        alt={name}
        width={480}
        height={480}
      />
      {safe.length > 1 ? (
        <div className="gallery__thumbs-wrap">
          <button type="button" className="gallery__arrow" aria-label={t('product.previousPicture')} onClick={() => thumbs.current?.scrollBy({ left: -120, behavior: 'smooth' })}>
            ‹
          </button>
          <div className="gallery__thumbs" ref={thumbs}>
            {safe.map((url, i) => (
              <button
                key={`${url}-${i}`}
                type="button"
                className="gallery__thumb"
                aria-label={t('product.pictureOf', { n: i + 1, total: safe.length })}
                aria-pressed={i === current}
                onClick={() => setIndex(i)}
              >
                <img src={imageAt(url, 160)} alt="" width={56} height={56} />
              </button>
            ))}
          </div>
          <button type="button" className="gallery__arrow" aria-label={t('product.nextPicture')} onClick={() => thumbs.current?.scrollBy({ left: 120, behavior: 'smooth' })}>
            ›
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A small picture, the name in the shopper's language and the unit: a row of the Choose list or of the in-stock offers. */
function PictureAndName({ item }: { item: SellableProduct }) {
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  return (
    <>
      <img src={imageAt(item.image[0], 160)} alt="" width={56} height={56} />
      <span className="choose__text">
        <span className="choose__name">{nameOf(item)}</span>
        <span className="choose__unit">{unitOf(item.unit)}</span>
      </span>
    </>
  );
}

/** How many in-stock neighbours an out-of-stock sheet offers (issue 36). */
const IN_STOCK_OFFERS = 4;

/** True when none of a product can be put in the cart now (stock 0, or by weight fewer grams than its minimum). */
function useSoldOut(): (product: { _id: string; stock: number } & Parameters<typeof maxQuantity>[0]) => boolean {
  const live = useLiveStock();
  return (product) => maxQuantity({ ...product, stock: live(product) }) <= 0;
}

/**
 * An out-of-stock product's neighbours on its shelf (its sub-category's first page) that are in stock: each opens its
 * own sheet over the same page behind, or goes in the cart from here.
 */
function InStockInstead({ product }: { product: ProductDetailsWire }) {
  const { t } = useTranslation();
  const location = useLocation();
  const soldOut = useSoldOut();
  const [offers, setOffers] = useState<ProductWire[]>([]);
  const categoryId = product.category[0]?._id;
  const subCategoryId = product.subCategory[0]?._id;
  useEffect(() => {
    if (!categoryId || !subCategoryId) return undefined;
    let live = true;
    fetchListingPage(categoryId, subCategoryId, 1)
      .then((page) => live && setOffers(page.items.filter((item) => item._id !== product._id)))
      .catch(() => undefined); // a suggestion that cannot be had is left out
    return () => {
      live = false;
    };
  }, [categoryId, subCategoryId, product._id]);
  const shown = offers.filter((item) => !soldOut(item)).slice(0, IN_STOCK_OFFERS);
  if (shown.length === 0) return null;
  return (
    <section className="in-stock" aria-labelledby="in-stock-title">
      <h3 id="in-stock-title">{t('roughEdges.product.inStockTitle')}</h3>
      <ul>
        {shown.map((item) => (
          <li key={item._id} className="in-stock__item">
            <Link to={paths.product(item.name, item._id)} state={location.state} replace className="in-stock__link">
              <PictureAndName item={item} />
            </Link>
            <Price price={item.price} discount={item.discount} perKg={item.sellBy === 'WEIGHT'} />
            <AddToCart product={item} compact />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A product link that leads nowhere (a mistyped id, a product gone): said kindly, with the way back (issue 36). */
function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <div className="sheet__missing">
      <h2 id="sheet-title" className="sheet__title">
        {t('roughEdges.product.notFoundTitle')}
      </h2>
      <p>{t('roughEdges.product.notFoundText')}</p>
      <Link to={paths.home} className="button button--primary">
        {t('roughEdges.backToShop')}
      </Link>
    </div>
  );
}

/** The product detail bottom sheet at /product/{name}-{id}: closes with X, Escape, a click outside or a drag down. */
export default function ProductSheet() {
  const { slug = '' } = useParams();
  const productId = idFromSlug(slug);
  const navigate = useNavigate();
  const location = useLocation();
  const [product, setProduct] = useState<ProductDetailsWire | null>(null);
  const nameOf = useLocalName();
  const unitOf = useLocalUnit();
  const detailOf = useLocalDetail();
  const { t } = useTranslation();
  const [failed, setFailed] = useState<'no' | 'missing' | 'error'>('no');
  const soldOut = useSoldOut();
  const [chosen, setChosen] = useState<string | null>(null);
  const [drag, setDrag] = useState(0);
  const dragStart = useRef<number | null>(null);
  const sheet = useRef<HTMLDivElement | null>(null);
  const closeButton = useRef<HTMLButtonElement | null>(null);

  const close = useCallback(() => {
    const state = location.state as { background?: unknown } | null;
    if (state?.background || (window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(paths.home, { replace: true });
  }, [location.state, navigate]);

  useEffect(() => {
    let live = true;
    setProduct(null);
    setChosen(null);
    setFailed('no');
    fetchProductDetails(productId)
      .then((data) => {
        if (!live) return;
        setProduct(data);
      })
      .catch((error: unknown) => {
        if (!live) return;
        // a link to no product (a bad id, an unknown one) is not an error to shout about: the sheet says so kindly
        const missing = error instanceof ApiError && (error.status === 404 || (error.status === 400 && error.field === 'productId'));
        setFailed(missing ? 'missing' : 'error');
        if (!missing) showError(error);
      });
    return () => {
      live = false;
    };
  }, [productId]);

  useEffect(() => {
    document.body.classList.add('sheet-open');
    return () => document.body.classList.remove('sheet-open');
  }, []);
  // The focus starts on the close button, stays in the sheet and goes back where it was.
  const onKeyDown = useFocusTrap(sheet, () => closeButton.current);

  // Escape closes the sheet wherever the focus is (a toast or the page underneath may hold it for a moment), from
  // the moment the sheet is painted: a layout effect, so a quick Escape is never lost to a slow phone.
  useLayoutEffect(() => {
    const onEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [close]);

  const onPointerDown = (event: ReactPointerEvent) => {
    if ((event.target as HTMLElement).closest('button')) return; // the X is a button, not a handle
    dragStart.current = event.clientY;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (dragStart.current === null) return;
    setDrag(Math.max(0, event.clientY - dragStart.current));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    if (dragStart.current === null) return;
    const moved = event.clientY - dragStart.current;
    dragStart.current = null;
    setDrag(0);
    if (moved > DRAG_CLOSE_THRESHOLD_PX) close();
  };

  const share = async () => {
    await copyText(window.location.href);
    toast.success(t('product.linkCopied'), { duration: LINK_COPIED_MS });
  };

  // The tab's title is the product's name in the shopper's language (again when they switch language).
  useEffect(() => {
    if (product) document.title = nameOf(product);
  }, [product, nameOf]);

  const variations: VariationWire[] = product ? sortVariations(product.product) : [];
  const selected: SellableProduct | null = product ? (variations.find((v) => v._id === chosen) ?? product) : null;
  const allSoldOut = product !== null && soldOut(product) && variations.every((variation) => soldOut(variation));
  const details = product ? Object.entries(selected === product ? product.more_details : { ...product.more_details, ...(selected as VariationWire).more_details }) : [];

  return (
    <div className="sheet-backdrop" onClick={(event) => event.target === event.currentTarget && close()} data-testid="sheet-backdrop">
      <div
        ref={sheet}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="sheet-title"
        onKeyDown={onKeyDown}
        style={drag ? { transform: `translateY(${drag}px)` } : undefined}
      >
        <div
          className="sheet__grip"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            dragStart.current = null;
            setDrag(0);
          }}
          data-testid="sheet-grip"
        >
          <span className="sheet__handle" aria-hidden="true" />
          <button ref={closeButton} type="button" className="sheet__close" onClick={close} aria-label={t('common.close')}>
            ✕
          </button>
        </div>
        <div className="sheet__body">
          {failed === 'missing' ? (
            <ProductNotFound />
          ) : !product ? (
            <p role="status" className="sheet__loading">
              {failed === 'error' ? t('product.loadFailed') : t('product.loading')}
            </p>
          ) : (
            <>
              <Gallery key={selected?._id} name={nameOf(selected ?? product)} images={selected?.image ?? product.image} />
              {/* 'Within Hour' promises what can be delivered: not on a product none of which can be had now */}
              {allSoldOut ? null : <span className="badge badge--hour">{t('product.withinHour')}</span>}
              <h2 id="sheet-title" className="sheet__title">
                {selected ? nameOf(selected) : null}
              </h2>
              <p className="sheet__unit">{selected ? unitOf(selected.unit) : null}</p>
              <div className="sheet__buy">
                <Price price={selected?.price ?? product.price} discount={selected?.discount ?? product.discount} size="large" perKg={(selected ?? product).sellBy === 'WEIGHT'} />
                {selected ? <AddToCart product={{ ...selected, category: product.category, subCategory: product.subCategory }} /> : null}
              </div>
              <button type="button" className="sheet__share" onClick={() => void share()}>
                {t('product.share')}
              </button>

              {variations.length > 0 ? (
                <section className="choose" aria-labelledby="choose-title">
                  <h3 id="choose-title">{t('product.choose')}</h3>
                  <ul>
                    {variations.map((variation) => (
                      <li key={variation._id} className={`choose__item${variation._id === chosen ? ' choose__item--on' : ''}`}>
                        <button
                          type="button"
                          className="choose__pick"
                          aria-pressed={variation._id === chosen}
                          onClick={() => setChosen((now) => (now === variation._id ? null : variation._id))}
                        >
                          <PictureAndName item={variation} />
                        </button>
                        <Price price={variation.price} discount={variation.discount} perKg={variation.sellBy === 'WEIGHT'} />
                        <AddToCart product={{ ...variation, category: product.category, subCategory: product.subCategory }} compact />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}

              {allSoldOut ? <InStockInstead product={product} /> : null}

              <section className="sheet__details" aria-labelledby="description-title">
                <h3 id="description-title">{t('product.description')}</h3>
                <p>{selected === product ? product.description : (selected as VariationWire).description || product.description}</p>
                {details.length > 0 ? (
                  <dl>
                    {details.map(([label, value]) => {
                      const shown = detailOf(label, value);
                      return (
                        <div key={label} className="sheet__detail">
                          <dt>{shown.label}</dt>
                          <dd>{shown.value}</dd>
                        </div>
                      );
                    })}
                  </dl>
                ) : null}
              </section>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
