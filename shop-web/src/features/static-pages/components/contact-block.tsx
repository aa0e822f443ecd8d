import { useTranslation } from 'react-i18next';
import { useShopConfig } from '../../../lib/shop-config';

/** The store's contact details, from the server's configuration. */
export function ContactBlock() {
  const config = useShopConfig();
  const { t } = useTranslation();
  return (
    <address className="contact-block">
      <p>{config.name}</p>
      <p>{config.address}</p>
      <p>
        {t('footer.email')}: <a href={`mailto:${config.email}`}>{config.email}</a>
      </p>
      <p>
        {t('pages.phone')}: <a href={`tel:${config.phone.replace(/[^\d+]/g, '')}`}>{config.phone}</a>
      </p>
      <p>
        {t('footer.website')}: <a href={config.website}>{config.website}</a>
      </p>
    </address>
  );
}
