import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import type { DashboardLink } from '../../lib/dashboard-links';

/**
 * A list of the dashboard's side-menu links (the shopper's pages, the admin pages the role may open); with
 * `translated`, the shopper's pages are named in the shopper's language.
 */
export function MenuLinks({ links, translated = false }: { links: readonly DashboardLink[]; translated?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="dash-menu">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="dash-menu__link">
            {translated && link.labelKey ? t(link.labelKey) : link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
