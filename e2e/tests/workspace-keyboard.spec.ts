import type { Page } from '@playwright/test';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import { connectBotByApi, expectAccessible, newOwner, registerCompanyByApi, snap } from '../support/flows';

/**
 * Key presses that steer (Tab, arrows, Enter, Escape, shortcuts), counted; the characters of what the agent
 * types are not: they are the work, not the way to it.
 */
function keyboard(page: Page) {
  let presses = 0;
  return {
    get presses() {
      return presses;
    },
    async press(key: string, times = 1) {
      for (let i = 0; i < times; i += 1) {
        presses += 1;
        await page.keyboard.press(key);
      }
    },
    type: (text: string) => page.keyboard.type(text),
  };
}

test('an agent works a ticket from login to close by keyboard only, in few key presses', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(120_000);
  const fake = stack.telegram;
  const owner = newOwner({ firstName: 'Kira', lastName: 'Keys', company: 'Keyboard Desk' });
  await registerCompanyByApi(request, mailbox, owner);
  // The admin's set-up (a second department, the bot) is tested elsewhere; here it goes through the API.
  const login = await request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } });
  expect(login.ok()).toBe(true);
  const bot = await connectBotByApi(request, fake, 'keys_help_bot');
  for (const [chatId, firstName, text] of [
    [7001, 'Ana', 'Where is my parcel?'],
    [7002, 'Boris', 'I need an invoice'],
  ] as const) {
    await fake.pushUpdate(bot.token, textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName }));
  }

  const keys = keyboard(page);
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await keys.type(owner.email);
  await keys.press('Tab');
  await keys.type(owner.password);
  await keys.press('Enter');
  const list = page.getByRole('tabpanel', { name: /Pending/ });
  await expect(list.getByRole('article')).toHaveCount(2, { timeout: 15_000 });
  // A second department to reassign to, made once the clients are in (with two, the bot would ask them first).
  const billing = await request.post('/api/admin/create-department', { data: { department_name: 'Billing' } });
  expect(billing.ok()).toBe(true);

  // `?` shows the sheet, Escape closes it.
  await keys.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Next conversation');
  await snap(page, 'shortcuts-sheet');
  await keys.press('Escape');
  await expect(sheet).toHaveCount(0);

  // `j` opens the conversation at the top of the list (the most recent activity), `j` again the next; `k` goes back.
  const order = await list
    .getByRole('article')
    .evaluateAll((cards) => cards.map((card) => (card.textContent?.includes('parcel') ? 'parcel' : 'invoice')));
  const texts = { parcel: 'Where is my parcel?', invoice: 'I need an invoice' };
  const log = page.locator('[data-workspace-chat]').getByRole('log', { name: 'Messages' });
  await keys.press('j');
  await expect(log).toContainText(texts[order[0]!]);
  await keys.press('j');
  await expect(log).toContainText(texts[order[1]!]);
  if (order[1] !== 'parcel') {
    await keys.press('k');
    await expect(log).toContainText(texts.parcel);
  }
  const chat = page.locator('[data-workspace-chat]');

  // `a` accepts: the ticket leaves Pending for Mine, its chat stays open and the cursor is in the reply box.
  await keys.press('a');
  const reply = chat.getByRole('textbox', { name: 'Message' });
  await expect(reply).toBeFocused();
  await expect(list.getByRole('article')).toHaveCount(1);
  await keys.type('Let me check your parcel.');
  await keys.press('Enter');
  const sent = await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'Let me check your parcel.');
  expect(String(sent.params.chat_id)).toBe('7001');

  // Escape leaves the reply box for the messages; ↑ reaches the latest, Shift+F10 its menu, Enter pins it.
  await keys.press('Escape');
  await expect(log).toBeFocused();
  await keys.press('ArrowUp');
  // The row takes focus once the list has scrolled to it (a frame or two later), as a person's next key would find.
  await expect(log.locator('[data-messageid]').filter({ hasText: 'Let me check your parcel.' })).toBeFocused();
  await keys.press('Shift+F10');
  const menu = page.getByRole('menu', { name: 'Message actions' });
  await expect(menu.getByRole('menuitem', { name: 'Pin' })).toBeFocused();
  await keys.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect(log.getByTitle('Pinned')).toHaveCount(1);
  // `p` shows the pins, Escape closes them; `i` hides and shows the client's details.
  await keys.press('p');
  const pins = chat.getByRole('region', { name: 'Pinned messages' });
  await expect(pins).toContainText('Let me check your parcel.');
  await keys.press('Escape');
  await expect(pins).toHaveCount(0);
  // Who the client is sits beside the chat (open by default on a wide screen): their channel and its identity.
  const details = chat.getByRole('complementary', { name: 'Client details' });
  await expect(details).toContainText('Telegram');
  await expect(details).toContainText('7001');
  await keys.press('i');
  await expect(details).toBeHidden();
  await keys.press('i');
  await expect(details).toBeVisible();

  // `1` shows Pending with focus on its card; Enter opens it. `2` shows Mine; ↓/↑ move, Enter opens.
  await keys.press('1');
  await expect(list.getByRole('button', { name: /Boris/ })).toBeFocused();
  await keys.press('Enter');
  await expect(log).toContainText(texts.invoice);
  await keys.press('2');
  const mine = page.getByRole('tabpanel', { name: /Mine/ });
  await expect(mine.getByRole('button', { name: /Ana/ })).toBeFocused();
  await keys.press('Enter');
  await expect(log).toContainText(texts.parcel);

  // `t` opens Reassign: Billing by the arrow keys, then Proceed. The admin still sees the ticket, now in Billing.
  await keys.press('t');
  const reassign = page.getByRole('dialog', { name: 'Reassign ticket' });
  await expect(reassign.getByRole('radio', { name: /Billing/ })).toBeVisible();
  await keys.press('Tab');
  await expect(reassign.getByRole('radio', { name: /General/ })).toBeFocused();
  await keys.press('ArrowDown');
  await expect(reassign.getByRole('radio', { name: /Billing/ })).toBeChecked();
  const proceed = reassign.getByRole('button', { name: 'Proceed' });
  await expect(proceed).toBeEnabled();
  for (let tabs = 0; tabs < 4 && !(await proceed.evaluate((b) => b === document.activeElement)); tabs += 1) {
    await keys.press('Tab');
  }
  await keys.press('Enter');
  await expect(reassign).toHaveCount(0);
  await expect(chat).toContainText('Billing');
  // Back in the queue of Billing: out of Mine, in Pending (an admin sees every department).
  await keys.press('1');
  await expect(list.getByRole('button', { name: /Ana/ })).toBeVisible();

  // `c` asks to close; the confirm button takes Enter; the closed ticket shows under `4`.
  await keys.press('c');
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to close the ticket?' });
  await expect(confirm).toContainText('Are you sure you want to close the ticket?');
  await keys.press('Tab');
  await keys.press('Enter');
  await expect(confirm).toHaveCount(0);
  await keys.press('4');
  await expect(page.getByRole('tabpanel', { name: /Closed/ }).getByRole('button', { name: /Ana/ })).toBeFocused();
  await expectAccessible(page, 'workspace-keyboard-closed');

  // Login, sheet, conversations, accept, answer, pin, pins, client details, lists, reassign and close: the loop.
  test.info().annotations.push({ type: 'key presses', description: String(keys.presses) });
  console.log(`keyboard loop: ${keys.presses} key presses`);
  expect(keys.presses).toBeLessThanOrEqual(34);
});
