import { expect, test } from '../support/fixtures';
import {
  asPerson,
  expectAccessible,
  newOwner,
  PASSWORD,
  registerCompanyByApi,
  snap,
  uniqueEmail,
} from '../support/flows';
import type { Page } from '@playwright/test';

/** Opens the Agents screen and waits for its live connection, so later changes arrive as events. */
async function openAgents(page: Page) {
  const socket = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto('/admin-panel/agents');
  const ws = await socket;
  await ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40'));
  await expect(page.getByRole('heading', { name: 'Agents', level: 1 })).toBeVisible();
}

test('an admin registers an agent, makes them a moderator, disables them (login refused) and opens the profile', async ({
  page,
  browser,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Ada', lastName: 'Owner' });
  await registerCompanyByApi(request, mailbox, owner);
  const admin = asPerson(page);
  await admin.logIn(owner.email, owner.password);
  await admin.expectWorkspaceOf('Ada Owner');
  await page.setViewportSize({ width: 1440, height: 900 });
  await openAgents(page);
  await expect(page.getByTestId('total-agents')).toHaveText('1');
  await expect(page.getByTestId('online-agents')).toHaveText('1');
  // One's own row cannot be toggled.
  await expect(page.getByRole('combobox', { name: 'Role of Ada Owner' })).toBeDisabled();
  await expect(page.getByRole('combobox', { name: 'Role of Ada Owner' })).toHaveValue('admin');
  await expect(page.getByRole('switch', { name: 'Disable Ada Owner' })).toBeDisabled();

  // The overlay explains what is wrong before asking the server, then shows the server's message.
  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an agent' });
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Some fields are missing!');
  const email = uniqueEmail('nia');
  await dialog.getByLabel('First name').fill('Nia');
  await dialog.getByLabel('Last name').fill('Okafor');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill('Other-pass1!');
  await expect(dialog.getByLabel('Department')).toHaveValue('');
  await dialog.getByLabel('Department').selectOption({ label: 'General' });
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Passwords do not match!');
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByLabel('E-mail').fill(owner.email);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This email is already in use');
  await dialog.getByLabel('E-mail').fill(email);
  await snap(page, 'admin-agents-register-1440');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByTestId(`agent-row-${email}`);
  await expect(row).toContainText('Nia Okafor');
  await expect(row).toContainText('General');
  await expect(page.getByTestId('total-agents')).toHaveText('2');

  // The new agent logs in elsewhere: the online widget follows live.
  const other = await browser.newContext();
  const niaPage = await other.newPage();
  const nia = asPerson(niaPage);
  await nia.logIn(email, PASSWORD);
  await nia.expectWorkspaceOf('Nia Okafor');
  await expect(page.getByTestId('online-agents')).toHaveText('2');

  // The Role column: the agent becomes a moderator, kept after a reload; the table says what each role may do.
  const role = () => page.getByRole('combobox', { name: 'Role of Nia Okafor' });
  await expect(role()).toHaveValue('agent');
  await role().selectOption({ label: 'Moderator' });
  await expect(role()).toHaveValue('moderator');
  await page.reload();
  await expect(role()).toHaveValue('moderator');
  const legend = page.getByRole('definition').filter({ hasText: 'edits clients; manages neither agents nor settings' });
  await expect(legend).toBeVisible();

  const disable = page.getByRole('switch', { name: 'Disable Nia Okafor' });
  await disable.click();
  await expect(disable).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('online-agents')).toHaveText('1');
  await snap(page, 'admin-agents-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'admin-agents-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Disabled: their login is refused.
  await nia.logIn(email, PASSWORD);
  await expect(niaPage.getByRole('alert')).toContainText('This account is disabled');
  await other.close();

  // The name opens the profile at the first 8 characters of the id.
  await row.getByRole('link', { name: 'Nia Okafor' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/user-profile\/[0-9a-f]{8}$/);
  await expect(page.getByRole('heading', { name: 'Nia Okafor', level: 1 })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable Nia Okafor' })).toBeVisible();
  const roleRow = page.locator('dl div').filter({ has: page.getByRole('term').getByText('Role', { exact: true }) });
  await expect(roleRow.getByRole('definition')).toHaveText('Moderator');
  await expect(page.getByRole('heading', { name: 'Recent actions' })).toBeVisible();
  await expect(page.getByText('Logged in')).toBeVisible();
  await expect(page.getByText('not rated yet')).toBeVisible();
  await page.getByLabel('Show').selectOption('logout');
  await expect(page.getByText('No actions yet.')).toBeVisible();
  await snap(page, 'admin-agent-profile-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'admin-agent-profile-800');

  // The update box changes the names in place.
  await page.getByRole('button', { name: 'Edit Nia Okafor' }).click();
  const box = page.getByRole('form', { name: 'Update user' });
  await expect(box).toBeVisible();
  await expectAccessible(page, 'admin-agent-update-800');
  await box.getByLabel('Last name').fill('Okafor-Bello');
  // Edit shows the role too, with what it may do; back to agent.
  await expect(box.getByLabel('Role')).toHaveValue('moderator');
  await box.getByLabel('Role').selectOption({ label: 'Agent' });
  await expect(box.getByText('replies in the tickets they handle')).toBeVisible();
  await box.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('heading', { name: 'Nia Okafor-Bello', level: 1 })).toBeVisible();
  await expect(box).toHaveCount(0);
  await expect(roleRow.getByRole('definition')).toHaveText('Agent');

  // Unknown profile.
  await page.goto('/admin-panel/user-profile/ffffffff');
  await expect(page.getByText('Profile not found!')).toBeVisible();
  await expectAccessible(page, 'admin-agent-not-found');
  await page.getByRole('button', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/agents$/);
});

test('an admin who updates their own account is sent to log in again, and then sees the new name', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Rosa', lastName: 'Owner' });
  await registerCompanyByApi(request, mailbox, owner);
  const admin = asPerson(page);
  await admin.logIn(owner.email, owner.password);
  await admin.expectWorkspaceOf('Rosa Owner');

  // Their own profile, at the first 8 characters of their id: no lock on it, but the update box.
  const { id } = (await (await page.request.get('/api/auth/validate')).json()) as { id: string };
  await page.goto(`/admin-panel/user-profile/${id.slice(0, 8)}`);
  await expect(page.getByRole('heading', { name: 'Rosa Owner', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable Rosa Owner' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Rosa Owner' }).click();
  const box = page.getByRole('form', { name: 'Update user' });
  await expect(box.getByLabel('E-mail')).toHaveValue(owner.email);
  // One's own address is changed on the profile, with the current password.
  await expect(box.getByLabel('E-mail')).not.toBeEditable();
  await expect(box.getByText('You change your own e-mail address on your Profile page')).toBeVisible();
  await expect(box.getByLabel('Role')).toBeDisabled();
  await expect(box.getByText('You cannot change your own role.')).toBeVisible();
  await expectAccessible(page, 'admin-agent-update-own');
  await box.getByLabel('First name').fill('Rosalind');
  await box.getByRole('button', { name: 'Update' }).click();

  // SPEC §5: updating one's own account ends the session and lands on /login.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your profile was updated. Please log in again.')).toBeVisible();
  expect(((await (await page.request.get('/api/auth/validate')).json()) as { status: string }).status).not.toBe(
    'valid',
  );

  await admin.logIn(owner.email, owner.password);
  await admin.expectWorkspaceOf('Rosalind Owner');
  await page.goto(`/admin-panel/user-profile/${id.slice(0, 8)}`);
  await expect(page.getByRole('heading', { name: 'Rosalind Owner', level: 1 })).toBeVisible();
});

test('at 800 px the register-agent overlay fits the screen and registers an agent', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Ines', lastName: 'Owner' });
  await registerCompanyByApi(request, mailbox, owner);
  await asPerson(page).logIn(owner.email, owner.password);
  await asPerson(page).expectWorkspaceOf('Ines Owner');
  await page.setViewportSize({ width: 800, height: 900 });
  await openAgents(page);

  await page.getByRole('button', { name: 'Add user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Register an agent' });
  await expect(dialog).toBeInViewport({ ratio: 1 });
  const fields = [
    dialog.getByLabel('First name'),
    dialog.getByLabel('Last name'),
    dialog.getByLabel('E-mail'),
    dialog.getByLabel('Password', { exact: true }),
    dialog.getByLabel('Confirm password'),
    dialog.getByLabel('Department'),
    dialog.getByLabel('Role'),
    dialog.getByRole('button', { name: 'Cancel' }),
    dialog.getByRole('button', { name: 'Register' }),
  ];
  for (const field of fields) await expect(field).toBeInViewport({ ratio: 1 });
  await snap(page, 'admin-agents-register-800');

  // On a short screen the overlay stays inside it and scrolls to what is below.
  await page.setViewportSize({ width: 800, height: 480 });
  await expect(dialog).toBeInViewport({ ratio: 1 });
  await dialog.getByRole('button', { name: 'Register' }).scrollIntoViewIfNeeded();
  await expect(dialog.getByRole('button', { name: 'Register' })).toBeInViewport({ ratio: 1 });
  await snap(page, 'admin-agents-register-800x480');
  await page.setViewportSize({ width: 800, height: 900 });

  const email = uniqueEmail('omar');
  await dialog.getByLabel('First name').fill('Omar');
  await dialog.getByLabel('Last name').fill('Haddad');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password').fill(PASSWORD);
  await dialog.getByLabel('Department').selectOption({ label: 'General' });
  // Registered as a moderator: the form says what that role may do.
  await dialog.getByLabel('Role').selectOption({ label: 'Moderator' });
  await expect(dialog.getByText("Sees and acts on every department's tickets")).toBeVisible();
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId(`agent-row-${email}`)).toContainText('Omar Haddad');
  await expect(page.getByRole('combobox', { name: 'Role of Omar Haddad' })).toHaveValue('moderator');
  await expect(page.getByTestId('total-agents')).toHaveText('2');
});

test('a refusal from the server reads in the admin’s language: a taken e-mail address, in Russian', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Olga', lastName: 'Owner' });
  await registerCompanyByApi(request, mailbox, owner);
  const admin = asPerson(page);
  await admin.logIn(owner.email, owner.password);
  await admin.expectWorkspaceOf('Olga Owner');
  expect((await page.request.post('/api/auth/change-lang', { data: { lang: 'ru' } })).ok()).toBe(true);
  await page.evaluate(() => window.localStorage.setItem('kreechat.lang', 'ru'));
  await page.goto('/admin-panel/agents');
  await page.getByRole('button', { name: 'Добавить пользователя' }).click();
  const dialog = page.getByRole('dialog', { name: 'Регистрация агента' });
  await dialog.getByLabel('Имя', { exact: true }).fill('Ivan');
  await dialog.getByLabel('Фамилия').fill('Petrov');
  await dialog.getByLabel('Эл. почта').fill(owner.email);
  await dialog.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Подтвердите пароль').fill(PASSWORD);
  await dialog.getByLabel('Отдел').selectOption({ label: 'General' });
  await dialog.getByRole('button', { name: 'Зарегистрировать' }).click();
  // The server answers "This email is already in use" with its code; the dialog shows the Russian text.
  await expect(dialog.getByRole('alert')).toHaveText('Этот адрес электронной почты уже используется');
  await snap(page, 'admin-agents-taken-email-ru');
});
