import type { Page } from '@playwright/test';
import {
  agentBrowser,
  clientWrites,
  connectBotByApi,
  ownerInWorkspace,
  registerAgentByApi,
  snap,
  uniqueEmail,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

/** The ticket list under the Pending tab, the one the workspace opens on. */
const pending = (page: Page) => page.locator('#ticket-filter-panel-pending');

test('an agent moved to another department sees its tickets, not the old one’s, without a reload', async ({
  browser,
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(120_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Mira', lastName: 'Owner', company: 'Moving Desk' });

  const billing = await (
    await page.request.post('/api/admin/create-department', { data: { department_name: 'Billing' } })
  ).json();
  const email = uniqueEmail('milan');
  await registerAgentByApi(page.request, { email, firstName: 'Milan', lastName: 'Agent' });
  const bot = await connectBotByApi(page.request, fake, 'moving_desk_bot');

  const milan = await agentBrowser(browser, email, 'Milan Agent');
  await clientWrites(fake, bot.token, 7101, 'Greta', 'General');
  await expect(pending(milan).getByRole('article', { name: /Greta/ })).toBeVisible({ timeout: 15_000 });

  // The admin moves Milan to Billing: his open workspace follows at once.
  const { agents } = await (await page.request.get('/api/admin/get-all-agents')).json();
  const userid = (agents as { userid: string; email: string }[]).find((a) => a.email === email)!.userid;
  const moved = await page.request.put('/api/auth/update-account', {
    data: { userid, email, first_name: 'Milan', last_name: 'Agent', departmentid: billing.departmentid },
  });
  expect(moved.ok()).toBe(true);
  await expect(pending(milan).getByRole('article', { name: /Greta/ })).toHaveCount(0, { timeout: 10_000 });

  await clientWrites(fake, bot.token, 7102, 'Hugo', 'Billing');
  await expect(pending(milan).getByRole('article', { name: /Hugo/ })).toBeVisible({ timeout: 15_000 });
  await snap(milan, 'access-change-moved');
  await milan.context().close();
});
