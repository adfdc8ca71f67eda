import { textUpdate } from '../../server/test/fakes/telegram/updates';
import {
  connectBotByApi,
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  pageFitsWidth,
  snap,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

test('an admin finds a Telegram client by search, edits the profile, blocks them and their next message is ignored', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Irene', lastName: 'Novak', company: 'Harbor Bank' });

  // The bot is set up through the API (the subject is the clients screen).
  const bot = await connectBotByApi(page.request, fake, 'harbor_bank_bot');

  await openWorkspaceLive(page);
  const chatId = 7373;
  const write = (text: string) =>
    fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName: 'Marta' }),
    );
  await write('My card does not work');
  await expect(page.getByRole('article', { name: /Marta/ })).toBeVisible({ timeout: 15_000 });

  // Admin panel → Clients: the client is listed; empty fields show "—", SPEC's 'not added yet' is what they say.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/clients$/);
  const row = page.getByRole('row', { name: /Marta/ });
  await expect(row).toBeVisible();
  await expect(row.getByTitle('not added yet')).toHaveText(['—not added yet', '—not added yet']);
  await expect(row.getByRole('cell', { name: 'not added yet' })).toHaveCount(2);
  await expect(page.getByText('1 client', { exact: true })).toBeVisible();

  // Search: nothing for a stranger, the client by a part of the name (Enter), the full list again on empty text.
  const search = page.getByRole('searchbox', { name: 'Search clients' });
  await search.fill('Zebedee');
  await search.press('Enter');
  await expect(page.getByText('No search results found')).toBeVisible();
  await expectAccessible(page, 'admin-clients-no-results');
  await search.fill('art');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(row).toBeVisible();
  await snap(page, 'admin-clients-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'admin-clients-800');
  await page.setViewportSize({ width: 1440, height: 900 });
  await search.fill('');
  await search.press('Enter');
  await expect(row).toBeVisible();

  // The profile: fallbacks, then the edit form.
  await row.getByRole('link', { name: 'Marta' }).click();
  await expect(page).toHaveURL(/\/admin-panel\/client-profile\/[A-Z0-9]{8}$/);
  await expect(page.getByRole('heading', { name: 'Marta', level: 1 })).toBeVisible();
  await expect(page.getByText('Address not specified.')).toBeVisible();
  await expect(page.getByText('Account number not specified.')).toBeVisible();
  await expect(page.getByText('Note not added.')).toBeVisible();

  // Who the client is: the Telegram chat id, and the ticket they opened, linked to the workspace.
  const details = page.locator('dl');
  await expect(details.getByRole('listitem')).toHaveText('Telegram Chat id: 7373');
  const tickets = page.getByRole('table', { name: 'Tickets of the client' });
  await expect(page.getByRole('heading', { name: 'Tickets (1)', level: 2 })).toBeVisible();
  const ticketRow = tickets.getByRole('row').nth(1);
  await expect(ticketRow.getByRole('cell')).toHaveText([
    /^[0-9a-f]{8}$/,
    'Pending',
    'General',
    '—not accepted yet',
    /\d/,
    '—not closed yet',
    'Telegram',
    '—not rated',
  ]);
  const ticketLink = ticketRow.getByRole('link', { name: /^Open ticket [0-9a-f]{8} in the workspace$/ });
  await expect(ticketLink).toHaveAttribute('href', /^\/tickets\/[0-9a-f-]{36}$/);
  await snap(page, 'admin-client-history-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(tickets).toBeVisible();
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'admin-client-history-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit client' });
  await dialog.getByLabel('Client name').fill('Marta Silva');
  await dialog.getByLabel('Address').fill('12 Quay Street, Lisbon');
  await dialog.getByLabel('Account number').fill('');
  await dialog.getByLabel('Note').fill('Prefers Portuguese');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Some fields are missing!');
  await expectAccessible(page, 'admin-client-edit');
  await dialog.getByLabel('Account number').fill('PT-0042');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Marta Silva', level: 1 })).toBeVisible();
  await expect(page.getByText('12 Quay Street, Lisbon')).toBeVisible();
  await expect(page.getByText('PT-0042')).toBeVisible();
  await expect(page.getByText('Prefers Portuguese')).toBeVisible();

  // Block from the profile; it holds after a reload and shows in the table.
  await page.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(page.getByText('This client is blocked: their messages are ignored.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await snap(page, 'admin-client-profile-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'admin-client-profile-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Blocked: this message is ignored. Unblocked (from the table's switch): the next one arrives again.
  await write('Hello? Anyone?');
  await page.getByRole('link', { name: 'Clients' }).click();
  const blockSwitch = page.getByRole('switch', { name: 'Block Marta Silva' });
  await expect(blockSwitch).toBeChecked();
  await blockSwitch.click();
  await expect(blockSwitch).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Block Marta Silva' })).not.toBeChecked();
  await write('Back again');

  // The chat holds the first and the last message, never the one written while blocked.
  await openWorkspaceLive(page);
  const card = page.getByRole('article', { name: /Marta/ });
  await card.getByRole('button', { name: 'Accept' }).click();
  // Accept opens the chat; the card leaves Pending.
  const log = page.getByRole('region', { name: /Marta/ }).getByRole('log', { name: 'Messages' });
  await expect(card).toHaveCount(0);
  await expect(log).toContainText('Back again', { timeout: 15_000 });
  await expect(log).toContainText('My card does not work');
  await expect(log).not.toContainText('Hello? Anyone?');
});
