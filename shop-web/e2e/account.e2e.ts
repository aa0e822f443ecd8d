// The shopper's account in the browser (phone): register, log in and out, recover a password with the code the
// shop's admin sees, verify the number, edit the profile, and a session renewed behind the shopper's back.
import { expect, test, type Page } from '@playwright/test';
import { accountControl, expectAccessible, openUrl, shot } from './helpers';
import { call, expiredCopy, freshMobile, newShopper, resetCodeFor, useSession } from './shopper-api';

test.use({ baseURL: process.env.KADE_URL });

const mobileBox = (page: Page) => page.getByLabel('Mobile number');
const otpBoxes = (page: Page) => page.getByRole('textbox', { name: /^Digit \d of 6$/ });

test.describe('accounts', () => {
  test('register, log in, log out, and log in again with the number pre-filled', async ({ page }, info) => {
    const mobile = freshMobile();
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    const register = page.getByRole('button', { name: 'Register' });
    await expect(register).toBeDisabled();
    await shot(page, info, 'register');
    await expectAccessible(page, info, 'register');

    // digits only, at most 10 kept
    await mobileBox(page).fill('07a1-2');
    await expect(mobileBox(page)).toHaveValue('0712');
    await mobileBox(page).fill(`${mobile}999`);
    await expect(mobileBox(page)).toHaveValue(mobile);

    await page.getByLabel('Name').fill('Nila Perera');
    await mobileBox(page).fill('07712');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await expect(register).toBeEnabled();
    await register.click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
    await mobileBox(page).fill(mobile);
    await register.click();
    await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('nila-secret-1');
    await page.getByLabel('Confirm password').fill('nila-secret-2');
    await register.click();
    await expect(page.getByText('Password and confirm password must be same.')).toBeVisible();
    await shot(page, info, 'register-errors');
    await page.getByLabel('Confirm password').fill('nila-secret-1');
    await register.click();

    // registering signs the shopper in (issue 36): home, with the session kept, no second password entry
    await expect(page).toHaveURL(`${openUrl()}/`);
    await expect(page.getByText('Your account is ready. You are logged in.')).toBeVisible();
    await expect(accountControl(page)).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('accesstoken'), localStorage.getItem('refreshToken')].every((t) => !!t))).toBe(true);

    // the phone's account menu page
    await page.goto('/user');
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByText('Nila Perera')).toBeVisible();
    await expect(page.getByRole('link', { name: /My Orders\s*0/ })).toBeVisible();
    await shot(page, info, 'user-menu');
    await expectAccessible(page, info, 'user-menu');
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accesstoken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('lastMobile'))).toBe(mobile);

    // the login page: the number is pre-filled, a wrong password is refused
    await page.goto('/login');
    await expect(mobileBox(page)).toHaveValue(mobile);
    const loginButton = page.getByRole('button', { name: 'Login' });
    await expect(loginButton).toBeDisabled();
    await shot(page, info, 'login');
    await expectAccessible(page, info, 'login');
    await page.getByLabel('Password').fill('wrong-password');
    await loginButton.click();
    await expect(page.getByText('Wrong mobile number or password.')).toBeVisible();
    await page.getByLabel('Password').fill('nila-secret-1');
    await loginButton.click();
    await expect(page).toHaveURL(`${openUrl()}/`);
    await accountControl(page).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();

    // logging in again: the number is pre-filled
    await page.goto('/login');
    await expect(mobileBox(page)).toHaveValue(mobile);
    await page.getByLabel('Password').fill('nila-secret-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${openUrl()}/`);
    await accountControl(page).click();
    await expect(page.getByText('Nila Perera')).toBeVisible();
  });

  test('a forgotten password is reset with the code the admin sees; the reset page needs a verified code', async ({ page, request }, info) => {
    const shopper = await newShopper(request, 'Forgetful Shopper');
    // the reset page on its own goes home
    await page.goto('/reset-password');
    await expect(page).toHaveURL(`${openUrl()}/`);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await mobileBox(page).fill('0771');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
    await shot(page, info, 'forgot-password');
    await expectAccessible(page, info, 'forgot-password');
    await mobileBox(page).fill(shopper.mobile);
    await page.getByRole('button', { name: 'Send OTP' }).click();

    await expect(page).toHaveURL(/\/verification-otp$/);
    await expect(otpBoxes(page)).toHaveCount(6);
    const verify = page.getByRole('button', { name: 'Verify OTP' });
    await expect(verify).toBeDisabled();
    const code = await resetCodeFor(request, shopper.mobile);

    // a wrong code is refused and counted
    const wrong = code === '111111' ? '222222' : '111111';
    await otpBoxes(page).first().click();
    for (const digit of wrong) await page.keyboard.type(digit);
    await expect(otpBoxes(page).last()).toHaveValue(wrong[5] ?? '');
    await verify.click();
    await expect(page.getByText(/Wrong code\. 4 tries left\./)).toBeVisible();

    // typing moves focus on; pasting fills every box
    await otpBoxes(page).first().click();
    await page.keyboard.type(code[0] ?? '');
    await expect(otpBoxes(page).nth(1)).toBeFocused();
    await otpBoxes(page).nth(1).evaluate((box, text) => {
      const data = new DataTransfer();
      data.setData('text', text);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    for (let i = 0; i < 6; i += 1) await expect(otpBoxes(page).nth(i)).toHaveValue(code[i] ?? '');
    await shot(page, info, 'verification-otp');
    await expectAccessible(page, info, 'verification-otp');
    await verify.click();

    await expect(page).toHaveURL(/\/reset-password$/);
    const change = page.getByRole('button', { name: 'Change Password' });
    await expect(change).toBeDisabled();
    await page.getByLabel('New password').fill('brand-new-pass');
    await page.getByLabel('Confirm password').fill('brand-new-pas');
    await change.click();
    await expect(page.getByText('New password and confirm password must be same.')).toBeVisible();
    await shot(page, info, 'reset-password');
    await expectAccessible(page, info, 'reset-password');
    await page.getByLabel('Confirm password').fill('brand-new-pass');
    await change.click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(mobileBox(page)).toHaveValue(shopper.mobile);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(`${openUrl()}/`);
    await expect(accountControl(page)).toBeVisible();
  });

  test('profile: name and mobile, a new photo, the number verified with a code, and a failed check', async ({ page, request }, info) => {
    const shopper = await newShopper(request, 'Profile Person');
    await useSession(page, shopper);
    await page.goto('/dashboard/profile');
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText('Number not verified.')).toBeVisible();
    await shot(page, info, 'profile');
    await expectAccessible(page, info, 'profile');

    await page.getByLabel('Name').fill('Profile Renamed');
    await mobileBox(page).fill('07123');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please enter a valid 10-digit mobile number.')).toBeVisible();
    const newNumber = freshMobile();
    await mobileBox(page).fill(newNumber);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Profile updated.')).toBeVisible();
    const details = await call<{ name: string; mobile: string; avatar: string }>(request, shopper.accessToken, 'GET', '/api/user/user-details');
    expect(details.body.data).toMatchObject({ name: 'Profile Renamed', mobile: newNumber });

    // a photo: one of the shop's own images
    const home = await call<{ deals: Array<{ image: string[] }> }>(request, null, 'GET', '/api/product/home');
    const imageUrl = home.body.data.deals[0]?.image[0] ?? '';
    const bytes = await (await request.get(imageUrl.startsWith('http') ? imageUrl : `${openUrl()}${imageUrl}`)).body();
    // the avatar modal: a preview of the chosen photo, Cancel changes nothing, Save uploads it
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Change photo' }).click();
    let modal = page.getByRole('dialog', { name: 'Change photo' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await modal.getByLabel('Choose a photo').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
    await expect(modal.getByRole('alert')).toHaveText('Please choose a PNG, JPEG or WebP photo of at most 5 MB.');
    await expect(modal.getByRole('button', { name: 'Save' })).toBeDisabled();
    await modal.getByLabel('Choose a photo').setInputFiles({ name: 'me.webp', mimeType: 'image/webp', buffer: bytes });
    await expect(modal.getByRole('img', { name: 'Preview of the new photo' })).toBeVisible();
    await expect(modal.getByRole('alert')).toHaveCount(0);
    await shot(page, info, 'profile-photo-preview');
    await expectAccessible(page, info, 'profile-photo-preview');
    let uploads = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/upload-avatar')) uploads += 1;
    });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Change photo' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'Your photo' })).toHaveCount(0);
    expect(uploads).toBe(0);

    await page.getByRole('button', { name: 'Change photo' }).click();
    modal = page.getByRole('dialog', { name: 'Change photo' });
    await expect(modal.getByRole('img', { name: 'Preview of the new photo' })).toHaveCount(0);
    await modal.getByLabel('Choose a photo').setInputFiles({ name: 'me.webp', mimeType: 'image/webp', buffer: bytes });
    await expect(modal.getByRole('img', { name: 'Preview of the new photo' })).toBeVisible();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Photo updated.')).toBeVisible();
    await expect(modal).toHaveCount(0);
    expect(uploads).toBe(1);
    await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
    await shot(page, info, 'profile-photo');

    // verify the (new) number with a code: /otp
    await page.getByRole('link', { name: 'Verify now' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    await expect(page.getByText(`Your number ${newNumber} is not verified yet.`)).toBeVisible();
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await expect(otpBoxes(page)).toHaveCount(6);
    const code = await resetCodeFor(request, newNumber);
    await otpBoxes(page).first().click();
    await page.keyboard.type(code);
    await shot(page, info, 'otp');
    await expectAccessible(page, info, 'otp');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText(`Your number ${newNumber} is verified.`)).toBeVisible();

    // the verification check failing says so
    await page.route('**/api/user/check-email-verification', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"success":false,"error":true,"message":"down"}' }));
    await page.goto('/dashboard/profile');
    await expect(page.getByText('Error checking email verification').first()).toBeVisible();
  });

  test('an expired access token is renewed without the shopper noticing', async ({ page, request }, info) => {
    const shopper = await newShopper(request, 'Sleepy Shopper');
    const expired = expiredCopy(shopper.accessToken);
    const refused = await call(request, expired, 'GET', '/api/user/user-details');
    expect(refused.status).toBe(401);
    await page.addInitScript(
      ([access, refresh]) => {
        if (!window.sessionStorage.getItem('seeded')) {
          window.sessionStorage.setItem('seeded', '1');
          window.localStorage.setItem('accesstoken', access);
          window.localStorage.setItem('refreshToken', refresh);
        }
      },
      [expired, shopper.refreshToken] as const,
    );
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/user/refresh-token')) refreshes.push(response.status());
    });
    await page.goto('/dashboard/myorders');
    await expect(page.getByRole('heading', { name: 'My Orders' })).toBeVisible();
    await expect(page.getByText('No Data')).toBeVisible();
    await expect(page.getByText('Please Login')).toHaveCount(0);
    expect(refreshes).toEqual([200]);
    const stored = await page.evaluate(() => [localStorage.getItem('accesstoken'), localStorage.getItem('refreshToken')]);
    expect(stored[0]).not.toBe(expired);
    expect(stored[1]).not.toBe(shopper.refreshToken);
    const renewed = await call(request, stored[0] ?? '', 'GET', '/api/user/user-details');
    expect(renewed.status).toBe(200);
    await shot(page, info, 'my-orders-empty');
    await expectAccessible(page, info, 'my-orders-empty');
  });
});
