/**
 * A fresh install without SMTP: the registration code goes to the server log and DATA_DIR/mail, and the screen
 * says so instead of "check your inbox".
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { newOwner, snap } from '../support/flows';

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
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status')).toContainText('Your company is registered');
});
