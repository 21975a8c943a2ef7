/**
 * The newcomer's defects of issue 18, through the UI as a person meets them: the optional
 * Academic Title, modal focus, the header on app. after a reload, role names, short links
 * that survive a reload, and the image picker's choice used as the profile image.
 */
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { hidden, useServerAndBrowser, visible } from './support/fixture';
import { logIn } from './support/account-flows';

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const ADMIN = { email: 'root@chi.localhost', password: 'a long admin password' };
const fx = useServerAndBrowser({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });

async function loggedInPage() {
  const opened = await fx.page();
  await logIn(fx, opened.page, ADMIN.email, ADMIN.password);
  await hidden(opened.page.getByRole('dialog', { name: 'Login' }));
  return opened;
}

describe('register with academic=true', () => {
  it('the Academic Title is optional: Register is enabled and the request is sent without it', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/?modal=register&redirect=/&academic=true'));
    const dialog = page.getByRole('dialog', { name: 'Register' });
    await visible(dialog.getByLabel('Academic Title'));
    await dialog.getByLabel('First Name').fill('Marie');
    await dialog.getByLabel('Last Name').fill('Curie');
    await dialog.getByLabel('Email address').fill(`marie.${Date.now()}@example.org`);
    const register = dialog.getByRole('button', { name: 'Register' });
    expect(await register.isEnabled()).toBe(true);
    await register.click();
    await visible(dialog.getByText('Your request has been submitted. You will receive an email with further instructions.'));
    await context.close();
  });
});

describe('modal focus', () => {
  // The first click may land on the prerendered page, whose static login dialog hands over to the
  // live one (ADR 075) a moment later: each check waits for where the focus settles.
  const hasFocus = (locator: Locator) => expect.poll(() => locator.evaluate((el) => el === document.activeElement), { timeout: 15_000 });

  it('opens on the first field and, closed, gives focus back to the control that opened it', async () => {
    const { context, page } = await fx.page();
    await page.goto(fx.server.url('app', '/'));
    const logInButton = page.getByRole('banner').getByRole('button', { name: 'Log in' });
    await logInButton.click();
    const dialog = page.getByRole('dialog', { name: 'Login' });
    await visible(dialog);
    await hasFocus(dialog.getByLabel('Email')).toBe(true);
    await page.keyboard.press('Escape');
    await hidden(dialog);
    await hasFocus(logInButton).toBe(true);

    // The same for a form opened from the page itself (Request an account → Register).
    const request = page.getByRole('main').getByRole('button', { name: 'Request an account' });
    await request.click();
    const register = page.getByRole('dialog', { name: 'Register' });
    await visible(register);
    await hasFocus(register.getByLabel('First Name')).toBe(true);
    await register.getByRole('button', { name: 'Cancel' }).click();
    await hidden(register);
    await hasFocus(request).toBe(true);
    await context.close();
  });
});

describe('the logged-in user on app.', () => {
  it('the header keeps showing the user after a reload of the home page; roles have human names', async () => {
    const { context, page } = await loggedInPage();
    await visible(page.getByRole('banner').getByRole('button', { name: /^Account menu of / }));
    await page.goto(fx.server.url('app', '/'));
    await page.reload();
    await visible(page.getByRole('banner').getByRole('button', { name: /^Account menu of / }));
    expect(await page.getByRole('banner').getByRole('button', { name: 'Log in' }).count()).toBe(0);

    await page.goto(fx.server.url('app', '/cloud'));
    await visible(page.getByText('Developer operator'));
    expect(await page.getByRole('main').textContent()).not.toContain('©is');
    await context.close();
  });
});

describe('short links on /cloud', () => {
  it('stay listed after a reload and can be deleted after a confirmation', async () => {
    const { context, page } = await loggedInPage();
    await page.goto(fx.server.url('app', '/cloud?tab=links'));
    await visible(page.getByText('You have not shortened any links yet.'));
    await page.getByLabel('Link to shorten').fill('https://example.org/a/very/long/address');
    await page.getByRole('button', { name: 'Shorten' }).click();
    const list = page.getByRole('list', { name: 'Your short links' });
    await visible(list.getByText('Goes to https://example.org/a/very/long/address'));

    await page.reload();
    await visible(list.getByText('Goes to https://example.org/a/very/long/address'));
    await list.getByRole('button', { name: /^Delete short link / }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete short link?' });
    await confirm.getByRole('button', { name: 'Delete short link' }).click();
    await visible(page.getByText('You have not shortened any links yet.'));
    await page.reload();
    await visible(page.getByText('You have not shortened any links yet.'));
    await context.close();
  });
});

describe('the image picker on /cloud', () => {
  it('"Use this image" makes it the profile image, kept after a reload; "Use Default Image" goes back', async () => {
    const { context, page } = await loggedInPage();
    await page.goto(fx.server.url('app', '/cloud'));
    const avatar = page.getByRole('main').getByRole('img', { name: /^Profile image of / });
    // The image address is answered here in the browser, so the test needs no network.
    const imageUrl = 'https://images.example.org/me.png';
    // Shown through the same-origin image proxy (ADR 058).
    const shownUrl = `/api/v1/image-proxy?url=${encodeURIComponent(imageUrl)}`;
    await page.route((url) => `${url.pathname}${url.search}` === shownUrl, (route) => route.fulfill({ contentType: 'image/png', body: ONE_PIXEL_PNG }));
    await page.getByRole('button', { name: 'Change profile image' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByRole('tab', { name: 'Custom' }).click();
    await picker.getByLabel('Image URL').fill(imageUrl);
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await hidden(picker);
    await visible(page.getByText('Your profile image has been changed.'));
    await page.waitForFunction((url) => document.querySelector(`main img[src="${url}"]`) !== null, shownUrl);

    await page.reload();
    await visible(avatar);
    expect(await avatar.getAttribute('src')).toBe(shownUrl);

    await page.getByRole('button', { name: 'Change profile image' }).click();
    await picker.getByRole('tab', { name: 'Custom' }).click();
    await picker.getByRole('button', { name: 'Use Default Image' }).click();
    await hidden(picker);
    await page.reload();
    await page.waitForFunction((url) => document.querySelector(`main img[src="${url}"]`) === null && document.querySelector('main [class*="Avatar"]') !== null, shownUrl);
    await context.close();
  });
});
