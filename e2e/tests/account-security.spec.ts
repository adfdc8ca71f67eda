import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { asPerson, newOwner, registerCompanyByApi, snap, uniqueEmail } from '../support/flows';

const NEW_PASSWORD = 'N3w-Secret!pass';

async function openProfile(page: Page) {
  // The narrow layout (≤ 1200 px) keeps Profile in the header's account menu.
  const account = page.getByRole('button', { name: 'Account', exact: true });
  if (await account.isVisible()) await account.click();
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
}

/** The control that has the keyboard focus shows a ring (box-shadow or outline), not nothing. */
async function expectVisibleFocus(page: Page) {
  const ring = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { shadow: style.boxShadow, outline: style.outlineStyle };
  });
  expect(ring.shadow !== 'none' || ring.outline !== 'none').toBe(true);
}

test('changing one’s e-mail asks for the current password and mails the old address', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Elsa', lastName: 'Email' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Elsa Email');
  await openProfile(page);
  await page.getByRole('button', { name: 'Edit profile' }).click();

  // Names alone need no password: the field is not there until the address changes.
  const current = page.getByLabel('Current password', { exact: true });
  await expect(current).toHaveCount(0);
  const newEmail = uniqueEmail('elsa.new');
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  await expect(current).toBeVisible();
  await expect(page.getByText('A new e-mail address needs your current password.')).toBeVisible();
  // Back to the old address (in capitals, still the same one): no password asked again.
  await page.getByRole('textbox', { name: 'Email' }).fill(owner.email.toUpperCase());
  await expect(current).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter your current password to change your e-mail address.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill('Wrong-passw0rd!');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
  // Refused: the session goes on.
  expect((await (await page.request.get('/api/auth/validate')).json()).status).toBe('valid');

  await current.fill(owner.password);
  await current.focus();
  await expectVisibleFocus(page);
  await snap(page, 'profile-email-current-password-1200');
  await page.setViewportSize({ width: 390, height: 844 });
  await current.scrollIntoViewIfNeeded();
  await expect(current).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'profile-email-current-password-390');
  await page.setViewportSize({ width: 1200, height: 900 });

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your profile was updated. Please log in again.');

  const notice = await mailbox.mailTo(owner.email, 'the e-mail address of your account was changed');
  expect(notice.text).toContain(`You changed the e-mail address of your KreeChat account to ${newEmail}`);
  expect(notice.text).toContain('If you did not make or expect this change');
  expect(mailbox.count(newEmail)).toBe(0);

  await person.logIn(owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Try again!');
  await person.logIn(newEmail, owner.password);
  await person.expectWorkspaceOf('Elsa Email');
});

test('changing one’s password ends the session, and the new one logs in', async ({ page, request, mailbox }) => {
  const owner = newOwner({ firstName: 'Paco', lastName: 'Password' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await page.setViewportSize({ width: 1200, height: 900 });
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Paco Password');
  await openProfile(page);
  await snap(page, 'profile-view-1200');

  // The row is reached by keyboard, with a visible focus ring.
  await page.getByRole('button', { name: /Language/ }).focus();
  await page.keyboard.press('Tab');
  const row = page.getByRole('button', { name: 'Change password' });
  await expect(row).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();

  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await expect(current).toBeFocused();
  await current.fill(owner.password);
  await next.fill('weak');
  await confirm.fill('weak');
  const hints = page.getByText('Password must include:');
  await expect(hints).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password does not meet the requirements!');

  await next.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}?`);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match!');

  await current.fill('Wrong-passw0rd!');
  await confirm.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');

  await current.fill(owner.password);
  for (const hint of ['At least 8 characters', 'At least one uppercase letter', 'At least one number']) {
    await expect(page.getByRole('listitem').filter({ hasText: hint })).toHaveAttribute('data-met', 'true');
  }
  await snap(page, 'profile-change-password-1200');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
  // Nothing sticks out sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await snap(page, 'profile-change-password-390');

  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your password was changed. Please log in with the new one.');
  expect((await (await page.request.get('/api/auth/validate')).json()).status).toBe('invalid');
  await snap(page, 'login-password-changed-390');

  const notice = await mailbox.mailTo(owner.email, 'your password was changed');
  expect(notice.text).toContain('The password of your KreeChat account was changed');

  await person.logIn(owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Try again!');
  await person.logIn(owner.email, NEW_PASSWORD);
  await person.expectWorkspaceOf('Paco Password');
});
