import sharp from 'sharp';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { asPerson, expectAccessible, newOwner, registerCompanyByApi, snap } from '../support/flows';

const photo = () =>
  // Unlike the default image (teal and cyan), so a screenshot tells them apart.
  sharp({ create: { width: 256, height: 256, channels: 3, background: '#f4a261' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="256" height="256"><rect x="64" y="64" width="128" height="128" rx="24" fill="#264653"/>' +
            '<circle cx="128" cy="128" r="36" fill="#e9c46a"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

/** Chooses a file through the real file dialog that the "Choose photo" button opens. */
async function choosePhoto(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose photo' }).click();
  await (await chooser).setFiles(file);
}

test('an agent uploads a photo and sees it; saving new names sends them to log in again', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Paula', lastName: 'Photo' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Paula Photo');

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // No picture yet: the default image stands in.
  const picture = page.getByRole('img', { name: 'Profile picture of Paula Photo' });
  await expect(picture).toBeVisible();
  await expect(page.locator('img[alt="Profile picture of Paula Photo"]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();

  // Not an image: refused before anything is sent.
  await choosePhoto(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert')).toHaveText('Choose an image file: PNG, JPEG, GIF or WebP.');
  // Text that calls itself a PNG gets past the browser, and the server, which reads its bytes, refuses it.
  await choosePhoto(page, { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.getByRole('alert')).toHaveText('The profile picture must be a PNG, JPEG, GIF or WebP image');

  await choosePhoto(page, { name: 'me.png', mimeType: 'image/png', buffer: await photo() });
  await expect(page.getByRole('status').filter({ hasText: 'Your photo was updated.' })).toBeVisible();
  const uploaded = page.locator('img[alt="Profile picture of Paula Photo"]');
  await expect(uploaded).toHaveAttribute('src', /^\/files\/[0-9a-f-]+\/[0-9a-f-]+\.thumb\.webp$/);
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'profile-edit-photo-1440');

  // Back without changing names: nothing to save, no logout; the profile shows the photo.
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(uploaded).toBeVisible();
  await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await snap(page, 'profile-photo-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(uploaded).toBeVisible();
  await snap(page, 'profile-photo-800');
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await snap(page, 'profile-edit-photo-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The photo survives a reload (it is the server's, not a preview).
  await page.reload();
  await expect(page.locator('img[alt="Profile picture of Paula Photo"]')).toBeVisible();

  await page.getByRole('button', { name: 'Edit profile' }).click();
  await page.getByLabel('First name').fill('Paulina');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your profile was updated. Please log in again.');
  // The session ended on the server too.
  expect((await (await page.request.get('/api/auth/validate')).json()).status).toBe('invalid');

  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Paulina Photo');
});

test('a broken picture falls back to the default image', async ({ page, request, mailbox }) => {
  const owner = newOwner({ firstName: 'Bruno', lastName: 'Broken' });
  await registerCompanyByApi(request, mailbox, owner);
  await asPerson(page).logIn(owner.email, owner.password);
  await asPerson(page).expectWorkspaceOf('Bruno Broken');
  // The stored picture is gone (e.g. a restored database without its files): the image answers 404.
  await page.route('**/api/auth/profile', async (route) => {
    const response = await route.fetch();
    const body = { ...(await response.json()), profilePic: '/files/00000000-0000-0000-0000-000000000000/x.png' };
    await route.fulfill({ response, json: body });
  });
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('img', { name: 'Profile picture of Bruno Broken' })).toBeVisible();
  await expect(page.locator('img[alt="Profile picture of Bruno Broken"]')).toHaveCount(0);
  await expectAccessible(page, 'profile-broken-picture');
});

test('with notifications denied the bell stays off and says why', async ({ browser, request, mailbox, baseURL }) => {
  const owner = newOwner({ firstName: 'Nora', lastName: 'Notify' });
  await registerCompanyByApi(request, mailbox, owner);
  // No permission granted: headless Chromium answers the notification prompt with "denied".
  const context = await browser.newContext({ baseURL, permissions: [] });
  const page = await context.newPage();
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Nora Notify');

  const bell = page.getByRole('button', { name: 'Push notifications' });
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.click();
  const hint = page.getByRole('status').filter({ hasText: 'Notifications are blocked for this site' });
  await expect(hint).toBeVisible();
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  const session = await (await page.request.get('/api/auth/validate')).json();
  expect(session.isPushSubscribed).toBe(false);
  await snap(page, 'push-denied-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await expect(hint).toBeVisible();
  await snap(page, 'push-denied-800');

  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(hint).toHaveCount(0);
  await context.close();
});

test('when the browser cannot subscribe, the bell stops spinning, stays off and says so', async ({
  browser,
  request,
  mailbox,
  baseURL,
}) => {
  const owner = newOwner({ firstName: 'Gina', lastName: 'Granted' });
  await registerCompanyByApi(request, mailbox, owner);
  // Notifications are allowed, but headless Chromium has no push service: subscribing fails.
  const context = await browser.newContext({ baseURL, permissions: ['notifications'] });
  const page = await context.newPage();
  await asPerson(page).logIn(owner.email, owner.password);
  await asPerson(page).expectWorkspaceOf('Gina Granted');

  const bell = page.getByRole('button', { name: 'Push notifications' });
  await bell.click();
  await expect(page.getByRole('status').filter({ hasText: 'Push notifications could not be switched' })).toBeVisible();
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await expect(bell).not.toHaveAttribute('aria-busy', 'true');
  expect((await (await page.request.get('/api/auth/validate')).json()).isPushSubscribed).toBe(false);
  await context.close();
});
