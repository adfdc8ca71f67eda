import { expect, test } from '../support/fixtures';
import {
  asPerson,
  expectAccessible,
  ownerInWorkspace,
  PASSWORD,
  registerAgentByApi,
  snapWidths,
  uniqueEmail,
} from '../support/flows';

test('an admin switches data retention on, sees the dry run of the months typed, saves, and switches it off', async ({
  page,
  request,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Rena', lastName: 'Keeper', company: 'Keeper Desk' });
  await page.goto('/admin-panel/settings');
  await page.getByRole('tab', { name: 'Data retention' }).click();
  await expect(page).toHaveURL(/\?tab=data-retention$/);
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: 'Data retention', level: 2 })).toBeVisible();
  // Off by default: nothing is deleted, and the screen says what stays.
  const toggle = panel.getByRole('switch', { name: 'Delete messages and files of old closed tickets' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const preview = panel.getByTestId('retention-preview');
  await expect(preview).toHaveText('Off: the messages and files of closed tickets are kept.');
  await expect(panel.getByText('Ticket rows stay, so ticket counts, ratings and response times')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await snapWidths(page, 'retention-off', { widths: [1440, 390] });

  // On: two years offered; the dry run follows the value typed, a value out of range is refused at the field.
  await toggle.click();
  const months = panel.getByLabel('Months after closing');
  await expect(months).toHaveValue('24');
  await expect(preview).toContainText('Nothing would be deleted now: no ticket with messages left was closed before');
  await months.fill('0');
  await expect(panel.getByText('Enter whole months from 1 to 120.')).toBeVisible();
  await expect(months).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  const asked = page.waitForResponse((r) => r.url().includes('/api/retention/preview?months=6'));
  await months.fill('6');
  expect((await asked).status()).toBe(200);
  await expect(preview).toContainText('Nothing would be deleted now');
  await snapWidths(page, 'retention-on', { widths: [1440, 390] });

  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Saved. Months after closing: 6.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Delete messages and files of old closed tickets' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByLabel('Months after closing')).toHaveValue('6');
  expect((await (await page.request.get('/api/retention')).json()).months).toBe(6);

  // Off again, saved.
  await page.getByRole('switch', { name: 'Delete messages and files of old closed tickets' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. Data retention is off: messages and files are kept.')).toBeVisible();
  expect((await (await page.request.get('/api/retention')).json()).months).toBeNull();
});

test('an admin erases a disabled former agent’s personal data after typing the confirmation', async ({
  page,
  browser,
  request,
  mailbox,
}) => {
  test.setTimeout(180_000);
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Ezra', lastName: 'Owner', company: 'Ezra Desk' });
  const email = uniqueEmail('nia');
  await registerAgentByApi(page.request, { email, firstName: 'Nia', lastName: 'Leaving' });
  const agents = (await (await page.request.get('/api/admin/get-all-agents')).json()) as {
    agents: { userid: string; email: string }[];
  };
  const nia = agents.agents.find((a) => a.email === email)!;

  // Enabled, the profile offers no erasure; disabled, it does.
  await page.goto(`/admin-panel/user-profile/${nia.userid.slice(0, 8)}`);
  await expect(page.getByRole('heading', { name: 'Nia Leaving', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase personal data…' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Disable Nia Leaving' }).click();
  const open = page.getByRole('button', { name: 'Erase personal data…' });
  await expect(open).toBeVisible();
  await snapWidths(page, 'agent-erase-offer', { widths: [1440, 390] });

  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Erase the personal data of Nia Leaving?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Erase personal data' });
  await expect(confirm).toBeDisabled();
  const typed = dialog.getByLabel(`Type the agent’s e-mail (${email}) or ERASE to confirm`);
  await typed.fill('erase');
  await expect(confirm).toBeDisabled();
  await typed.fill(email.toUpperCase());
  await expect(confirm).toBeEnabled();
  await snapWidths(page, 'agent-erase-dialog', { widths: [1440, 390] });
  await typed.fill('ERASE');
  await confirm.click();
  await expect(dialog).toHaveCount(0);

  // The profile now reads "Former agent", with the date, no address, and nothing to change.
  await expect(page.getByRole('heading', { name: 'Former agent', level: 1 })).toBeVisible();
  await expect(page.getByText('Personal data erased')).toBeVisible();
  await expect(page.getByText(/^Erased on .+ Their messages and tickets are kept/)).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Enable Former agent' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Erase personal data…' })).toHaveCount(0);
  await snapWidths(page, 'agent-erased-profile', { widths: [1440, 390] });

  // In the table: the former agent, no address, switches that cannot move.
  await page.goto('/admin-panel/agents');
  await expect(page.getByRole('link', { name: 'Former agent' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Disable Former agent' })).toBeDisabled();
  await expectAccessible(page, 'agents-with-former-agent');

  // The former agent cannot log in.
  const context = await browser.newContext();
  const other = await context.newPage();
  await asPerson(other).logIn(email, PASSWORD);
  await expect(other.getByRole('alert')).toBeVisible();
  await expect(other).toHaveURL(/\/login$/);
  await context.close();
});
