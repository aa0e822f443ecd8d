// Addresses, checkout and My Orders in the browser (phone), against the real server: the zone, every
// delivery option on both sides of the fee and tier boundaries (the screen's totals, the shared rules and
// the server's charge all agree), the result pages, live status changes, and each checkout error text.
import { expect, test, type Page } from '@playwright/test';
import { computeTotals, DELIVERY_OPTION_LABELS, formatRs, rupeesToPaise, type OrderWire } from '@kade/shared';
import { accountControl, expectAccessible, openUrl, shot } from './helpers';
import {
  addAddress,
  adminSession,
  call,
  createProduct,
  FAR_POSITION,
  newShopper,
  setCart,
  SHOP_POSITION,
  useSession,
  type Session,
} from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, geolocation: SHOP_POSITION, permissions: ['geolocation'] });

const [EXPRESS, STANDARD, SCHEDULED] = DELIVERY_OPTION_LABELS;

/** The products these walks buy: Rs.10 each (whole subtotals), and Rs.99 at 7% off (Rs.93 each, ceil). */
let admin: Session;
let tenRupees: string;
let discounted: string;
test.beforeAll(async ({ request }) => {
  admin = await adminSession(request);
  const stamp = Date.now();
  tenRupees = await createProduct(request, admin, { name: `E2E Ten Rupee Tea ${stamp}`, price: 10 });
  discounted = await createProduct(request, admin, { name: `E2E Dhal Pack ${stamp}`, price: 99, discount: 7 });
});

async function myOrders(request: Parameters<typeof call>[0], shopper: Session): Promise<OrderWire[]> {
  return (await call<OrderWire[]>(request, shopper.accessToken, 'GET', '/api/order/order-list?limit=50')).body.data;
}

/** On /checkout/payment: picks the first address and the option, checks the bill, places the order, confirms. */
async function payWith(page: Page, option: string): Promise<void> {
  await page.getByRole('group', { name: 'Choose your address' }).getByRole('radio').first().check();
  await page.getByRole('radio', { name: new RegExp(`^${option.replace(/\./g, '\\.')}`) }).check();
  await page.getByRole('button', { name: 'Cash on Delivery' }).click();
  // one confirmation (issue 36): the server's message as a toast, then the success page, no dialog to dismiss
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('main').getByText('Your order has been placed successfully! We are processing it now.')).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

test.describe('addresses', () => {
  test('added inside the zone, refused outside it and with location off; edited and removed', async ({ page, context, request }, info) => {
    const shopper = await newShopper(request, 'Address Keeper');
    await useSession(page, shopper);
    await page.goto('/dashboard/address');
    await expect(page.getByRole('heading', { name: 'Save Address' })).toBeVisible();
    await expect(page.getByText('No Data')).toBeVisible();
    await page.getByRole('button', { name: '+ Add address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Address' });
    const save = dialog.getByRole('button', { name: 'Save Address' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByText('Detect your location to confirm we deliver there.')).toBeVisible();
    await shot(page, info, 'address-add');
    await expectAccessible(page, info, 'address-add');

    // location off: refused with the message, Save stays off
    await context.clearPermissions();
    await dialog.getByRole('button', { name: 'Detect my location' }).click();
    await expect(dialog.getByText('Unable to get location. Please ensure location is turned on.')).toBeVisible();
    await expect(save).toBeDisabled();

    // outside the zone, by far more than the fix's accuracy: the message says how far and the zone, Save stays off
    // (SPEC.md's step-outside advice is for a fix that could be inside: rough-edges-shopper.e2e.ts)
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(FAR_POSITION);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(dialog.getByText(/^You are [\d.]+ km from the store: we deliver within 1\.75 km of /)).toBeVisible();
    await expect(save).toBeDisabled();
    await shot(page, info, 'address-outside');

    // inside: confirmed, and the form's own rules
    await context.setGeolocation(SHOP_POSITION);
    await dialog.getByRole('button', { name: 'Detect again' }).click();
    await expect(dialog.getByText(/Location confirmed: inside our delivery area/)).toBeVisible();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog.getByText('Address name is required')).toBeVisible();
    await expect(dialog.getByText('Mobile number is required')).toBeVisible();
    await expect(dialog.getByText('Landmark is required')).toBeVisible();
    await expect(dialog.getByText('Place type is required')).toBeVisible();
    await dialog.getByLabel('Address name').fill('Amma');
    await dialog.getByLabel('Address', { exact: true }).fill('45 Temple Road, Wellawatte');
    await dialog.getByLabel('Landmark').fill('Opposite the bakery');
    await dialog.getByLabel('Mobile number').fill('07a7-123');
    await expect(dialog.getByLabel('Mobile number')).toHaveValue('077123');
    await dialog.getByLabel('Place type').selectOption('Relative');
    await save.click();
    await expect(dialog.getByText('Mobile number must be exactly 10 digits')).toBeVisible();
    await shot(page, info, 'address-errors');
    await dialog.getByLabel('Mobile number').fill('0771234567');
    await save.click();
    await expect(page.getByText('Address saved.')).toBeVisible();
    const card = page.getByRole('listitem', { name: 'Amma' });
    await expect(card).toContainText('45 Temple Road, Wellawatte');
    await expect(card).toContainText('Landmark: Opposite the bakery');
    await expect(card).toContainText('Mobile: 0771234567');
    const [saved] = (await call<Array<{ latitude: number; country: string }>>(request, shopper.accessToken, 'GET', '/api/address/get')).body.data;
    expect(saved?.latitude).toBeCloseTo(SHOP_POSITION.latitude, 5);
    expect(saved?.country).toBe(`${SHOP_POSITION.latitude.toFixed(6)}, ${SHOP_POSITION.longitude.toFixed(6)}`);
    await shot(page, info, 'address-list');
    await expectAccessible(page, info, 'address-list');

    // edit: the landmark may be emptied
    await card.getByRole('button', { name: 'Edit Amma' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Address' });
    await edit.getByLabel('Address name').fill('Amma House');
    await edit.getByLabel('Landmark (optional)').fill('');
    await edit.getByRole('button', { name: 'Save Address' }).click();
    await expect(page.getByText('Address Updated')).toBeVisible();
    const edited = page.getByRole('listitem', { name: 'Amma House' });
    await expect(edited).not.toContainText('Landmark:');

    // remove
    await edited.getByRole('button', { name: 'Remove Amma House' }).click();
    await expect(page.getByText('Address Remove')).toBeVisible();
    await expect(page.getByText('No Data')).toBeVisible();
  });
});

/** Lets the page's timers run (the clock stood still by the test) a millisecond at a time until `work` is done. */
async function whileTicking<T>(page: Page, work: Promise<T>): Promise<T> {
  let done = false;
  const finished = work.finally(() => {
    done = true;
  });
  while (!done) await page.clock.runFor(1);
  return finished;
}

test.describe('checkout', () => {
  test('every delivery option on both sides of the fee and tier boundaries: screen, shared rules and server agree', async ({ page, request }, info) => {
    test.setTimeout(240_000);
    const shopper = await newShopper(request, 'Boundary Buyer');
    await addAddress(request, shopper);
    await useSession(page, shopper);
    // subtotal (rupees) and option: below, at and above Rs.350 (both fees, first tier), Rs.500, Rs.750, Rs.1000, Rs.1500
    const cases: Array<{ rupees: number; option: string; dhal?: number }> = [
      { rupees: 340, option: EXPRESS },
      { rupees: 350, option: STANDARD },
      { rupees: 360, option: EXPRESS },
      { rupees: 500, option: SCHEDULED },
      { rupees: 510, option: STANDARD },
      { rupees: 740, option: STANDARD },
      { rupees: 750, option: STANDARD },
      { rupees: 990, option: EXPRESS },
      { rupees: 1000, option: EXPRESS },
      { rupees: 1010, option: SCHEDULED },
      { rupees: 1500, option: STANDARD },
      // Rs.1,510 of tea plus one Rs.93 dhal: 3.5% off and a total that needs rounding
      { rupees: 1510, option: EXPRESS, dhal: 1 },
    ];
    for (const [index, each] of cases.entries()) {
      const lines = [{ productId: tenRupees, quantity: each.rupees / 10 }, ...(each.dhal ? [{ productId: discounted, quantity: each.dhal }] : [])];
      await setCart(request, shopper, lines);
      const expected = computeTotals(
        [{ pricePaise: 1000, discount: 0, quantity: each.rupees / 10 }, ...(each.dhal ? [{ pricePaise: 9900, discount: 7, quantity: each.dhal }] : [])],
        each.option,
      );
      await page.goto('/checkout/payment');
      await expect(page.getByRole('heading', { name: `Shipment of ${expected.itemCount} items` })).toBeVisible();
      await page.getByRole('radio', { name: new RegExp(`^${each.option.replace(/\./g, '\\.')}`) }).check();
      await expect(page.getByTestId('bill-items')).toContainText(formatRs(expected.subtotalPaise));
      await expect(page.getByTestId('bill-fee')).toHaveText(expected.deliveryFeePaise === 0 ? 'Free' : formatRs(expected.deliveryFeePaise));
      await expect(page.getByTestId('bill-total')).toHaveText(formatRs(expected.grandTotalPaise));
      if (expected.basketDiscountPaise > 0) await expect(page.getByTestId('bill-basket')).toHaveText(`-${formatRs(expected.basketDiscountPaise)}`);
      else await expect(page.getByTestId('bill-basket')).toHaveCount(0);
      if (expected.roundedFromPaise !== null) await expect(page.getByText(`Rounded from ${formatRs(expected.roundedFromPaise)}`)).toBeVisible();
      if (index === 0 || index === cases.length - 1) {
        await shot(page, info, `checkout-payment-${each.rupees}`);
        await expectAccessible(page, info, `checkout-payment-${each.rupees}`);
      }
      await payWith(page, each.option);
      const [order] = await myOrders(request, shopper);
      expect(order?.Choose).toBe(each.option);
      expect(rupeesToPaise(order?.subTotalAmt ?? -1)).toBe(expected.subtotalPaise);
      expect(rupeesToPaise(order?.basketDiscount ?? -1)).toBe(expected.basketDiscountPaise);
      expect(rupeesToPaise(order?.deliveryFee ?? -1)).toBe(expected.deliveryFeePaise);
      expect(rupeesToPaise(order?.totalAmt ?? -1)).toBe(expected.grandTotalPaise);
      expect(order?.location).toBe(`${SHOP_POSITION.latitude.toFixed(6)}, ${SHOP_POSITION.longitude.toFixed(6)}`);
    }
    expect(await myOrders(request, shopper)).toHaveLength(cases.length);
  });

  test('an order: the address step, /success counts down into My Orders, and the status changes live', async ({ page, request }, info) => {
    const shopper = await newShopper(request, 'Live Watcher');
    await addAddress(request, shopper, 'Office');
    await setCart(request, shopper, [{ productId: tenRupees, quantity: 40 }]);
    await useSession(page, shopper);
    // the success page's countdown is the page's clock, stood still from the tap to place (on a loaded machine the
    // first second passed before its '6 seconds' was read) and moved a second at a time by the test
    await page.clock.install();

    // the address step: the list, the Add address tile, Continue
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Shipment of 40 items')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Office/ })).toBeChecked();
    await expect(page.getByRole('link', { name: '+ Add address' })).toBeVisible();
    await shot(page, info, 'checkout-address');
    await expectAccessible(page, info, 'checkout-address');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/checkout\/payment$/);

    const pay = page.getByRole('button', { name: 'Cash on Delivery' });
    await expect(page.getByRole('button', { name: 'Online Payment' })).toBeDisabled();
    await expect(pay).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Select a Delivery Option' })).toBeVisible();
    await expect(pay).toHaveAccessibleDescription('Please select a delivery option before placing the order.');
    await page.getByRole('radio', { name: /^50 Minutes to 1 Hour/ }).check();
    await expect(pay).toBeEnabled();
    const placing = page.waitForRequest((r) => r.url().endsWith('/api/order/cash-on-delivery'));
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await pay.click();
    // a retried tap can never place it twice
    expect((await placing).headers()['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    // one confirmation (issue 36): straight to the success page, the server's message said as it goes
    await expect(page).toHaveURL(/\/success$/);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Order Successfully' })).toBeVisible();
    // the page says it (a success toast says it too as the page opens, for two seconds)
    await expect(page.getByRole('main').getByText('Your order has been placed successfully! We are processing it now.')).toBeVisible();
    await expect(page.getByText('Redirecting in 6 seconds...')).toBeVisible();
    await page.clock.runFor(1000);
    await expect(page.getByText('Redirecting in 5 seconds...')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go To Home' })).toHaveAttribute('href', '/');
    await shot(page, info, 'success');
    await page.clock.resume();
    // (scanned by checkout-credit.e2e.ts once its shopper has stayed: a scan here would race the countdown)
    await expect(page).toHaveURL(/\/dashboard\/myorders$/, { timeout: 30_000 });

    const [order] = await myOrders(request, shopper);
    const card = page.getByRole('article', { name: `Order ${order?.orderId}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Pending');
    await expect(card).toContainText('Total Amount');
    await expect(card).toContainText(formatRs(rupeesToPaise(order?.totalAmt ?? 0)));
    await expect(card).toContainText('Office');
    await expect(card.getByRole('listitem')).toHaveCount(1);
    await expect(card.locator('.status-badge')).toHaveAttribute('data-colour', 'grey');
    await shot(page, info, 'my-orders');
    await expectAccessible(page, info, 'my-orders');

    // the store moves it: the card follows without a reload
    for (const [status, colour] of [['Processing', 'yellow'], ['Shipped', 'blue']] as const) {
      const moved = await call(request, admin.accessToken, 'PUT', '/api/orders/update-status', { orderId: order?._id, order_status: status });
      expect(moved.status, moved.body.message).toBe(200);
      await expect(card.locator('.status-badge')).toHaveText(status);
      await expect(card.locator('.status-badge')).toHaveAttribute('data-colour', colour);
    }
    await shot(page, info, 'my-orders-live');

    // the account menu counts the order
    await page.goto('/');
    await accountControl(page).click();
    await expect(page.getByRole('link', { name: /My Orders\s*1/ })).toBeVisible();
  });

  test('each checkout error text, the price-changed answer, and location off', async ({ page, context, request }, info) => {
    const shopper = await newShopper(request, 'Error Finder');
    await useSession(page, shopper);

    // an empty cart goes home
    await page.goto('/checkout/payment');
    await expect(page.getByText('Your cart is empty! Please add items before checkout.')).toBeVisible();
    await expect(page).toHaveURL(`${openUrl()}/`);

    // no address: back to the address step
    await setCart(request, shopper, [{ productId: tenRupees, quantity: 30 }, { productId: discounted, quantity: 2 }]);
    await page.goto('/checkout/payment');
    await expect(page.getByText('Please add an address before checkout.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByText('Shipment of 32 items')).toBeVisible();

    // the address chosen is removed meanwhile: the server's answer
    const addressId = await addAddress(request, shopper, 'Soon Gone');
    await page.goto('/checkout/payment');
    await page.getByRole('radio', { name: /Soon Gone/ }).check();
    await page.getByRole('radio', { name: /^Between 2 Hours to 2\.30 Hours/ }).check();
    await call(request, shopper.accessToken, 'DELETE', '/api/address/disable', { _id: addressId });
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    await expect(page.getByText('Please select an address before placing the order.')).toBeVisible();
    await shot(page, info, 'checkout-select-address');
    expect(await myOrders(request, shopper)).toHaveLength(0);

    // the price changes after the page showed it: the new totals are shown, nothing is placed
    await addAddress(request, shopper, 'Home Again');
    await page.goto('/checkout/payment');
    await page.getByRole('radio', { name: /Home Again/ }).check();
    await page.getByRole('radio', { name: /^20 Minutes to 30 Minutes/ }).check();
    const before = computeTotals([{ pricePaise: 1000, discount: 0, quantity: 30 }, { pricePaise: 9900, discount: 7, quantity: 2 }], EXPRESS);
    await expect(page.getByTestId('bill-total')).toHaveText(formatRs(before.grandTotalPaise));
    const patched = await call(request, admin.accessToken, 'PATCH', '/api/product/update', { _id: discounted, price: 149 });
    expect(patched.status, patched.body.message).toBe(200);
    const after = computeTotals([{ pricePaise: 1000, discount: 0, quantity: 30 }, { pricePaise: 14900, discount: 7, quantity: 2 }], EXPRESS);
    await page.getByRole('button', { name: 'Cash on Delivery' }).click();
    const changed = page.getByRole('alertdialog', { name: 'Prices changed' });
    await expect(changed).toContainText(`your total is now ${formatRs(after.grandTotalPaise)}`);
    await expect(changed.getByRole('definition').last()).toHaveText(formatRs(after.grandTotalPaise));
    await shot(page, info, 'checkout-prices-changed');
    await expectAccessible(page, info, 'checkout-prices-changed');
    expect(await myOrders(request, shopper)).toHaveLength(0);
    await changed.getByRole('button', { name: 'Review order' }).click();
    await expect(page.getByTestId('bill-total')).toHaveText(formatRs(after.grandTotalPaise));
    await call(request, admin.accessToken, 'PATCH', '/api/product/update', { _id: discounted, price: 99 });
    await setCart(request, shopper, [{ productId: tenRupees, quantity: 30 }]);

    // location off when ordering: the order still goes, with 'Location not available'
    await context.clearPermissions();
    await page.goto('/checkout/payment');
    await payWith(page, SCHEDULED);
    await expect(page.getByText('Location not available').first()).toBeVisible();
    const [order] = await myOrders(request, shopper);
    expect(order?.location).toBe('Location not available');
  });

  test('a basket whose total would round to Rs.0 says what more it needs, and Cash on Delivery waits for it', async ({ page, request }, info) => {
    // these servers take any basket (MIN_ORDER_RUPEES=0), but never a total of Rs.0: an Rs.8 toffee sent free
    const toffee = await createProduct(request, admin, { name: `E2E Toffee ${Date.now()}`, price: 8 });
    const shopper = await newShopper(request, 'Small Basket');
    await addAddress(request, shopper);
    await useSession(page, shopper);
    await setCart(request, shopper, [{ productId: toffee, quantity: 1 }]);
    await page.goto('/checkout/payment');
    await page.getByRole('group', { name: 'Choose your address' }).getByRole('radio').first().check();
    const pay = page.getByRole('button', { name: 'Cash on Delivery' });
    // the standard option's fee makes a real total: nothing to add
    await page.getByRole('radio', { name: /^50 Minutes to 1 Hour/ }).check();
    await expect(pay).toBeEnabled();
    await page.getByRole('radio', { name: /^Between 2 Hours to 2\.30 Hours/ }).check();
    await expect(page.getByTestId('bill-total')).toHaveText('Rs.0.00');
    await expect(page.getByRole('status').filter({ hasText: 'Add Rs.2.00 more to order' })).toBeVisible();
    await expect(pay).toBeDisabled();
    await expect(pay).toHaveAccessibleDescription('Add Rs.2.00 more to order');
    await shot(page, info, 'checkout-below-minimum');
    // one more toffee is enough: the notice goes and the order goes through
    await setCart(request, shopper, [{ productId: toffee, quantity: 2 }]);
    await page.reload();
    await payWith(page, SCHEDULED);
    const [placed] = await myOrders(request, shopper);
    expect(placed?.totalAmt).toBe(10);
  });

  test('/future comes back to the checkout after 5 seconds or at once; /cancel goes home', async ({ page }, info) => {
    // at once: the button
    await page.clock.install();
    await page.goto('/future');
    const heading = page.getByRole('heading', { name: 'Coming Soon!' });
    await expect(heading).toBeVisible();
    await page.getByRole('button', { name: 'Back to checkout' }).click();
    // (not signed in: the checkout sends on to the login, and the test waits for it, so nothing is left in flight)
    await expect(page).toHaveURL(/\/login$/);
    // after 5 seconds: the countdown is the page's clock, stood still by the test (on a loaded machine the first
    // second passed before its '5 seconds' was read) and moved a second at a time; the page is opened again inside
    // the app, its code already loaded, so it comes up with the clock standing
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
    await page.evaluate(() => {
      window.history.pushState(null, '', '/future');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(heading).toBeVisible();
    const countdown = page.getByRole('status').filter({ hasText: /^Redirecting in/ });
    await expect(countdown).toHaveText('Redirecting in 5 seconds...');
    await shot(page, info, 'future');
    // axe waits on the page's timers: they run a millisecond at a time while it scans, the countdown all but still
    await whileTicking(page, expectAccessible(page, info, 'future'));
    await expect(page).toHaveURL(/\/future$/);
    for (const left of [4, 3, 2, 1]) {
      await page.clock.runFor(1000);
      await expect(countdown).toHaveText(`Redirecting in ${left} seconds...`);
    }
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(/\/(checkout|login)$/);
    await page.clock.resume();

    await page.goto('/cancel');
    await expect(page.getByRole('heading', { name: 'Order Cancel' })).toBeVisible();
    await shot(page, info, 'cancel');
    await expectAccessible(page, info, 'cancel');
    await page.getByRole('link', { name: 'Go To Home' }).click();
    await expect(page).toHaveURL(`${openUrl()}/`);
  });
});
