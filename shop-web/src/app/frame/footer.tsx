import { Link } from 'react-router-dom';
import { useShopConfig } from '../../lib/shop-config';

/** The footer: tagline, static-page links, chat and social links. */
export function Footer() {
  const config = useShopConfig();
  const phoneDigits = config.phone.replace(/\D/g, '');
  return (
    <footer className="footer">
      <p className="footer__tagline">{config.name}: your neighbourhood grocery, at your door within the hour.</p>
      <nav aria-label="About the shop">
        <ul className="footer__links">
          <li><Link to="/about">About</Link></li>
          <li><Link to="/privacy-policy">Privacy Policy</Link></li>
          <li><Link to="/terms-and-conditions">Terms and Conditions</Link></li>
          <li><Link to="/contact">Contact</Link></li>
        </ul>
      </nav>
      <ul className="footer__social" aria-label="Chat with us">
        <li><a href={`https://wa.me/${phoneDigits}`} rel="noopener noreferrer" target="_blank">WhatsApp</a></li>
        <li><a href={`tel:+${phoneDigits}`}>Call</a></li>
        <li><a href={`mailto:${config.email}`}>E-mail</a></li>
        <li><a href={config.website} rel="noopener noreferrer" target="_blank">Website</a></li>
      </ul>
      <p className="footer__copy">© {new Date().getFullYear()} {config.name}</p>
    </footer>
  );
}
