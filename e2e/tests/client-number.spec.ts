import { textUpdate } from '../../server/test/fakes/telegram/updates';
import {
  agentBrowser,
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

test('the handler sets the client’s account number from the chat header; the admin panel shows it, and its rename reaches the chat live', async ({
  browser,
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Vera', lastName: 'Owner', company: 'Ledger Bank' });

  // The admin adds an agent and connects the bot through the API (their own flows are tested elsewhere).
  const email = uniqueEmail('hana');
  await registerAgentByApi(page.request, { email, firstName: 'Hana', lastName: 'Agent' });
  const bot = await connectBotByApi(page.request, fake, 'ledger_help_bot');

  const hana = await agentBrowser(browser, email, 'Hana Agent');
  await fake.pushUpdate(
    bot.token,
    textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId: 6060,
      text: 'My card is blocked',
      firstName: 'Milan',
    }),
  );
  const card = hana.getByRole('article', { name: /Milan/ });
  await expect(card).toBeVisible({ timeout: 15_000 });

  // Meanwhile the admin keeps the admin panel's client table open: what the agent sets appears there live.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Clients' }).click();
  const row = page.getByRole('row', { name: /Milan/ });
  await expect(row).toContainText('not added yet');

  // Before accepting, the agent sees the fallback but may not edit it.
  await card.getByRole('heading', { name: /Milan/ }).click();
  const chat = hana.getByRole('region', { name: /Milan/ });
  await expect(chat.getByTestId('client-account-number')).toHaveText('No account number yet');
  await expect(chat.getByRole('button', { name: 'Add account number' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Accept' }).click();
  const pencil = chat.getByRole('button', { name: 'Add account number' });
  await expect(pencil).toBeVisible();

  // The form: Escape cancels (focus back on the pencil), an empty or too long number is refused before any call.
  await pencil.click();
  const form = hana.getByRole('dialog', { name: 'Add account number' });
  const field = form.getByLabel('Account number');
  await expect(field).toBeFocused();
  await field.fill('LB-1');
  await field.press('Escape');
  await expect(form).toHaveCount(0);
  await expect(pencil).toBeFocused();
  await expect(chat.getByTestId('client-account-number')).toHaveText('No account number yet');

  await pencil.click();
  await expect(field).toHaveValue('');
  await field.fill('   ');
  await field.press('Enter');
  await expect(form.getByText('Enter the account number')).toBeVisible();
  await field.fill('9'.repeat(101));
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('The account number can have at most 100 characters')).toBeVisible();

  // The server's refusal is shown in the form (here a 403 made up on the wire: the real one needs a lost race).
  await hana.route(
    '**/api/auth/update-client-number',
    (route) => route.fulfill({ status: 403, json: { message: 'Only the agent handling the ticket may do this' } }),
    { times: 1 },
  );
  await field.fill('LB-2048-77');
  await field.press('Enter');
  await expect(form.getByRole('alert')).toHaveText('Only the agent handling the ticket may do this');
  await expectAccessible(hana, 'client-number-editor-refused');

  // Saving: the button spins while the call is held back, then the header shows the trimmed number.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await hana.route(
    '**/api/auth/update-client-number',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await field.fill('  LB-2048-77 ');
  await snap(hana, 'client-number-editor-1440');
  let saves = 0;
  hana.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/auth/update-client-number')) saves += 1;
  });
  await field.press('Enter');
  await expect(form.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
  // Closed and reopened while the save is in flight: the form still shows that save, and Enter sends nothing more.
  await field.press('Escape');
  await expect(form).toHaveCount(0);
  await pencil.click();
  await expect(field).toHaveValue('  LB-2048-77 ');
  await expect(form.getByRole('button', { name: 'Save' })).toHaveAttribute('aria-busy', 'true');
  await field.press('Enter');
  release();
  await expect(form).toHaveCount(0);
  expect(saves).toBe(1);
  await expect(chat.getByTestId('client-account-number')).toHaveText('LB-2048-77');
  const edit = chat.getByRole('button', { name: 'Edit account number' });
  await expect(edit).toBeFocused();

  // It was saved: after a reload the header still shows it, and the editor starts from it.
  await openWorkspaceLive(hana);
  await (
    await ticketList(hana, 'mine')
  )
    .getByRole('article', { name: /Milan/ })
    .getByRole('heading', { name: /Milan/ })
    .click();
  await expect(chat.getByTestId('client-account-number')).toHaveText('LB-2048-77');
  await edit.click();
  const editForm = hana.getByRole('dialog', { name: 'Edit account number' });
  await expect(editForm.getByLabel('Account number')).toHaveValue('LB-2048-77');
  // Inside the chat pane: hung from the number (here after the stage badge), it once overflowed the pane's right
  // edge, and focusing its field scrolled the pane sideways.
  const [paneBox, formBox] = [await chat.boundingBox(), await editForm.boundingBox()];
  expect(formBox!.x).toBeGreaterThanOrEqual(paneBox!.x);
  expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(paneBox!.x + paneBox!.width);
  expect(await chat.evaluate((pane) => pane.scrollLeft)).toBe(0);
  await hana.setViewportSize({ width: 800, height: 900 });
  await expect(editForm).toBeVisible();
  await expect(editForm.getByRole('button', { name: 'Save' })).toBeInViewport();
  await snap(hana, 'client-number-editor-800');
  // On a phone the number is with the ticket's details in the header's More menu; the form opens from there and
  // stays on the screen.
  await hana.setViewportSize({ width: 390, height: 800 });
  await chat.getByRole('button', { name: 'More actions' }).click();
  await edit.click();
  await expect(editForm).toBeInViewport({ ratio: 1 });
  await snap(hana, 'client-number-editor-390');
  await hana.keyboard.press('Escape');
  await hana.setViewportSize({ width: 1440, height: 900 });

  // The admin panel: the client table (without a reload) and the profile show the number.
  await expect(row).toContainText('LB-2048-77');
  await row.getByRole('link', { name: 'Milan' }).click();
  await expect(page.getByRole('heading', { name: 'Milan', level: 1 })).toBeVisible();
  await expect(page.getByText('LB-2048-77')).toBeVisible();

  // The admin renames the client and changes the number: the agent's open chat and card follow live.
  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit client' });
  await dialog.getByLabel('Client name').fill('Milan Novak');
  await dialog.getByLabel('Address').fill('3 Harbour Road');
  await dialog.getByLabel('Account number').fill('LB-9000');
  await dialog.getByLabel('Note').fill('Card replaced');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Milan Novak', level: 1 })).toBeVisible();
  // The chat header's name (the first; the client panel beside the chat names the client too).
  await expect(chat.getByRole('heading', { name: 'Milan Novak' }).first()).toBeVisible();
  await expect(chat.getByTestId('client-account-number')).toHaveText('LB-9000');
  await expect(hana.getByRole('article', { name: /Milan Novak/ })).toBeVisible();
  await hana.context().close();

  await openWorkspaceLive(page);
  await (
    await ticketList(page, 'all')
  )
    .getByRole('article', { name: /Milan/ })
    .getByRole('heading', { name: /Milan/ })
    .click();
  const adminChat = page.getByRole('region', { name: /Milan/ });
  await expect(adminChat.getByTestId('client-account-number')).toHaveText('LB-9000');
  await expect(adminChat.getByRole('button', { name: 'Edit account number' })).toBeVisible();
});
