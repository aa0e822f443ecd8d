import { NavLink } from 'react-router-dom';
import type { DashboardLink } from '../../lib/dashboard-links';

/** A list of the dashboard's side-menu links (the shopper's pages, the admin pages the role may open). */
export function MenuLinks({ links }: { links: readonly DashboardLink[] }) {
  return (
    <ul className="dash-menu">
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} className="dash-menu__link">
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
