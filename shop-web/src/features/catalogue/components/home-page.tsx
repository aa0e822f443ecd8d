import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { BUY_BRAND_CATEGORY, hasProductStrip, homeBannerImage, isFreshCategory, sameName, sortCategories, type BootHome, type CategoryWire, type SubCategoryWire } from '@kade/shared';
import { PLACEHOLDER_COUNTS } from '../../../lib/ui-constants';
import { Placeholders } from '../../../components/placeholder';
import { imageAt } from '../../../lib/images';
import { useShopClock } from '../../../lib/shop-clock';
import { useShopConfig } from '../../../lib/shop-config';
import { showError } from '../../../lib/show-error';
import { useCatalogueData } from '../../../state/catalogue-data';
import { useLocalName } from '../../../state/local-name';
import { fetchHome } from '../api/catalogue-api';
import { takeBoot } from '../../../lib/boot';
import { ProductStrip } from './product-strip';
import './catalogue.css';
import { paths } from '../../../lib/paths';

/** Category strips drawn at once; the rest draw their cards as they come near the screen. */
const EAGER_STRIPS = 2;

/** The listing a category opens: its first sub-category (by name), or none. */
function firstListing(category: CategoryWire, subCategories: SubCategoryWire[]): string | undefined {
  const sub = subCategories.find((s) => s.category.some((c) => c._id === category._id));
  return sub ? paths.listing(category, sub) : undefined;
}

/** The shelves, each product as its card needs it (the API's full answer fits too). */
let homeCache: BootHome | null = null;
/** Whether the shelves were asked for yet in this page's life (the first screen may use the page's own). */
let homeFetched = false;

export default function HomePage() {
  const config = useShopConfig();
  const banner = config.banner ? homeBannerImage(config.banner.url) : undefined;
  const catalogue = useCatalogueData();
  const { freshOpen, freshLabel } = useShopClock();
  const nameOf = useLocalName();
  const { t } = useTranslation();
  // the shelves the server wrote into the page on a first visit, else the last ones seen, while asking anew
  const [home, setHome] = useState<BootHome | null>(() => {
    homeCache = takeBoot('home') ?? homeCache;
    return homeCache;
  });

  useEffect(() => {
    document.title = config.name;
    if (homeCache && !homeFetched) {
      // written into this very page a moment ago: nothing newer to ask for on this first screen
      homeFetched = true;
      return;
    }
    homeFetched = true;
    let live = true;
    fetchHome()
      .then((data) => {
        homeCache = data;
        if (live) setHome(data);
      })
      .catch(showError);
    return () => {
      live = false;
    };
  }, [config.name]);

  const categories = catalogue ? sortCategories(catalogue.categories) : [];
  const subCategories = catalogue?.subCategories ?? [];
  const buyBrand = categories.find((c) => sameName(c.name, BUY_BRAND_CATEGORY));
  const brandSubs = buyBrand ? subCategories.filter((s) => s.category.some((c) => c._id === buyBrand._id)) : [];

  return (
    <div className="home">
      <h1 className="visually-hidden">{t('home.title', { shop: config.name })}</h1>
      {banner ? (
        <img
          className="home__banner"
          src={banner.href}
          srcSet={banner.srcset}
          sizes={banner.sizes}
          alt={t('home.bannerAlt', { shop: config.name })}
          width={banner.width}
          height={banner.height}
          fetchPriority="high"
        />
      ) : null}

      <ProductStrip title={t('home.specialDeal')} products={home?.deals ?? []} loading={!home} />

      <section className="category-grid" aria-labelledby="category-grid-title">
        <h2 id="category-grid-title">{t('home.byCategory')}</h2>
        <ul className="category-grid__list">
          {!catalogue ? (
            <Placeholders count={PLACEHOLDER_COUNTS.categories} className="placeholder--tile" label={t('home.loadingCategories')} />
          ) : (
            categories.map((category) => {
              const greyed = isFreshCategory(category.name) && !freshOpen;
              const href = firstListing(category, subCategories);
              const body = (
                <>
                  <img src={imageAt(category.image, 160)} alt="" width={96} height={96} loading="lazy" />
                  <span className="category-tile__name">{nameOf(category)}</span>
                  {isFreshCategory(category.name) ? <span className="category-tile__hours">{freshLabel}</span> : null}
                </>
              );
              return (
                <li key={category._id} className={`category-tile${greyed ? ' category-tile--greyed' : ''}`}>
                  {href ? (
                    <Link to={href} aria-label={greyed ? t('home.categoryLater', { name: nameOf(category), hours: freshLabel }) : nameOf(category)}>
                      {body}
                    </Link>
                  ) : (
                    <span aria-disabled="true">{body}</span>
                  )}
                </li>
              );
            })
          )}
        </ul>
      </section>

      {home
        ? home.strips
            .filter((strip) => hasProductStrip(strip.category.name))
            .map((strip, index) => (
              <ProductStrip
                key={strip.category._id}
                title={nameOf(strip.category)}
                products={strip.products}
                seeAllHref={firstListing(strip.category, subCategories)}
                loading={false}
                deferred={index >= EAGER_STRIPS}
              />
            ))
        : <ProductStrip title={t('home.products')} products={[]} loading />}

      <section className="brands" aria-labelledby="brands-title">
        <h2 id="brands-title">{t('home.buyBrand')}</h2>
        {catalogue && buyBrand && brandSubs.length > 0 ? (
          <ul className="brands__list">
            {brandSubs.map((sub) => (
              <li key={sub._id}>
                <Link to={paths.listing(buyBrand, sub)} className="brand-tile">
                  <img src={imageAt(sub.image, 160)} alt="" width={80} height={80} loading="lazy" />
                  <span>{nameOf(sub)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : catalogue ? (
          <p className="empty">{t('home.noSubcategories')}</p>
        ) : null}
      </section>
    </div>
  );
}
