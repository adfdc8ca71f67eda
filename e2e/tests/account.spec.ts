import { expect, test } from '../support/fixtures';
import {
  asPerson,
  expectAccessible,
  newOwner,
  registerCompanyByApi,
  snap,
  snapWidths,
  uniqueEmail,
} from '../support/flows';

test('a company owner registers with the mailed code, is signed in, logs out and in again, sees the workspace and logs out', async ({
  page,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Ada', lastName: 'Lovelace', company: 'Analytical Engines' });
  await page.goto('/register-company');
  await expect(page.getByRole('heading', { name: 'Register your company' })).toBeVisible();
  await expect(page).toHaveTitle('KreeChat');

  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Company name').fill(owner.company);
  await page.getByLabel('Company phone').fill('+44 20 7946 0000');
  await page.getByLabel('Company email').fill(owner.email);
  await page.getByLabel('Country').selectOption('GB');

  // The live hints follow the password as it is typed.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('weak');
  await snap(page, 'register-hints');
  await page.getByLabel('Confirm password').fill('weak');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Password does not meet the requirements!');

  await password.fill(owner.password);
  await page.getByLabel('Confirm password').fill(`${owner.password}x`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toContainText('Passwords do not match!');

  await page.getByLabel('Confirm password').fill(owner.password);
  await snap(page, 'register-form');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const code = await mailbox.codeFor(owner.email);
  // A wrong code first: the message shows, and no resend button (only for the three expiry cases).
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and register' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid verification code');
  await expect(page.getByRole('button', { name: 'Resend code' })).toHaveCount(0);
  await snap(page, 'register-verify');

  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and register' }).click();
  // Registration signs the owner in: straight to the workspace, without typing the password again.
  const person = asPerson(page);
  await person.expectWorkspaceOf('Ada Lovelace');
  await person.logOut();
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Ada Lovelace');
  await expect(page.getByRole('heading', { name: 'KreeChat' })).toBeVisible();
  await expect(page.getByText('beta', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pending Tickets' })).toBeVisible();
  await expect(page.getByRole('link', { name: /User guide/ })).toHaveAttribute(
    'href',
    '/user-guide/kreechat_user_guide_v1.0.pdf',
  );
  await snap(page, 'workspace-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  // The narrow layout: one view at a time behind the Tickets · Chat · Colleagues tabs.
  await expect(page.getByRole('tab', { name: 'Tickets', exact: true })).toBeVisible();
  await snap(page, 'workspace-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  await person.logOut();
  // The session ended on the server: the workspace sends us back to login.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('registering an address that already has an account looks the same, and its mail says so instead of a code', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner();
  await registerCompanyByApi(request, mailbox, owner);
  await page.goto('/register-company');
  await page.getByLabel('First name').fill('Someone');
  await page.getByLabel('Last name').fill('Else');
  await page.getByLabel('Company name').fill('Second Try Ltd');
  await page.getByLabel('Company phone').fill('+44 20 7946 0001');
  await page.getByLabel('Company email').fill(owner.email);
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  // The same step as for a new address: the screen does not tell whether this one has an account.
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText('Does this address already have an account?')).toBeVisible();
  const mail = await mailbox.mailTo(owner.email, 'you already have an account');
  expect(mail.text).toContain('This address already has a KreeChat account');
  expect(mail.text).not.toMatch(/\d{6}/);
  await snapWidths(page, 'register-verify-existing');

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('a wrong password is refused with the message, and empty fields are caught before any call', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner();
  await registerCompanyByApi(request, mailbox, owner);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all fields');
  await asPerson(page).logIn(owner.email, 'Wrong-pass1!');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Try again!');
  await snap(page, 'login-error');
});

test('a forgotten password is reset in three steps, and the new one logs in', async ({ page, request, mailbox }) => {
  const owner = newOwner({ firstName: 'Reset', lastName: 'Me' });
  await registerCompanyByApi(request, mailbox, owner);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page, 'forgot-step1');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText(
    `If ${owner.email} has an account, a reset code is on its way there`,
  );

  const code = await mailbox.codeFor(owner.email, 1);
  await page.getByLabel('Reset code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request New Code' })).toBeVisible();
  await expectAccessible(page, 'forgot-step2-wrong-code');

  await page.getByLabel('Reset code').fill(code);
  await page.getByRole('button', { name: 'Verify code' }).click();
  await expect(page.getByRole('status')).toContainText('Code verified! Now lets reset your password.');

  const newPassword = 'N3w-Password!';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await snap(page, 'forgot-step3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('status')).toContainText('Password successfully reset!');
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Try again!');
  await person.logIn(owner.email, newPassword);
  await person.expectWorkspaceOf('Reset Me');
});

test('an unknown address gets the same answer as a known one at reset', async ({ page }) => {
  await page.goto('/forgot-password');
  const email = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('status')).toContainText(`If ${email} has an account, a reset code is on its way there`);
});

test('an unknown route shows the 404 page, linking to login or to the workspace', async ({
  page,
  request,
  mailbox,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
  await snap(page, 'not-found');

  const owner = newOwner();
  await registerCompanyByApi(request, mailbox, owner);
  await asPerson(page).logIn(owner.email, owner.password);
  await asPerson(page).expectWorkspaceOf(`${owner.firstName} ${owner.lastName}`);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectAccessible(page, 'not-found-signed-in');
  await page.getByRole('link', { name: 'Go to workspace' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('switching to Japanese translates the header, and the choice follows the account', async ({
  page,
  request,
  browser,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Yui', lastName: 'Tanaka' });
  await registerCompanyByApi(request, mailbox, owner);
  const person = asPerson(page);
  await person.logIn(owner.email, owner.password);
  await person.expectWorkspaceOf('Yui Tanaka');

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'Yui Tanaka' })).toBeVisible();
  await snap(page, 'profile');
  await page.getByRole('button', { name: /^Language/ }).click();
  await expect(page.getByRole('button', { name: '日本語' })).toBeVisible();
  await expectAccessible(page, 'profile-languages');
  await page.getByRole('button', { name: '日本語' }).click();
  await expect(page.getByRole('button', { name: '日本語' })).toHaveAttribute('aria-current', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '未対応のチケット' })).toBeVisible();
  await snap(page, 'workspace-ja');

  // A fresh browser gets the account's language at login.
  const other = await browser.newPage();
  await asPerson(other).logIn(owner.email, owner.password);
  await expect(other.getByRole('button', { name: 'ログアウト' })).toBeVisible();
  await other.close();
});

test('a logged-out visitor of the workspace is sent to login', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await snap(page, 'login');
});
