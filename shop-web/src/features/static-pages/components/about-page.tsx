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
      <p>{config.name} is the online counter of a neighbourhood grocery. Vegetables, milk, tea, biscuits, medicine, snacks and the other things a home runs on reach your door from a shop a short ride away.</p>
      <p>We deliver to homes close to the store, so an order can arrive within the hour. You choose how fast you need it, and you pay in cash when it arrives.</p>
      <p>Every order is packed by people who know the shelves, checked against your list and handed to a local delivery partner. If something is not right, tell us and we will put it right.</p>
    </article>
  );
}
