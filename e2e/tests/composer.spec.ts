import type { Locator, Page } from '@playwright/test';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import { connectBotByApi, openWorkspaceLive, ownerInWorkspace, snap } from '../support/flows';

const GREETING = 'Thank you for your patience while we track your parcel with the courier.';

/** Drags a file built in the page over `target` and drops it there, as a person dragging from the desktop would. */
async function dropFile(page: Page, target: Locator, file: { name: string; type: string; text: string }) {
  const dataTransfer = await page.evaluateHandle(({ name, type, text }) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([text], name, { type }));
    return transfer;
  }, file);
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  return {
    drop: () => target.dispatchEvent('drop', { dataTransfer }),
  };
}

test('an agent inserts a bubble and an emoji at the caret, sends; drops a file, checks its details and sends it; a disallowed type is refused', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Lena', lastName: 'Kovac', company: 'Parcel Point' });

  // The bot is set up through the API in the agent's own session (the subject is elsewhere).
  const bot = await connectBotByApi(page.request, fake, 'parcel_point_bot');

  await openWorkspaceLive(page);
  const chatId = 5151;
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'Where is my parcel?', firstName: 'Omar' }),
  );
  const card = page.getByRole('article', { name: /Omar/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  // Accept opens the chat; the card leaves Pending.
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toHaveCount(0);
  const chat = page.getByRole('region', { name: /Omar/ });
  const log = chat.getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Where is my parcel?');
  const box = chat.getByRole('textbox', { name: 'Message' });

  // No bubbles yet: the picker says so and links to the Bubbles manager.
  await chat.getByRole('button', { name: 'Insert a bubble' }).click();
  const picker = page.getByRole('dialog', { name: 'Your bubbles' });
  await expect(picker).toContainText('No bubbles yet');
  await expect(picker.getByRole('link', { name: 'Create a bubble' })).toHaveAttribute(
    'href',
    /^\/profile\/[^/]+\/bubbles$/,
  );
  await snap(page, 'composer-bubbles-empty');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(chat.getByRole('button', { name: 'Insert a bubble' })).toBeFocused();

  // A bubble saved meanwhile (here through the API) reaches the open workspace live.
  expect(
    (await page.request.post('/api/create-bubble', { data: { name: 'Parcel delay', content: GREETING } })).ok(),
  ).toBe(true);

  // The bubbles picker: name and a 50-character preview; choosing one inserts it at the caret.
  await box.fill('Hi Omar! ');
  await chat.getByRole('button', { name: 'Insert a bubble' }).click();
  await expect(picker.getByRole('button', { name: /Parcel delay/ })).toBeVisible();
  await expect(picker.getByText(`${GREETING.slice(0, 50)}…`, { exact: true })).toBeVisible();
  await expect(picker.getByLabel('Filter bubbles')).toBeFocused();
  await snap(page, 'composer-bubbles-picker');
  // Keyboard: down to the bubble, Enter inserts it.
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(box).toHaveValue(`Hi Omar! ${GREETING}`);
  await expect(box).toBeFocused();

  // An emoji goes where the caret is: after "Hi Omar!".
  await box.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(8, 8));
  await chat.getByRole('button', { name: 'Insert emoji' }).click();
  const emoji = page.getByRole('dialog', { name: 'Emoji' });
  const search = emoji.getByRole('textbox', { name: 'Search emoji' });
  await expect(search).toBeFocused({ timeout: 15_000 });
  await snap(page, 'composer-emoji-picker');
  await search.fill('wave');
  await emoji.getByRole('gridcell', { name: 'waving hand', exact: true }).click();
  await expect(emoji).toBeHidden();
  await expect(box).toHaveValue(`Hi Omar!👋 ${GREETING}`);

  // Escape closes a picker and gives focus back to its button.
  await chat.getByRole('button', { name: 'Insert emoji' }).click();
  await expect(search).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(emoji).toBeHidden();
  await expect(chat.getByRole('button', { name: 'Insert emoji' })).toBeFocused();

  await box.press('Enter');
  await expect(log).toContainText(`Hi Omar!👋 ${GREETING}`);
  await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === `Hi Omar!👋 ${GREETING}`);

  // The filter narrows the list by name or content.
  expect(
    (
      await page.request.post('/api/create-bubble', { data: { name: 'Refund', content: 'Your refund is on its way.' } })
    ).ok(),
  ).toBe(true);
  await chat.getByRole('button', { name: 'Insert a bubble' }).click();
  await expect(picker.getByRole('button', { name: /Refund/ })).toBeVisible();
  await picker.getByLabel('Filter bubbles').fill('refund');
  await expect(picker.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();

  // Dragging a file over the chat shows the overlay; dropping it shows its details with Send and Cancel.
  const pdf = { name: 'invoice-2291.pdf', type: 'application/pdf', text: `%PDF-1.4\n${'0'.repeat(3056)}\n%%EOF\n` };
  const dragged = await dropFile(page, chat, pdf);
  await expect(page.getByText('Drop the file here')).toBeVisible();
  await snap(page, 'composer-drop-overlay');
  await dragged.drop();
  await expect(page.getByText('Drop the file here')).toBeHidden();
  const details = chat.getByRole('group', { name: 'File to send' });
  await expect(details).toContainText('invoice-2291.pdf');
  await expect(details).toContainText('3 KB');
  await expect(details).toContainText('application/pdf');
  await expect(details.getByRole('button', { name: 'Send file' })).toBeFocused();
  await snap(page, 'composer-file-details');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'composer-file-details-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  await details.getByRole('button', { name: 'Send file' }).click();
  await expect(details).toBeHidden();
  const sent = await fake.waitForCall(bot.token, 'sendDocument', () => true, 15_000);
  expect(String(sent.params.chat_id)).toBe(String(chatId));
  expect(sent.files[0]?.filename).toBe('invoice-2291.pdf');
  await expect(log).toContainText('invoice-2291.pdf');

  // The attach button takes the same path: the chosen file shows its details first; Cancel drops it.
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.alloc(2048) });
  const chosen = chat.getByRole('group', { name: 'File to send' });
  await expect(chosen).toContainText('photo.png');
  await expect(chosen).toContainText('2 KB');
  await chosen.getByRole('button', { name: 'Cancel' }).click();
  await expect(chosen).toBeHidden();

  // A type outside the accepted list is refused with SPEC §5's message; Cancel clears it.
  const exe = await dropFile(page, chat, { name: 'setup.exe', type: 'application/x-msdownload', text: 'MZ' });
  await exe.drop();
  const refused = chat.getByRole('group', { name: 'File to send' });
  await expect(refused.getByRole('alert')).toContainText('File type must be image/*, video/*, audio/*, .pdf');
  await expect(refused.getByRole('button', { name: 'Send file' })).toHaveCount(0);
  await snap(page, 'composer-file-refused');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'composer-file-refused-800');
  await page.setViewportSize({ width: 1440, height: 900 });
  await refused.getByRole('button', { name: 'Cancel' }).click();
  await expect(refused).toBeHidden();
  await expect(box).toBeFocused();
  expect(fake.calls(bot.token, 'sendDocument')).toHaveLength(1);
});
