// Issue 21, the words: a shopper switches the shop to Tamil, then to Sinhala, and buys in each: home, a listing,
// a product, the cart, the checkout's address and payment steps, the placed order and My Orders, each screen
// photographed (test-results/screens/phone-i18n-<language>-<step>.png) and checked by axe, on a 360 px phone.
// The choice is kept on the phone (a reload keeps it) and on the account, and <html lang> follows it.
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { LANGUAGE_NAMES, OTP_LENGTH, UPLOAD_MAX_BYTES, type Language } from '@kade/shared';
import { STORAGE_KEYS } from '../src/lib/ui-constants';
import { expectAccessible, shot, wordsOf } from './helpers';
import { addAddress, adminSession, call, createProduct, freshMobile, newShopper, PASSWORD, placeCodOrder, resetCodeFor, setCart, SHOP_POSITION, useSession, type Session } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL, geolocation: SHOP_POSITION, permissions: ['geolocation'], viewport: { width: 360, height: 780 } });

/** Nothing wider than the screen: no sideways scrolling at 360 px. */
async function expectNoOverflow(page: Page, step: string): Promise<void> {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, `${step}: the page is ${widths.page}px wide on a ${widths.screen}px screen`).toBeLessThanOrEqual(widths.screen);
}

/** The script's own face drew the words (loaded), not a fallback's boxes. */
async function expectScriptFont(page: Page, language: Language): Promise<void> {
  const [family, sample] = language === 'ta' ? ['Noto Sans Tamil', 'அ'] : ['Noto Sans Sinhala', 'අ'];
  await expect.poll(() => page.evaluate(([f, s]) => document.fonts.ready.then(() => document.fonts.check(`16px "${f}"`, s)), [family, sample] as const)).toBe(true);
}

async function accountLanguage(request: Parameters<typeof call>[0], shopper: Session): Promise<unknown> {
  return (await call<{ language: unknown }>(request, shopper.accessToken, 'GET', '/api/user/user-details')).body.data.language;
}

/** Every screen of a purchase in `language`: the words on screen come from its catalogue. */
async function buyIn(page: Page, request: Parameters<typeof call>[0], language: Language, info: TestInfo): Promise<void> {
  const t = wordsOf(language);
  // The product bought is the walk's own: the shop's first shelf shows the newest products first, which other files
  // make and sell out (a packing walk marks its lines short) while this walk has one in its cart.
  const productName = `Language Walk Tea ${language} ${Date.now() % 1_000_000}`;
  await createProduct(request, await adminSession(request), { name: productName, price: 180, stock: 5000 });
  const step = async (name: string) => {
    await expectNoOverflow(page, name);
    await shot(page, info, `i18n-${language}-${name}`);
    await expectAccessible(page, info, `i18n-${language}-${name}`);
  };

  // home
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.getByRole('heading', { name: t('home.byCategory') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('home.specialDeal') })).toBeVisible();
  await expectScriptFont(page, language);
  // the fresh hours beside Vegetable and Meat as the language writes a time (Intl, or digits): never 'AM' or 'PM'
  const freshHours = page.locator('.category-tile__hours').first();
  await expect(freshHours).toHaveText(/^\(\d{1,2}[.:]\d\d – \d{1,2}[.:]\d\d\)$/);
  await step('home');

  // a listing: the first shelf that has products
  await page.locator('.category-grid a').first().click();
  await expect(page.locator('.listing__subs')).toBeVisible();
  await expect(page.locator('.product-card').filter({ has: page.locator('button.add-to-cart:not(.add-to-cart--closed)') }).first()).toBeVisible();
  await step('listing');

  // the walk's own product found by a search, its sheet, added from there
  await page.goto(`/search?q=${encodeURIComponent(productName)}`);
  const own = page.locator('.product-card').filter({ hasText: productName });
  await expect(own).toHaveCount(1);
  await own.locator('.product-card__link').click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('heading', { name: t('product.description') })).toBeVisible();
  await expect(sheet.getByText(t('product.withinHour'))).toBeVisible();
  await sheet.locator('.sheet__buy button.add-to-cart').click();
  await expect(sheet.locator('.sheet__buy .stepper')).toBeVisible();
  await expect(page.getByText(t('cart.itemAdded'))).toBeVisible();
  await step('product');
  await sheet.getByRole('button', { name: t('common.close') }).click();
  await expect(sheet).toBeHidden();

  // the cart
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: t('cart.myCart'), level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('bill.title') })).toBeVisible();
  await step('cart');
  await page.getByRole('button', { name: t('cart.proceed') }).click();

  // the checkout's address step
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { name: t('checkout.title'), level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: t('checkout.chooseAddress') }).getByRole('radio').first()).toBeChecked();
  await step('checkout-address');
  await page.getByRole('button', { name: t('checkout.continue') }).click();

  // payment: the option by its name in the language, the notes, the bill
  await expect(page).toHaveURL(/\/checkout\/payment$/);
  await expect(page.getByText(t('checkout.selectOption'))).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${t('delivery.standard').replace(/[.()]/g, '\\$&')}`) }).check();
  await expect(page.getByText(t('checkout.notes.cancelText'))).toBeVisible();
  await expect(page.getByText(t('checkout.notes.staffText'))).toBeVisible();
  await step('payment');

  // placed
  await page.getByRole('button', { name: t('checkout.cashOnDelivery') }).click();
  // one confirmation (issue 36): the success page says it, with nothing to dismiss first
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('main').getByText(t('checkout.placedMessage'))).toBeVisible();
  await expect(page.getByRole('heading', { name: t('result.orderSuccess') })).toBeVisible();
  await step('success');

  // My Orders: the order with its status and delivery option in the language
  await page.goto('/dashboard/myorders');
  await expect(page.getByRole('heading', { name: t('account.myOrders'), level: 1 })).toBeVisible();
  const card = page.locator('.order-card').first();
  await expect(card.locator('.status-badge')).toHaveText(t('status.Pending'));
  await expect(card).toContainText(t('delivery.standard'));
  await expect(card.getByRole('button', { name: t('orders.cancel.cancel') })).toBeVisible();
  // the payment, the address's labels and place type, and the dates in the language (Intl's si-LK, ta-LK)
  await expect(card).toContainText(`${t('checkout.cashOnDelivery')} · ${t('orders.notPaid')}`);
  await expect(card).toContainText(t('address.mobileValue', { mobile: '0771234567' }));
  await expect(card).toContainText(t('address.landmarkValue', { landmark: 'Near the temple' }));
  await expect(card).toContainText(`Veedu (${t('address.place.Home')})`);
  const orderedAt = card.locator('dt', { hasText: t('orders.orderedAt') }).locator('xpath=following-sibling::dd');
  // Intl's words for the month where the browser has them (Tamil), else digits (Chromium has no Sinhala dates):
  // never English's 'Nov' and 'PM'
  await expect(orderedAt).toHaveText(/\d{4}/);
  await expect(orderedAt).not.toHaveText(/[A-Za-z]/);
  await step('my-orders');
  // the dashboard's frame around the shopper's own pages speaks the language too: its menu and the menu's links
  await page.getByRole('button', { name: t('dashboard.menu') }).click();
  const menu = page.getByRole('navigation', { name: t('account.myAccount') });
  await expect(menu.getByRole('link', { name: t('account.profile') })).toBeVisible();
  await expect(menu.getByRole('link', { name: t('account.saveAddress') })).toBeVisible();
  await step('my-orders-menu');
  await menu.getByRole('button', { name: t('dashboard.closeMenu') }).click();
}

test.describe('the shop in Tamil and in Sinhala', () => {
  test('a shopper switches to Tamil, buys, then to Sinhala on /user and buys again; the choice survives a reload and is kept on the account', async ({ page, request }, info) => {
    test.setTimeout(360_000);
    const shopper = await newShopper(request, 'Kumari Selvam');
    await addAddress(request, shopper, 'Veedu');
    await useSession(page, shopper);
    expect(await accountLanguage(request, shopper)).toBeNull();

    // English first (the phone asks for English), then the header's switch
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const toggle = page.getByRole('button', { name: 'Language: English' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator('.language-menu__list');
    await expect(menu.getByRole('button')).toHaveText(['English', LANGUAGE_NAMES.si, LANGUAGE_NAMES.ta]);
    await expectAccessible(page, info, 'i18n-language-menu');
    await menu.getByRole('button', { name: LANGUAGE_NAMES.ta }).click();
    const ta = wordsOf('ta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { name: ta('home.byCategory') })).toBeVisible();
    await expect.poll(() => accountLanguage(request, shopper)).toBe('ta');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.language)).toBe('"ta"');

    // a reload keeps it
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('button', { name: `${ta('language.title')}: ${LANGUAGE_NAMES.ta}` })).toBeVisible();

    await buyIn(page, request, 'ta', info);

    // Sinhala from the account page's buttons
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: ta('account.myAccount') })).toBeVisible();
    const choices = page.getByRole('group', { name: ta('language.title') });
    await expect(choices.getByRole('button', { name: LANGUAGE_NAMES.ta })).toHaveAttribute('aria-pressed', 'true');
    await choices.getByRole('button', { name: LANGUAGE_NAMES.si }).click();
    const si = wordsOf('si');
    await expect(page.getByRole('heading', { name: si('account.myAccount') })).toBeVisible();
    await expect(page.getByRole('group', { name: si('language.title') }).getByRole('button', { name: LANGUAGE_NAMES.si })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'si');
    await expect.poll(() => accountLanguage(request, shopper)).toBe('si');
    await shot(page, info, 'i18n-si-user');
    await expectAccessible(page, info, 'i18n-si-user');

    await buyIn(page, request, 'si', info);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'si');
    await expect(page.getByRole('heading', { name: si('account.myOrders'), level: 1 })).toBeVisible();
  });

  test('<html lang> is written only when the language changes: never again with the value it holds (a whole-page restyle)', async ({ page }) => {
    // every write of the attribute, with the value it replaced (a MutationObserver sees a write of the same value too)
    await page.addInitScript(() => {
      const writes: Array<string | null> = [];
      (window as unknown as { langWrites: typeof writes }).langWrites = writes;
      // on the document (its root element is not made yet when this runs), the root's writes only
      new MutationObserver((records) => {
        for (const record of records) if (record.target === document.documentElement) writes.push(record.oldValue);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['lang'], attributeOldValue: true });
    });
    /** Each write as [the value it replaced, the value it wrote] (a write's value is what the next one replaced). */
    const writes = () =>
      page.evaluate(() => {
        const old = (window as unknown as { langWrites: Array<string | null> }).langWrites;
        return old.map((value, i) => [value, i + 1 < old.length ? old[i + 1] : document.documentElement.lang]);
      });
    await page.goto('/');
    await expect(page.locator('.product-card').first()).toBeVisible();
    await page.goto('/dashboard/myorders'); // a shopper's dashboard page: still the shopper's language
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Language: English' });
    await toggle.click();
    await page.locator('.language-menu__list').getByRole('button', { name: LANGUAGE_NAMES.si }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'si');
    await expect(page.locator('.product-card').first()).toBeVisible();
    const seen = await writes();
    expect(seen).toContainEqual(['en', 'si']);
    expect(seen.filter(([before, after]) => before === after)).toEqual([]);
  });

  test("a phone that has not chosen takes the account's language at sign-in, and only that language's catalogue is fetched", async ({ page, request }) => {
    const shopper = await newShopper(request, 'Nimal Perera');
    await call(request, shopper.accessToken, 'PUT', '/api/user/update-user', { language: 'si' });
    const catalogues: string[] = [];
    page.on('request', (req) => {
      if (/\/assets\/shop-[\w-]{8}\.js$/.test(req.url())) catalogues.push(req.url());
    });
    await useSession(page, shopper);
    await page.goto('/');
    const si = wordsOf('si');
    await expect(page.getByRole('heading', { name: si('home.byCategory') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'si');
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.language)).toBe('"si"');
    // English (the phone's) first, then Sinhala: never the Tamil one
    expect(catalogues.length).toBeGreaterThan(0);
    expect(catalogues.length).toBeLessThanOrEqual(2);
  });

  test('a shopper registers and logs in in Sinhala, then sets a new password with a code in Tamil: every screen, field error and refusal in the language', async ({ page, request }, info) => {
    test.setTimeout(180_000);
    const step = async (name: string) => {
      await expectNoOverflow(page, name);
      await shot(page, info, name);
      await expectAccessible(page, info, name);
    };
    await page.addInitScript(([key]) => window.localStorage.getItem(key) ?? window.localStorage.setItem(key, '"si"'), [STORAGE_KEYS.language] as const);
    const si = wordsOf('si');
    const mobile = freshMobile();

    // register: the phone's own checks, in Sinhala
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'si');
    await expect(page.getByRole('heading', { name: si('auth.registerTitle'), level: 1 })).toBeVisible();
    await page.getByLabel(si('auth.name')).fill('Nila Perera');
    await page.getByLabel(si('address.fields.mobile')).fill('0771');
    await page.getByLabel(si('auth.password'), { exact: true }).fill('short');
    await page.getByLabel(si('auth.confirmPassword')).fill('short');
    await page.getByRole('button', { name: si('auth.registerButton') }).click();
    await expect(page.getByText(si('validation.mobileInvalid'))).toBeVisible();
    await expect(page.getByText(si('validation.passwordTooShort', { min: 8 }))).toBeVisible();
    await expectScriptFont(page, 'si');
    await step('i18n-si-register');
    await page.getByLabel(si('address.fields.mobile')).fill(mobile);
    await page.getByLabel(si('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(si('auth.confirmPassword')).fill(PASSWORD);
    await page.getByRole('button', { name: si('auth.registerButton') }).click();
    await expect(page.getByText(si('auth.registered'))).toBeVisible();
    // registering signed the shopper in (issue 36): home, then out again from /user to meet the login page
    await expect(page).toHaveURL(/:\d+\/$/);
    await page.goto('/user');
    await page.getByRole('button', { name: si('account.logOut') }).click();
    await expect(page.getByRole('link', { name: si('account.login') }).first()).toBeVisible();

    // login: the server's refusal from its code, then in
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: si('auth.loginTitle'), level: 1 })).toBeVisible();
    await expect(page.getByLabel(si('address.fields.mobile'))).toHaveValue(mobile);
    await page.getByLabel(si('auth.password'), { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: si('auth.loginButton') }).click();
    await expect(page.getByText(si('errors.WRONG_CREDENTIALS'))).toBeVisible();
    await step('i18n-si-login');
    await page.getByLabel(si('auth.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: si('auth.loginButton') }).click();
    await expect(page.getByText(si('auth.loggedIn'))).toBeVisible();

    // the profile: a name the server refuses (a control character) is said from the rule it broke, not in English
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: si('account.profile'), level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: si('dashboard.menu') })).toBeVisible();
    await expect(page.getByRole('button', { name: si('profile.changePhoto') })).toBeVisible();
    await expect(page.getByText(si('profile.numberNotVerified'))).toBeVisible();
    await page.getByLabel(si('auth.name')).fill('Nila\u0007 Perera');
    await page.getByRole('button', { name: si('profile.submit') }).click();
    await expect(page.getByText(si('validation.notAllowedCharacter', { field: si('auth.name') }))).toBeVisible();
    await expect(page.getByText('contains a character that is not allowed')).toHaveCount(0);
    await step('i18n-si-profile');
    await page.getByRole('button', { name: si('profile.changePhoto') }).click();
    const photo = page.getByRole('dialog', { name: si('profile.changePhoto') });
    await photo.getByLabel(si('profile.choosePhoto')).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(photo.getByRole('alert')).toHaveText(si('profile.wrongFile', { mb: UPLOAD_MAX_BYTES / 2 ** 20 }));
    await step('i18n-si-photo');
    await photo.getByRole('button', { name: si('common.cancel') }).click();

    // Tamil, signed out: a new password with the code the shop reads out
    await page.evaluate((key) => {
      window.localStorage.clear();
      window.localStorage.setItem(key, '"ta"');
    }, STORAGE_KEYS.language);
    await page.context().clearCookies();
    const ta = wordsOf('ta');
    await page.goto('/forgot-password');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ta');
    await expect(page.getByRole('heading', { name: ta('auth.forgotTitle'), level: 1 })).toBeVisible();
    await page.getByLabel(ta('address.fields.mobile')).fill(mobile);
    await page.getByRole('button', { name: ta('auth.sendOtp') }).click();
    await expect(page.getByText(ta('auth.codeSent', { length: OTP_LENGTH }))).toBeVisible();
    await expect(page).toHaveURL(/\/verification-otp$/);
    await expect(page.getByRole('heading', { name: ta('auth.codeTitle'), level: 1 })).toBeVisible();
    await expect(page.getByText(ta('auth.codeText', { mobile }))).toBeVisible();
    const boxes = page.getByRole('group', { name: ta('auth.otpLegend', { length: 6 }) }).getByRole('textbox');
    await expect(boxes).toHaveCount(6);
    await expect(boxes.first()).toHaveAccessibleName(ta('auth.digitOf', { n: 1, total: 6 }));
    const code = await resetCodeFor(request, mobile);
    const wrong = code === '111111' ? '222222' : '111111';
    await boxes.first().click();
    for (const digit of wrong) await page.keyboard.type(digit);
    await page.getByRole('button', { name: ta('auth.verifyOtp') }).click();
    // the tries left, which the English sentence counts, are counted in Tamil too
    await expect(page.getByText(ta('errorDetail.OTP_WRONG_other', { count: 4 }))).toBeVisible();
    await step('i18n-ta-code');
    await boxes.first().click();
    for (const digit of code) await page.keyboard.type(digit);
    await page.getByRole('button', { name: ta('auth.verifyOtp') }).click();

    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: ta('auth.resetTitle'), level: 1 })).toBeVisible();
    await page.getByLabel(ta('auth.newPassword')).fill('tamil-new-pass');
    await page.getByLabel(ta('auth.confirmPassword')).fill('tamil-new-pas');
    await page.getByRole('button', { name: ta('auth.changePassword') }).click();
    await expect(page.getByText(ta('validation.resetMismatch'))).toBeVisible();
    await expectScriptFont(page, 'ta');
    await step('i18n-ta-reset');
    await page.getByLabel(ta('auth.confirmPassword')).fill('tamil-new-pass');
    await page.getByRole('button', { name: ta('auth.changePassword') }).click();
    await expect(page.getByText(ta('auth.passwordChanged'))).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    // the address changes before the login page is drawn; the reset page's two password fields are still there
    await expect(page.getByRole('heading', { name: ta('auth.loginTitle'), level: 1 })).toBeVisible();
    await page.getByLabel(ta('auth.password'), { exact: true }).fill('tamil-new-pass');
    await page.getByRole('button', { name: ta('auth.loginButton') }).click();
    await expect(page.getByText(ta('auth.loggedIn'))).toBeVisible();
    await step('i18n-ta-logged-in');
  });

  test('the static pages in Tamil: about and contact written in Tamil, the privacy policy and the terms saying in Tamil that they are in English', async ({ page }, info) => {
    await page.addInitScript(([key]) => window.localStorage.setItem(key, '"ta"'), [STORAGE_KEYS.language] as const);
    const ta = wordsOf('ta');
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: ta('pages.aboutShop', { shop: 'Kade' }), level: 1 })).toBeVisible();
    await expect(page.getByText(ta('pages.aboutText2'))).toBeVisible();
    await expect(page.getByText(ta('pages.englishOnly'))).toHaveCount(0);
    await page.goto('/contact');
    await expect(page.getByText(ta('pages.contactText'))).toBeVisible();
    await expect(page.locator('.contact-block')).toContainText(`${ta('pages.phone')}:`);
    await shot(page, info, 'i18n-ta-contact');
    for (const [path, title] of [['/privacy-policy', 'pages.privacy'], ['/terms-and-conditions', 'pages.terms']] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: ta(title), level: 1 })).toBeVisible();
      await expect(page.getByRole('note')).toHaveText(ta('pages.englishOnly'));
      // the English text in force, marked as English for screen readers
      await expect(page.locator('article [lang="en"]').first()).toBeVisible();
    }
    await expect(page.locator('.terms')).toHaveAttribute('lang', 'en');
    await page.goto('/privacy-policy');
    await expect(page.getByText(ta('pages.effectiveDate', { date: '' }).trim())).toBeVisible();
    await expect(page.getByText(/Effective date|May 2025/)).toHaveCount(0);
    await shot(page, info, 'i18n-ta-privacy');
    await expectAccessible(page, info, 'i18n-ta-privacy');
  });

  test('a server refusal shows in the language from its code: the last one of an item bought by someone else first', async ({ page, request }, info) => {
    const admin = await adminSession(request);
    const productName = `E2E Last Tea ${Date.now()}`;
    const productId = await createProduct(request, admin, { name: productName, price: 50, stock: 1 });
    const shopper = await newShopper(request, 'Late Buyer');
    await addAddress(request, shopper);
    await setCart(request, shopper, [{ productId, quantity: 1 }]);
    await page.addInitScript(([key]) => window.localStorage.setItem(key, '"ta"'), [STORAGE_KEYS.language] as const);
    await useSession(page, shopper);
    const ta = wordsOf('ta');
    await page.goto('/checkout');
    await page.getByRole('button', { name: ta('checkout.continue') }).click();
    await page.getByRole('radio', { name: new RegExp(`^${ta('delivery.standard')}`) }).check();
    // someone else takes the last one while this shopper reads the bill
    const other = await newShopper(request, 'Quick Buyer');
    await placeCodOrder(request, other, await addAddress(request, other), [{ productId, quantity: 1 }]);
    await page.getByRole('button', { name: ta('checkout.cashOnDelivery') }).click();
    // the product named, as the English sentence names it (no Tamil name given: the English one)
    await expect(page.getByText(ta('errorDetail.OUT_OF_STOCK', { name: productName }))).toBeVisible();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await shot(page, info, 'i18n-ta-refusal');
  });
});
