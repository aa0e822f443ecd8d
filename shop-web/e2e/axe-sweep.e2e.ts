// Issue 36's quality bar: axe finds nothing above minor (no moderate, serious or critical finding) on the shop's and
// the dashboard's main pages, at a 360 px phone and a 1280 px laptop. One test per page, each scanned at both widths
// (the width changed inside the test), so a slow page on a busy machine has its own time and names itself; the
// shopper's pages as one signed-in shopper with a cart line and an order (made once by the first of them), the
// dashboard's as the seeded admin.
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { listingPath, productPath, type CategoryWire, type SubCategoryWire } from '@kade/shared';
import { paths } from '../src/lib/paths';
import { expectAccessible, loginAsAdmin, shot } from './helpers';
import { addAddress, call, findProduct, newShopper, placeCodOrder, setCart, SHOP_POSITION, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

const WIDTHS = [
  { name: '360', size: { width: 360, height: 780 } },
  { name: '1280', size: { width: 1280, height: 800 } },
];

/** A page of the walk: where it is, and what shows once its data has come (its main heading). */
interface Stop {
  name: string;
  path: string;
  heading: string | RegExp;
}

/**
 * Opens a page at 360 px, then for each width waits for its heading and for its loading placeholders to go, and scans
 * it; the page is opened once and the window widened to 1280 px (as a laptop's window is resized), so the scan at the
 * second width also shows the page redraws for it without a reload.
 */
async function scan(page: Page, info: TestInfo, stop: Stop): Promise<void> {
  await page.setViewportSize(WIDTHS[0]!.size);
  await page.goto(stop.path);
  for (const width of WIDTHS) {
    await page.setViewportSize(width.size);
    await expect(page.getByRole('heading', { name: stop.heading }).first()).toBeVisible();
    await expect(page.locator('.placeholder')).toHaveCount(0);
    await shot(page, info, `axe-${stop.name}-${width.name}`);
    await expectAccessible(page, info, `${stop.name} at ${width.name} px`, { minimum: 'moderate' });
  }
}

/** What the signed-in pages need: the demo catalogue's shelves and a product, and a shopper with an order and a cart. */
interface ShopWorld {
  shelf: (category: string, sub: string) => string;
  product: { _id: string; name: string };
  shopper: Session;
}

// made by the first signed-in test of this worker (its API calls finish inside it), then read by the others
let world: Promise<ShopWorld> | undefined;

function shopWorld(request: APIRequestContext): Promise<ShopWorld> {
  world ??= (async () => {
    const categories = (await call<CategoryWire[]>(request, null, 'GET', '/api/category/get')).body.data;
    const subCategories = (await call<SubCategoryWire[]>(request, null, 'POST', '/api/subcategory/get', {})).body.data;
    const shelf = (category: string, sub: string) => {
      const c = categories.find((x) => x.name === category);
      const s = subCategories.find((x) => x.name === sub);
      if (!c || !s) throw new Error(`no ${category} / ${sub} in the demo catalogue`);
      return listingPath(c, s);
    };
    const productId = await findProduct(request, 'a', 5);
    const found = await call<Array<{ _id: string; name: string }>>(request, null, 'POST', '/api/product/search-product', { search: 'a', page: 1, limit: 20 });
    const product = found.body.data.find((p) => p._id === productId)!;
    const shopper = await newShopper(request, 'Axe Shopper');
    const addressId = await addAddress(request, shopper);
    await placeCodOrder(request, shopper, addressId, [{ productId, quantity: 1 }]);
    await setCart(request, shopper, [{ productId, quantity: 2 }]);
    return { shelf, product, shopper };
  })();
  world.catch(() => (world = undefined)); // a failed setup is tried again by the next test, not inherited
  return world;
}

test.describe('the shop, signed out: nothing above minor at 360 px and 1280 px', () => {
  // the login and register pages send a signed-in shopper on
  for (const stop of [
    { name: 'login', path: paths.login, heading: 'Login' },
    { name: 'register', path: paths.register, heading: 'Register' },
  ] satisfies Stop[]) {
    test(stop.name, async ({ page }, info) => {
      await scan(page, info, stop);
    });
  }
});

test.describe('the shop, signed in with a cart and an order: nothing above minor at 360 px and 1280 px', () => {
  // each page's address, from what the first test made
  const stops: Array<[string, (w: ShopWorld) => Omit<Stop, 'name'>]> = [
    ['home', () => ({ path: paths.home, heading: /./ })],
    ['shelf', (w) => ({ path: w.shelf('Fruit', 'All Fruits'), heading: 'All Fruits' })],
    ['all-products', (w) => ({ path: w.shelf('All Product', 'All Products'), heading: 'All Products' })],
    ['search', (w) => ({ path: paths.searchFor(w.product.name), heading: /./ })],
    ['search-none', () => ({ path: paths.searchFor('zzqxnothingmatches'), heading: /./ })],
    ['product', (w) => ({ path: productPath(w.product.name, w.product._id), heading: w.product.name })],
    ['cart', () => ({ path: paths.cart, heading: 'My Cart' })],
    ['checkout', () => ({ path: paths.checkout, heading: 'Checkout' })],
    ['checkout-payment', () => ({ path: paths.checkoutPayment, heading: 'Checkout' })],
    ['my-orders', () => ({ path: paths.dashboard.myOrders, heading: 'My Orders' })],
    ['store-credit', () => ({ path: paths.dashboard.credit, heading: /credit/i })],
    ['about', () => ({ path: paths.about, heading: /./ })],
    ['privacy', () => ({ path: paths.privacy, heading: /./ })],
    ['terms', () => ({ path: paths.terms, heading: /./ })],
    ['contact', () => ({ path: paths.contact, heading: /./ })],
  ];
  for (const [name, where] of stops) {
    test(name, async ({ page, request }, info) => {
      const w = await shopWorld(request);
      await useSession(page, w.shopper);
      await scan(page, info, { name, ...where(w) });
    });
  }
});

test.describe('the dashboard, as the admin: nothing above minor at 360 px and 1280 px', () => {
  for (const stop of [
    { name: 'admin-pending', path: paths.dashboard.orderList('pending'), heading: /Orders/ },
    { name: 'admin-processing', path: paths.dashboard.orderList('processing'), heading: /Orders/ },
    { name: 'admin-products', path: paths.dashboard.product, heading: 'Product' },
    { name: 'admin-category', path: paths.dashboard.category, heading: 'Category' },
    { name: 'admin-subcategory', path: paths.dashboard.subCategory, heading: 'Sub Category' },
    { name: 'admin-variation', path: paths.dashboard.variation, heading: /Variation/ },
    { name: 'admin-users', path: paths.dashboard.users, heading: 'Users' },
    { name: 'admin-report', path: paths.dashboard.report, heading: 'Day report' },
    { name: 'admin-problems', path: paths.dashboard.problems, heading: 'Problems' },
    { name: 'admin-promo-codes', path: paths.dashboard.promoCodes, heading: 'Promo codes' },
  ] satisfies Stop[]) {
    test(stop.name, async ({ page, request }, info) => {
      await loginAsAdmin(page, request);
      await scan(page, info, stop);
    });
  }
});
