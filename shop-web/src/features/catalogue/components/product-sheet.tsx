import { useTranslation } from 'react-i18next';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import toast from 'react-hot-toast';
import { idFromSlug, sortVariations, type ProductDetailsWire, type VariationWire } from '@kade/shared';
import { DRAG_CLOSE_THRESHOLD_PX, LINK_COPIED_MS } from '../../../lib/ui-constants';
import { AddToCart } from '../../../components/add-to-cart';
import { Price } from '../../../components/price';
import type { SellableProduct } from '../../../components/types';
import { imageAt, imageSrcSet } from '../../../lib/images';
import { showError } from '../../../lib/show-error';
import { useFocusTrap } from '../../../lib/use-focus-trap';
import { useLocalName } from '../../../state/local-name';
import { fetchProductDetails } from '../api/catalogue-api';
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

/** The product detail bottom sheet at /product/{name}-{id}: closes with X, Escape, a click outside or a drag down. */
export default function ProductSheet() {
  const { slug = '' } = useParams();
  const productId = idFromSlug(slug);
  const navigate = useNavigate();
  const location = useLocation();
  const [product, setProduct] = useState<ProductDetailsWire | null>(null);
  const nameOf = useLocalName();
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
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
    fetchProductDetails(productId)
      .then((data) => {
        if (!live) return;
        setProduct(data);
      })
      .catch((error: unknown) => {
        if (!live) return;
        setFailed(true);
        showError(error);
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
          {!product ? (
            <p role="status" className="sheet__loading">
              {failed ? t('product.loadFailed') : t('product.loading')}
            </p>
          ) : (
            <>
              <Gallery key={selected?._id} name={nameOf(selected ?? product)} images={selected?.image ?? product.image} />
              <span className="badge badge--hour">{t('product.withinHour')}</span>
              <h2 id="sheet-title" className="sheet__title">
                {selected ? nameOf(selected) : null}
              </h2>
              <p className="sheet__unit">{selected?.unit}</p>
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
                          <img src={imageAt(variation.image[0], 160)} alt="" width={56} height={56} />
                          <span className="choose__text">
                            <span className="choose__name">{nameOf(variation)}</span>
                            <span className="choose__unit">{variation.unit}</span>
                          </span>
                        </button>
                        <Price price={variation.price} discount={variation.discount} perKg={variation.sellBy === 'WEIGHT'} />
                        <AddToCart product={{ ...variation, category: product.category, subCategory: product.subCategory }} compact />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}

              <section className="sheet__details" aria-labelledby="description-title">
                <h3 id="description-title">{t('product.description')}</h3>
                <p>{selected === product ? product.description : (selected as VariationWire).description || product.description}</p>
                {details.length > 0 ? (
                  <dl>
                    {details.map(([label, value]) => (
                      <div key={label} className="sheet__detail">
                        <dt>{label}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
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
