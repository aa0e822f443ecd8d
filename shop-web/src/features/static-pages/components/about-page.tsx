import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopConfig } from '../../../lib/shop-config';
import './static-pages.css';

/** /about. */
export default function AboutPage() {
  const config = useShopConfig();
  const { t } = useTranslation();
  const title = t('pages.aboutShop', { shop: config.name });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <article className="page-text" aria-labelledby="about-title">
      <h1 id="about-title">{title}</h1>
      <p>{t('pages.aboutText1', { shop: config.name })}</p>
      <p>{t('pages.aboutText2')}</p>
      <p>{t('pages.aboutText3')}</p>
    </article>
  );
}
