import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes, paths, routePatterns } from './paths';

const product = { _id: '3f2b8c1e-0a4d-4e6f-9b7a-1c2d3e4f5a6b', name: 'Fresh Milk 1L' };
const category = { _id: 'c1', name: 'Dairy & Eggs' };
const sub = { _id: 's1', name: 'Milk' };
const underDashboard = (pattern: string) => `${paths.dashboard.root}/${pattern}`;

describe('the paths map', () => {
  it("builds a product's and a listing's address that their routes match", () => {
    expect(matchPath(routePatterns.product, paths.product(product.name, product._id))?.params.slug).toBe(`fresh-milk-1l-${product._id}`);
    const listing = matchPath(routePatterns.listing, paths.listing(category, sub));
    expect(listing?.params).toEqual({ categorySlug: 'dairy-eggs-c1', subSlug: 'milk-s1' });
  });

  it('gives every dashboard page an address its route under /dashboard matches', () => {
    const fixed = Object.entries(paths.dashboard).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[0] !== 'root');
    expect(fixed.length).toBe(16);
    for (const [name, address] of fixed) {
      const pattern = dashboardRoutes[name as keyof typeof dashboardRoutes];
      expect(matchPath(underDashboard(pattern), address), name).not.toBeNull();
      expect(matchPath(routePatterns.dashboard, address), name).not.toBeNull();
    }
  });

  it("carries an order list's status and a print's and a packing screen's order id to their routes", () => {
    expect(matchPath(underDashboard(dashboardRoutes.orderList), paths.dashboard.orderList('pending'))?.params.status).toBe('pending');
    expect(matchPath(underDashboard(dashboardRoutes.print), paths.dashboard.print(product._id))?.params.orderId).toBe(product._id);
    expect(matchPath(underDashboard(dashboardRoutes.pack), paths.dashboard.pack(product._id))?.params.orderId).toBe(product._id);
    // one order's card: My Orders' own address, the order named after the hash
    const card = new URL(paths.dashboard.myOrder(product._id), 'http://shop');
    expect(card.pathname).toBe(paths.dashboard.myOrders);
    expect(card.hash).toBe(`#order-${product._id}`);
  });

  it('encodes what a search and the checkout address page carry in their query', () => {
    expect(paths.searchFor('milk & eggs')).toBe('/search?q=milk%20%26%20eggs');
    expect(new URL(paths.checkoutAddressFrom(paths.checkoutPayment), 'http://shop').searchParams.get('from')).toBe(paths.checkoutPayment);
  });
});
