// The shopper's side of packing that tells the truth (issue 33), on a 360 px phone in English, Sinhala and Tamil:
// each cart line's "If out of stock" saved and remembered, checkout's one choice sent with the order; a product
// staff find short shown out of stock live to another shopper; the order card's Ordered → Sent after packing.
// (The live prompt's walk needs the proposal endpoints: substitution-prompt.e2e.ts.)
import { expect, test } from '@playwright/test';
import { formatRs, rupeesToPaise, type OrderWire } from '@kade/shared';
import { expectAccessible, shot, socketConnected } from './helpers';
import { addAddress, adminSession, call, createProduct, newShopper, placeCodOrder, setCart, SHOP_POSITION, staffSession, useSession } from './shopper-api';
import { LANGUAGES, PHONE_360, speak, takeOrder, wordsOf } from './substitution-words';

test.use({ baseURL: process.env.KADE_URL, ...PHONE_360, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

interface CartWire {
  _id: string;
  productId: { _id: string };
  substitution: string;
}

for (const language of LANGUAGES) {
  test.describe(`in ${language}`, () => {
    const say = wordsOf(language);

    test("a cart line's choice is saved and remembered, and checkout's one choice goes with the order", async ({ page, request }, info) => {
      const admin = await adminSession(request);
      const tag = `${language}${Date.now() % 100_000}`;
      const [milk, bread] = [`Choice Milk ${tag}`, `Choice Bread ${tag}`];
      const milkId = await createProduct(request, admin, { name: milk, price: 200, stock: 50 });
      const breadId = await createProduct(request, admin, { name: bread, price: 150, stock: 50 });
      const shopper = await newShopper(request, 'Choosing Shopper');
      await addAddress(request, shopper);
      await setCart(request, shopper, [{ productId: milkId, quantity: 2 }, { productId: breadId, quantity: 1 }]);
      await speak(page, language);
      await useSession(page, shopper);

      // the cart: every line starts at Similar item; the milk's becomes Ask me, saved on the line
      await page.goto('/cart');
      const milkChoice = page.getByRole('combobox', { name: say('substitution.labelNamed', { name: milk }) });
      const breadChoice = page.getByRole('combobox', { name: say('substitution.labelNamed', { name: bread }) });
      await expect(milkChoice).toHaveValue('SIMILAR');
      await expect(breadChoice).toHaveValue('SIMILAR');
      await expect(milkChoice.locator('option')).toHaveText([say('substitution.choice.similar'), say('substitution.choice.ask'), say('substitution.choice.none')]);
      const saved = page.waitForResponse((r) => r.url().endsWith('/api/cart/substitution') && r.request().method() === 'PUT');
      await milkChoice.selectOption('ASK');
      expect((await saved).status()).toBe(200);
      await shot(page, info, `substitution-cart-${language}`);
      await expectAccessible(page, info, `substitution-cart-${language}`);
      // remembered: the server's cart, and the page read afresh
      const cart = (await call<CartWire[]>(request, shopper.accessToken, 'GET', '/api/cart/get')).body.data;
      expect(Object.fromEntries(cart.map((line) => [line.productId._id, line.substitution]))).toEqual({ [milkId]: 'ASK', [breadId]: 'SIMILAR' });
      await page.reload();
      await expect(milkChoice).toHaveValue('ASK');
      await expect(breadChoice).toHaveValue('SIMILAR');

      // checkout: the lines differ, so no one choice is ticked; Remove it sets every line
      await page.goto('/checkout/payment');
      const group = page.getByRole('group', { name: say('substitution.orderTitle') });
      await expect(group.getByText(say('substitution.mixed'))).toBeVisible();
      for (const key of ['similar', 'ask', 'none']) await expect(group.getByRole('radio', { name: say(`substitution.choice.${key}`) })).not.toBeChecked();
      await group.getByRole('radio', { name: say('substitution.choice.none') }).check();
      await expect(group.getByRole('radio', { name: say('substitution.choice.none') })).toBeChecked();
      await expect(group.getByText(say('substitution.orderHint'))).toBeVisible();
      await shot(page, info, `substitution-checkout-${language}`);
      await expectAccessible(page, info, `substitution-checkout-${language}`);
      await page.locator('input[name="address"]').first().check();
      await page.locator('input[name="delivery-option"]:not([disabled])').first().check();
      const placed = page.waitForResponse((r) => r.url().endsWith('/api/order/cash-on-delivery'));
      await page.getByRole('button', { name: say('checkout.cashOnDelivery') }).click();
      const sent = (await placed).request().postDataJSON() as { list_items: Array<{ productId: string; substitution: string }> };
      expect(sent.list_items.map((line) => line.substitution)).toEqual(['NONE', 'NONE']);
      await expect(page).toHaveURL(/\/success$/);

      // the order keeps the choice on every line
      const orders = (await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=5')).body.data;
      expect(orders).toHaveLength(1);
      expect(Object.fromEntries(orders[0]!.products.map((line) => [line.productId, line.substitution]))).toEqual({ [milkId]: 'NONE', [breadId]: 'NONE' });
    });

    test('a line packed short is out of stock for another shopper at once, and the order card shows Ordered → Sent', async ({ page, browser, request }, info) => {
      const admin = await adminSession(request);
      const staff = await staffSession(request, 'Packing Clerk');
      const tag = `${language}${Date.now() % 100_000}`;
      const [rice, dhal] = [`Short Rice ${tag}`, `Short Dhal ${tag}`];
      const riceId = await createProduct(request, admin, { name: rice, price: 200, stock: 20 });
      const dhalId = await createProduct(request, admin, { name: dhal, price: 150, stock: 20 });
      const buyer = await newShopper(request, 'Ordering Shopper');
      const order = await placeCodOrder(request, buyer, await addAddress(request, buyer), [{ productId: riceId, quantity: 2 }, { productId: dhalId, quantity: 1 }]);
      await takeOrder(request, staff, order._id);

      // another shopper browses the rice (and has one in the cart) while the order is packed
      const other = await newShopper(request, 'Browsing Shopper');
      await setCart(request, other, [{ productId: riceId, quantity: 1 }]);
      const otherContext = await browser.newContext({ baseURL: process.env.KADE_URL, ...PHONE_360 });
      const browsing = await otherContext.newPage();
      await speak(browsing, language);
      await useSession(browsing, other);
      const browsingLive = socketConnected(browsing);
      await browsing.goto(`/search?q=${encodeURIComponent(rice)}`);
      const card = browsing.getByRole('article', { name: rice });
      await expect(card.getByRole('group', { name: say('product.quantityOf', { name: rice }) })).toBeVisible();
      await expect(card.getByText(say('product.outOfStock'))).toHaveCount(0);

      // the buyer watches the order
      await speak(page, language);
      await useSession(page, buyer);
      const buyerLive = socketConnected(page);
      await page.goto('/dashboard/myorders');
      const orderCard = page.getByRole('article', { name: say('orders.order', { id: order.orderId }) });
      await expect(orderCard).toBeVisible();
      await Promise.all([browsingLive, buyerLive]);

      // staff find one rice of two
      const packed = await call<OrderWire>(request, staff.accessToken, 'PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: riceId, found: 1 }, { productId: dhalId, found: 1 }] });
      expect(packed.status, packed.body.message).toBe(200);
      const revised = packed.body.data;
      expect(revised.revision).toBe(1);

      // the other shopper's card and cart say it is out of stock, without a reload
      await expect(card.locator('.product-card__overlay')).toHaveText(say('product.outOfStock'));
      await expect(card.getByRole('button', { name: say('product.oneMore', { name: rice }) })).toBeDisabled();
      await browsing.getByRole('button', { name: say('cart.viewCart') }).click();
      const line = browsing.getByRole('dialog').getByRole('listitem', { name: rice });
      await expect(line.getByText(say('product.outOfStock'), { exact: true })).toBeVisible();
      await shot(browsing, info, `substitution-stock-out-${language}`);
      await otherContext.close();

      // the buyer's card: Ordered 2 → Sent 1 for the rice, the dhal as it was, the first total struck beside the new one
      const riceLine = orderCard.getByRole('listitem').filter({ hasText: rice });
      await expect(riceLine).toContainText(say('orders.revision.orderedSent', { ordered: 2, sent: 1 }));
      await expect(orderCard.getByRole('listitem').filter({ hasText: dhal })).toContainText(say('orders.revision.orderedSent', { ordered: 1, sent: 1 }));
      await expect(orderCard.getByText(say('orders.revision.changed'))).toBeVisible();
      expect(revised.originalTotalAmt).not.toBe(revised.totalAmt);
      await expect(orderCard.locator('s.order-card__was')).toHaveText(say('orders.revision.originalTotal', { amount: formatRs(rupeesToPaise(revised.originalTotalAmt ?? 0)) }));
      await expect(orderCard.locator('.order-card__total dd')).toContainText(formatRs(rupeesToPaise(revised.totalAmt)));
      await shot(page, info, `substitution-order-card-${language}`);
      await expectAccessible(page, info, `substitution-order-card-${language}`);

      // nothing of it found: the line is removed, struck through
      expect((await call(request, staff.accessToken, 'PUT', '/api/orders/pack', { orderId: order._id, lines: [{ productId: riceId, found: 0 }] })).status).toBe(200);
      await expect(riceLine).toContainText(say('orders.revision.orderedSent', { ordered: 2, sent: 0 }));
      await expect(riceLine).toContainText(say('orders.revision.removed'));
    });
  });
}
