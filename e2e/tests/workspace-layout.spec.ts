import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { expect, test } from '../support/fixtures';
import { connectBotByApi, expectAccessible, ownerInWorkspace, registerAgentByApi, uniqueEmail } from '../support/flows';
import { expectFitsViewport } from '../support/viewport';

const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '800', width: 800, height: 1000 },
  { name: '390', width: 390, height: 844 },
] as const;
const LANGUAGES = ['en', 'ru', 'ja'] as const;
const VIEWS = ['tickets', 'chat', 'colleagues'] as const;

test('the workspace fits 1440, 800 and 390 px wide in English, Russian and Japanese, every view reachable', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(180_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Lena', lastName: 'Layout', company: 'Layout Desk' });
  await registerAgentByApi(page.request, { email: uniqueEmail('mira'), firstName: 'Mira', lastName: 'Colleague' });
  const bot = await connectBotByApi(page.request, fake, 'layout_help_bot');
  const clients = [
    [7101, 'Anastasia Konstantinopolskaya', 'Здравствуйте! Мой заказ 4417 не пришёл, хотя прошло уже две недели.'],
    [7102, 'Boris', 'Need an invoice for March, please.'],
    [7103, '山田 太郎', '注文した商品がまだ届いていません。確認していただけますか？'],
  ] as const;
  for (const [chatId, firstName, text] of clients) {
    await fake.pushUpdate(bot.token, textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName }));
  }
  const list = page.locator('#ticket-filter-panel-pending');
  await expect(list.getByRole('article')).toHaveCount(3, { timeout: 15_000 });

  // The longest name open in the chat, accepted: the header carries every action beside it.
  await list.getByRole('button', { name: /Anastasia/ }).click();
  await page.locator('[data-workspace-chat]').getByRole('button', { name: 'Accept' }).click();
  await expect(page.locator('[data-workspace-chat]').getByRole('textbox', { name: 'Message' })).toBeEnabled();

  for (const lang of LANGUAGES) {
    expect((await page.request.post('/api/auth/change-lang', { data: { lang } })).ok()).toBe(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.locator('#ticket-filter-tab-mine').click();
    await page
      .locator('#ticket-filter-panel-mine')
      .getByRole('button', { name: /Anastasia/ })
      .click();

    for (const size of SIZES) {
      await page.setViewportSize({ width: size.width, height: size.height });
      const narrow = size.width <= 1200;
      for (const view of narrow ? VIEWS : (['all'] as const)) {
        if (view !== 'all') await page.locator(`#workspace-tab-${view}`).click();
        const screen = `layout-${lang}-${size.name}-${view}`;
        if (view === 'chat' || view === 'all') {
          // The client's name stays whole in the header, whatever the language of the actions beside it.
          const title = page.locator('[data-workspace-chat] h2').first();
          await expect(title).toBeVisible();
          expect(
            await title.evaluate((node) => node.scrollWidth <= node.clientWidth + 1),
            `${screen}: the client's name is cut`,
          ).toBe(true);
        }
        if (lang === 'en' && view === 'all') {
          // The ticket's actions say what they do in words where there is room, not only in a tooltip.
          const chat = page.locator('[data-workspace-chat]');
          await expect(chat.getByRole('button', { name: 'Close ticket' })).toHaveText('Close ticket');
          await expect(chat.getByRole('button', { name: 'Reassign' })).toHaveText('Reassign');
        }
        await page.screenshot({ path: `test-results/screens/${screen}.png` });
        await expectFitsViewport(page, screen);
        if (lang === 'en' || size.name === '390') await expectAccessible(page, screen);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }
});

const ALL_LANGUAGES = ['en', 'af', 'bg', 'tr', 'es', 'ru', 'nl', 'ja'] as const;

test('on a 390 × 844 phone an open chat gives the messages at least 520 px in every language', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(90_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Pia', lastName: 'Phone', company: 'Phone Desk' });
  await page.setViewportSize({ width: 390, height: 844 });
  const bot = await connectBotByApi(page.request, fake, 'phone_help_bot');
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 7201, text: 'Where is my order?', firstName: 'Olga' }),
  );
  await page.locator('#ticket-filter-panel-pending').getByRole('button', { name: /Olga/ }).click();
  const chat = page.locator('[data-workspace-chat]');
  await chat.getByRole('button', { name: 'More actions' }).click();
  await chat.getByRole('button', { name: 'Accept' }).click();
  await expect(chat.getByRole('textbox', { name: 'Message' })).toBeEnabled();

  for (const lang of ALL_LANGUAGES) {
    expect((await page.request.post('/api/auth/change-lang', { data: { lang } })).ok()).toBe(true);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.locator('#workspace-tab-tickets').click();
    await page.locator('#ticket-filter-tab-mine').click();
    await page.locator('#ticket-filter-panel-mine').getByRole('button', { name: /Olga/ }).click();
    const messages = chat.getByRole('log');
    await expect(messages).toBeVisible();
    const box = await messages.boundingBox();
    // The figure BENCHMARKS.md reports, in the run's output.
    test.info().annotations.push({ type: 'message area', description: `${lang}: ${Math.round(box?.height ?? 0)} px` });
    await page.screenshot({ path: `test-results/screens/phone-chat-${lang}.png` });
    expect(box?.height ?? 0, `${lang}: the message area's height`).toBeGreaterThanOrEqual(520);
    await expectFitsViewport(page, `phone-chat-${lang}`);
    if (lang !== 'en' && lang !== 'ru' && lang !== 'ja') continue;
    // The two menus that hold what the row has no room for: the chat's More and the account's (Log out at the top).
    await chat.locator('[aria-haspopup="true"]').click();
    await expectAccessible(page, `phone-chat-more-${lang}`);
    await page.screenshot({ path: `test-results/screens/phone-chat-more-${lang}.png` });
    await page.keyboard.press('Escape');
    // The account menu's button is the banner's last.
    await page.getByRole('banner').getByRole('button').last().click();
    const account = page.getByRole('banner').getByRole('navigation');
    await expect(account).toBeVisible();
    await expectAccessible(page, `phone-account-${lang}`);
    await page.screenshot({ path: `test-results/screens/phone-account-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(account).toBeHidden();
  }
});
