import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useShopConfig } from '../../lib/shop-config';
import { paths } from '../../lib/paths';

/** The footer: tagline, static-page links, chat and social links. */
export function Footer() {
  const config = useShopConfig();
  const { t } = useTranslation();
  const phoneDigits = config.phone.replace(/\D/g, '');
  return (
    <footer className="footer">
      <p className="footer__tagline">{t('footer.tagline', { shop: config.name })}</p>
      <nav aria-label={t('footer.aboutShop')}>
        <ul className="footer__links">
          <li><Link to={paths.about}>{t('pages.about')}</Link></li>
          <li><Link to={paths.privacy}>{t('pages.privacy')}</Link></li>
          <li><Link to={paths.terms}>{t('pages.terms')}</Link></li>
          <li><Link to={paths.contact}>{t('pages.contact')}</Link></li>
        </ul>
      </nav>
      <ul className="footer__social" aria-label={t('footer.chat')}>
        <li><a href={`https://wa.me/${phoneDigits}`} rel="noopener noreferrer" target="_blank">WhatsApp</a></li>
        <li><a href={`tel:+${phoneDigits}`}>{t('footer.call')}</a></li>
        <li><a href={`mailto:${config.email}`}>{t('footer.email')}</a></li>
        <li><a href={config.website} rel="noopener noreferrer" target="_blank">{t('footer.website')}</a></li>
      </ul>
      <p className="footer__copy">© {new Date().getFullYear()} {config.name}</p>
    </footer>
  );
}
