/**
 * A fresh install without SMTP: the registration code goes to the server log and DATA_DIR/mail, and the screen
 * says so instead of "check your inbox". The new owner is signed in at once and finds the first-run checklist.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { asPerson, connectBotByApi, newOwner, snap, snapWidths, type Owner } from '../support/flows';
import type { APIRequestContext, Page } from '@playwright/test';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreechat-e2e-devmail-'));
test.use({ stackEnv: { SMTP_URL: '', DATA_DIR: dataDir } });
// Every process that loads this file makes the folder (the runner and each worker), only one runs the test: each
// removes its own when it exits (an afterAll runs in the test's worker only, and left the others' behind).
process.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));

/** The code of the newest dev-mailbox mail to this address (the .eml files the server writes). */
function codeInDevMailbox(email: string): string | undefined {
  const dir = path.join(dataDir, 'mail');
  if (!fs.existsSync(dir)) return undefined;
  const mails = fs
    .readdirSync(dir)
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .filter((raw) => raw.includes(email));
  return /\b(\d{6})\b/.exec(mails.at(-1) ?? '')?.[1];
}

/** Registers a company through the API with the dev mailbox's code: `request` ends signed in as its admin. */
async function registerByApi(request: APIRequestContext, owner: Owner) {
  const data = {
    contact_person: `${owner.firstName} ${owner.lastName}`,
    company_name: owner.company,
    company_phone: '+47 22 00 00 00',
    company_email: owner.email,
    password: owner.password,
    country: 'NO',
  };
  expect((await request.post('/api/send-email-verification', { data: { email: owner.email } })).ok()).toBe(true);
  await expect.poll(() => codeInDevMailbox(owner.email)).toMatch(/^\d{6}$/);
  const code = codeInDevMailbox(owner.email)!;
  expect((await request.post('/api/verify-email-code', { data: { email: owner.email, code } })).ok()).toBe(true);
  expect((await request.post('/api/register-company-kreechat', { data: { data } })).ok()).toBe(true);
}

/** The admin panel's header keeps its way back to the workspace and Log out in view at every width. */
async function expectPanelWaysOut(page: Page) {
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Workspace', exact: true })).toBeInViewport();
  await expect(header.getByRole('button', { name: 'Log out' })).toBeInViewport();
}

test('without SMTP, registration says the code is in the server log and DATA_DIR/mail, and the code works', async ({
  page,
}) => {
  const owner = newOwner({ firstName: 'Tomas', lastName: 'Berg', company: 'Fjord Bikes' });
  await page.goto('/register-company');
  await page.getByLabel('First name').fill(owner.firstName);
  await page.getByLabel('Last name').fill(owner.lastName);
  await page.getByLabel('Company name').fill(owner.company);
  await page.getByLabel('Company phone').fill('+47 22 00 00 00');
  await page.getByLabel('Company email').fill(owner.email);
  await page.getByLabel('Country').selectOption('NO');
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm password').fill(owner.password);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(`the 6-digit code for ${owner.email} was not e-mailed`)).toBeVisible();
  await expect(page.getByText('Find the code in the server’s log or in DATA_DIR/mail.')).toBeVisible();
  await expect(page.getByText('Check your inbox and spam folder')).toHaveCount(0);
  await snap(page, 'register-verify-dev-mailbox');

  await expect.poll(() => codeInDevMailbox(owner.email)).toMatch(/^\d{6}$/);
  const code = codeInDevMailbox(owner.email)!;
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and register' }).click();
  // Signed in at once: the owner is not sent to the login screen to type the password again.
  await asPerson(page).expectWorkspaceOf(`${owner.firstName} ${owner.lastName}`);
});

test('a new admin finds the first-run checklist from the empty workspace and the admin panel, and puts it away', async ({
  page,
  stack,
}) => {
  const owner = newOwner({ firstName: 'Ingrid', lastName: 'Dahl', company: 'Dahl Ferries' });
  await registerByApi(page.request, owner);
  await page.goto('/');
  const card = page.getByText('Set up your help desk').locator('..').locator('..');
  await expect(card).toContainText('0 of 4 steps done · next: Connect a channel');
  await snapWidths(page, 'first-run-workspace-card');

  await card.getByRole('link', { name: 'Open the checklist' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/get-started$/);
  await expect(page.getByRole('heading', { name: 'Get started', level: 1 })).toBeVisible();
  await expect(page.getByText('Not connected')).toHaveCount(3);
  await snapWidths(page, 'first-run-checklist', { before: () => expectPanelWaysOut(page) });

  // A bot connected elsewhere ticks the step and shows on the checklist and on its Settings card.
  await connectBotByApi(page.request, stack.telegram, 'dahl_ferries_bot');
  await page.reload();
  const channelStep = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Connect a channel/ }) });
  await expect(channelStep).toContainText('Done');
  await expect(channelStep).toContainText('Connected · @dahl_ferries_bot');
  await expect(page.getByRole('link', { name: 'Write to @dahl_ferries_bot in Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/dahl_ferries_bot',
  );
  await channelStep.getByRole('link', { name: 'Manage Telegram' }).click();
  const services = page.getByRole('group', { name: 'Communication services' });
  await expect(services.getByRole('button', { name: /Telegram/ })).toContainText('Connected · @dahl_ferries_bot');
  await expect(services.getByRole('button', { name: /WhatsApp/ })).toContainText('Not connected');
  await snapWidths(page, 'first-run-services', { widths: [390] });

  // The admin panel opens on the checklist while it has steps to do; put away, it opens on Agents again.
  await page.goto('/admin-panel');
  await expect(page).toHaveURL(/\/admin-panel\/get-started$/);
  await page.getByRole('button', { name: 'Dismiss checklist' }).click();
  await expect(page.getByRole('button', { name: 'Show it again' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Workspace', exact: true }).click();
  await asPerson(page).expectWorkspaceOf(`${owner.firstName} ${owner.lastName}`);
  await expect(page.getByText('No pending tickets')).toBeVisible();
  await expect(page.getByText('Set up your help desk')).toHaveCount(0);
  await page.goto('/admin-panel');
  await expect(page).toHaveURL(/\/admin-panel\/agents$/);
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await (await page.request.get('/api/auth/validate')).json()).status).toBe('invalid');
});
