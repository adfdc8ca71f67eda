import { textUpdate } from '../../server/test/fakes/telegram/updates';
import {
  agentBrowser,
  clientWrites,
  connectBotByApi,
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  registerAgentByApi,
  snap,
  ticketList,
  uniqueEmail,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

test('an agent hands a ticket to another department live, sends one to its queue, and both search their tickets', async ({
  browser,
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(120_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Olga', lastName: 'Owner', company: 'Relay Support' });

  // The admin sets up Billing, one agent per department and the bot (their own flows are tested elsewhere).
  const general = (await (await page.request.get('/api/auth/get-departments')).json())[0] as {
    departmentid: string;
  };
  const billing = await (
    await page.request.post('/api/admin/create-department', { data: { department_name: 'Billing' } })
  ).json();
  const agents = { alma: uniqueEmail('alma'), bruno: uniqueEmail('bruno') };
  for (const [email, firstName, department] of [
    [agents.alma, 'Alma', general.departmentid],
    [agents.bruno, 'Bruno', billing.departmentid],
  ] as const) {
    await registerAgentByApi(page.request, { email, firstName, lastName: 'Agent', department });
  }
  const bot = await connectBotByApi(page.request, fake, 'relay_help_bot');

  const alma = await agentBrowser(browser, agents.alma, 'Alma Agent');
  const bruno = await agentBrowser(browser, agents.bruno, 'Bruno Agent');
  await clientWrites(fake, bot.token, 5101, 'Anastasia', 'General');
  await clientWrites(fake, bot.token, 5102, 'Boris', 'General');
  const almaPending = await ticketList(alma, 'pending');
  const brunoPending = await ticketList(bruno, 'pending');
  await expect(almaPending.getByRole('article')).toHaveCount(2, { timeout: 15_000 });
  await expect(brunoPending.getByText('No pending tickets')).toBeVisible();

  // Alma accepts Anastasia (which opens her chat) and hands her to Bruno in Billing.
  const anastasia = almaPending.getByRole('article', { name: /Anastasia/ });
  await anastasia.getByRole('button', { name: 'Accept' }).click();
  await expect(anastasia).toHaveCount(0);
  const almaChat = alma.getByRole('region', { name: /Anastasia/ });
  await almaChat.getByRole('button', { name: 'Reassign' }).click();
  const modal = alma.getByRole('dialog', { name: 'Reassign ticket' });
  const proceed = modal.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeDisabled();
  const departments = modal.getByRole('group', { name: 'Department' });
  await expect(departments.getByRole('radio')).toHaveCount(2);
  await departments.getByRole('radio', { name: 'Billing' }).check();
  await expect(proceed).toBeEnabled();
  await modal.getByRole('group', { name: 'Agent' }).getByRole('radio', { name: 'Bruno Agent' }).check();
  await expect(modal).toContainText('Bruno Agent takes the ticket in Billing.');
  await snap(alma, 'reassign-modal');
  await proceed.click();
  await expect(modal).toBeHidden();
  // She left Alma's department: her chat closes and she is no longer among Alma's tickets.
  await expect(almaChat).toHaveCount(0);
  const almaMine = await ticketList(alma, 'mine');
  await expect(almaMine.getByText('No tickets of yours')).toBeVisible();

  // It arrives in Bruno's list live, as his (Mine, not Pending); he can answer the client.
  await expect(brunoPending.getByText('No pending tickets')).toBeVisible();
  const brunoMine = await ticketList(bruno, 'mine');
  const handed = brunoMine.getByRole('article', { name: /Anastasia/ });
  // Bruno's now, with Anastasia waiting for an answer: the card says how long instead of "Handled by you".
  await expect(handed).toContainText(/Waiting \d+ min/);
  await expect(handed).toContainText('Billing');
  await handed.getByRole('heading', { name: /Anastasia/ }).click();
  const brunoChat = bruno.getByRole('region', { name: /Anastasia/ });
  await brunoChat.getByRole('textbox', { name: 'Message' }).fill('Billing here, how can I help?');
  await brunoChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Billing here, how can I help?');

  // Boris goes to Billing's queue with nobody chosen: pending there, for anyone of Billing to accept.
  await ticketList(alma, 'pending');
  const boris = almaPending.getByRole('article', { name: /Boris/ });
  await boris.getByRole('button', { name: 'Accept' }).click();
  await alma.getByRole('region', { name: /Boris/ }).getByRole('button', { name: 'Reassign' }).click();
  await modal.getByRole('group', { name: 'Department' }).getByRole('radio', { name: 'Billing' }).check();
  await expect(modal.getByRole('radio', { name: 'No one yet: pending in the department' })).toBeChecked();
  await modal.getByRole('button', { name: 'Proceed' }).click();
  await expect(modal).toBeHidden();
  await expect(alma.getByRole('region', { name: /Boris/ })).toHaveCount(0);
  await expect(almaPending.getByText('No pending tickets')).toBeVisible();
  await ticketList(bruno, 'pending');
  const queued = brunoPending.getByRole('article', { name: /Boris/ });
  await expect(queued).toContainText('Waiting');
  await expect(queued.getByRole('button', { name: 'Accept' })).toBeEnabled();

  // Boris writes while Bruno reads Anastasia's chat: his card counts it as unread until opened.
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 5102, text: 'Anyone there?', firstName: 'Boris' }),
  );
  await expect(queued).toContainText('Anyone there?', { timeout: 15_000 });
  await expect(queued.getByText('Unread messages: 1')).toBeAttached();
  await snap(bruno, 'reassign-bruno-1440');

  // Search: by client name, by the start of the ticket id, and a keyword nothing matches.
  const idText =
    (await queued
      .getByText(/#[0-9a-f]{8}$/)
      .first()
      .textContent()) ?? '';
  const shortId = /#([0-9a-f]{8})$/.exec(idText)?.[1] ?? '';
  expect(shortId).toHaveLength(8);
  await bruno.getByRole('button', { name: 'Search tickets' }).first().click();
  const box = bruno.getByRole('searchbox', { name: 'Search open tickets' });
  await expect(box).toBeFocused();
  // Search covers every open ticket of Bruno's, whichever filter shows (Anastasia is under Mine).
  await box.fill('anast');
  await expect(brunoPending.getByRole('article')).toHaveCount(1);
  await box.press('Enter');
  await expect(brunoPending.getByRole('article')).toHaveCount(1);
  await expect(brunoPending.getByRole('article', { name: /Anastasia/ })).toBeVisible();
  await box.fill(shortId.slice(0, 5));
  await box.press('Enter');
  await expect(brunoPending.getByRole('article')).toHaveCount(1);
  await expect(brunoPending.getByRole('article', { name: /Boris/ })).toBeVisible();
  await box.fill('nobody-like-this');
  await box.press('Enter');
  await expect(brunoPending.getByText('No tickets found!')).toBeVisible();
  await expect(brunoPending.getByText('No tickets found!')).toHaveCSS('color', 'rgb(180, 35, 24)');
  await snap(bruno, 'search-none-1440');
  await box.fill('');
  await expect(brunoPending.getByRole('article')).toHaveCount(1);

  // Alma no longer finds what left her department; the closed list has its own search.
  await alma.getByRole('button', { name: 'Search tickets' }).click();
  await alma.getByRole('searchbox', { name: 'Search open tickets' }).fill('Boris');
  await alma.getByRole('searchbox', { name: 'Search open tickets' }).press('Enter');
  await expect(almaPending.getByText('No tickets found!')).toBeVisible();
  const almaClosed = await ticketList(alma, 'closed');
  await expect(alma.getByRole('searchbox', { name: 'Search open tickets' })).toHaveCount(0);
  await alma.getByRole('button', { name: 'Search tickets' }).click();
  await alma.getByRole('searchbox', { name: 'Search closed tickets' }).fill('Boris');
  await alma.getByRole('searchbox', { name: 'Search closed tickets' }).press('Enter');
  await expect(almaClosed.getByText('No tickets found!')).toBeVisible();
  await expectAccessible(alma, 'reassign-closed-search');
  // Escape leaves the search, back on its toggle.
  await alma.getByRole('searchbox', { name: 'Search closed tickets' }).press('Escape');
  await expect(alma.getByRole('searchbox', { name: 'Search closed tickets' })).toHaveCount(0);
  await expect(almaClosed.getByText('No closed tickets')).toBeVisible();
  await expect(alma.getByRole('button', { name: 'Search tickets' })).toBeFocused();

  // Opening Boris clears his unread count.
  await queued.getByRole('heading', { name: /Boris/ }).click();
  await expect(queued.getByText('Unread messages: 1')).toHaveCount(0);

  // The narrow layout: one view at a time, switched by the tabs; the account actions are the header's menu; the
  // handler's chat keeps its actions.
  await ticketList(bruno, 'mine');
  await handed.getByRole('heading', { name: /Anastasia/ }).click();
  await bruno.setViewportSize({ width: 800, height: 900 });
  await expect(
    bruno.getByRole('region', { name: /Anastasia/ }).getByRole('button', { name: 'Reassign' }),
  ).toBeVisible();
  await bruno.getByRole('button', { name: 'Account', exact: true }).click();
  const account = bruno.getByRole('navigation', { name: 'Account' });
  await expect(account.getByRole('link', { name: 'Profile' })).toBeVisible();
  await expect(account.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(account.getByRole('link', { name: 'Admin panel' })).toHaveCount(0);
  await bruno.keyboard.press('Escape');
  await expect(bruno.locator('#workspace-tab-chat')).toHaveAttribute('aria-selected', 'true');
  // A message for another ticket while the chat shows marks the Tickets tab.
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 5102, text: 'Still waiting', firstName: 'Boris' }),
  );
  await expect(bruno.locator('#workspace-tab-tickets')).toContainText('Unread messages: 1', { timeout: 15_000 });
  await snap(bruno, 'reassign-bruno-chat-800');
  await bruno.locator('#workspace-tab-tickets').click();
  await expect(bruno.locator('#workspace-tab-tickets')).toHaveAttribute('aria-selected', 'true');
  await ticketList(bruno, 'pending');
  await expect(brunoPending.getByRole('article')).toHaveCount(1);
  await expect(queued.getByText('Unread messages: 1')).toBeAttached();
  await snap(bruno, 'reassign-bruno-pending-800');
  await page.setViewportSize({ width: 800, height: 900 });
  await openWorkspaceLive(page);
  await page.getByRole('button', { name: 'Account', exact: true }).click();
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Admin panel' }),
  ).toBeVisible();
  await snap(page, 'reassign-admin-800');
});
