/**
 * The server goes away under an agent's open workspace (a deploy, a crash restart) and comes back: the page says it
 * is reconnecting instead of failing silently, and once the server answers again the banner goes and the page is
 * live and current without a reload, including what a client wrote meanwhile.
 */
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import { connectBotByApi, openWorkspaceLive, ownerInWorkspace, snap, ticketList } from '../support/flows';

test('while the server is away the workspace says it is reconnecting; back, it is live and current again', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Rita', lastName: 'Moreau', company: 'Lumen Lamps' });
  const bot = await connectBotByApi(page.request, fake, 'lumen_lamps_bot');
  await openWorkspaceLive(page);
  const pending = await ticketList(page, 'pending');
  const banner = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
  await expect(banner).toHaveCount(0);

  await stack.restartServer(async () => {
    // The live socket dropped: after a short grace (a quick hand-over shows nothing) the page says so. It reads
    // "Reconnecting…" first, or straight away "Connection lost. Reconnecting…" when a background call (a list's
    // refetch) got no answer before the grace ran out: which one comes first is the machine's timing, and
    // connection.test.ts pins the order.
    await expect(banner).toBeVisible({ timeout: 10_000 });
    // A call the agent makes now gets no answer: the page says the connection is lost, not that the call failed.
    await page.locator('#ticket-filter-tab-closed').click();
    await expect(banner).toHaveText('Connection lost. Reconnecting…', { timeout: 10_000 });
    await snap(page, 'workspace-connection-lost');
    // On a phone it stays inside the screen, over the header, without moving the page.
    await page.setViewportSize({ width: 390, height: 844 });
    const box = (await banner.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await snap(page, 'workspace-connection-lost-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    // A client writes while no process polls the bot: Telegram keeps the update until one does.
    await fake.pushUpdate(
      bot.token,
      textUpdate({
        updateId: fake.nextUpdateId(bot.token),
        chatId: 7301,
        text: 'Is the shop open?',
        firstName: 'Noor',
      }),
    );
  });

  // Back: the banner goes by itself (the page probes /api/ready), the list is read again, and the message that
  // arrived while the server was away reaches the page live.
  await expect(banner).toHaveCount(0, { timeout: 20_000 });
  await ticketList(page, 'pending');
  await expect(pending.getByRole('article', { name: /Noor/ })).toBeVisible({ timeout: 20_000 });
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 7302, text: 'Hello again', firstName: 'Omar' }),
  );
  await expect(pending.getByRole('article', { name: /Omar/ })).toBeVisible({ timeout: 15_000 });
  await snap(page, 'workspace-reconnected');
});
