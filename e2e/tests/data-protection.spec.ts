import { unzipSync } from 'fflate';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { connectBotByApi, openWorkspaceLive, ownerInWorkspace, pageFitsWidth, snap } from '../support/flows';
import { expect, test } from '../support/fixtures';

test('an admin exports a client’s data as a ZIP, then erases the client after typing their name', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Greta', lastName: 'Lind', company: 'Fjord Post' });
  const bot = await connectBotByApi(page.request, fake, 'fjord_post_bot');

  await openWorkspaceLive(page);
  const chatId = 8181;
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text: 'My passport is X-4411', firstName: 'Vera' }),
  );
  await expect(page.getByRole('article', { name: /Vera/ })).toBeVisible({ timeout: 15_000 });

  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Clients' }).click();
  await page.getByRole('row', { name: /Vera/ }).getByRole('link', { name: 'Vera' }).click();
  await expect(page.getByRole('heading', { name: 'Vera', level: 1 })).toBeVisible();

  // Export: the browser downloads the ZIP straight from the link; it holds the client and what they wrote.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^client-[A-Z0-9]{8}-export\.zip$/);
  const path = await download.path();
  const zip = unzipSync(new Uint8Array(await (await import('node:fs/promises')).readFile(path)));
  const text = (name: string) => JSON.parse(new TextDecoder().decode(zip[name]));
  expect(text('client.json').client.name).toBe('Vera');
  expect(JSON.stringify(text('tickets.json'))).toContain('My passport is X-4411');
  // The profile's action log names the export (read again: a download tells the page nothing).
  await page.reload();
  await expect(page.getByText('Data exported')).toBeVisible();

  // Erase: the dialog says what goes and what stays; the red button waits for the name.
  await page.getByRole('button', { name: 'Erase client…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase Vera?' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Erase client' });
  await expect(confirm).toBeDisabled();
  const field = dialog.getByLabel('Type the client’s name (Vera) or ERASE to confirm');
  await field.fill('Ver');
  await expect(confirm).toBeDisabled();
  await field.fill('vera');
  await expect(confirm).toBeEnabled();
  await snap(page, 'erase-client-dialog-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'erase-client-dialog-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await confirm.click();
  await expect(dialog).toBeHidden();

  // The profile now: "Erased client" and when, nothing left to edit, block, export or erase.
  await expect(page.getByRole('heading', { name: 'Erased client', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Personal data erased on /)).toBeVisible();
  for (const name of ['Edit', 'Erase client…', 'Block']) {
    await expect(page.getByRole('button', { name })).toHaveCount(0);
  }
  await expect(page.getByRole('link', { name: 'Export data' })).toHaveCount(0);
  await expect(page.getByText('Client erased')).toBeVisible();
  await snap(page, 'erased-client-profile-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await pageFitsWidth(page)).toBe(true);
  await snap(page, 'erased-client-profile-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The chat of the erased client's ticket shows the message as erased.
  await page.goto('/');
  await page.getByRole('tab', { name: /Closed/ }).click();
  await page
    .getByRole('tabpanel', { name: /Closed/ })
    .getByRole('button', { name: /Erased client/ })
    .click();
  await expect(page.getByText('Message erased')).toBeVisible();
  await expect(page.getByText('My passport is X-4411')).toHaveCount(0);
});
