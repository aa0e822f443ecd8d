import { useShopConfig } from '../../../lib/shop-config';

/** The store's contact details, from the server's configuration. */
export function ContactBlock() {
  const config = useShopConfig();
  return (
    <address className="contact-block">
      <p>{config.name}</p>
      <p>{config.address}</p>
      <p>
        E-mail: <a href={`mailto:${config.email}`}>{config.email}</a>
      </p>
      <p>
        Phone: <a href={`tel:${config.phone.replace(/[^\d+]/g, '')}`}>{config.phone}</a>
      </p>
      <p>
        Website: <a href={config.website}>{config.website}</a>
      </p>
    </address>
  );
}
