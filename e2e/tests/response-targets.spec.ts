import type { APIRequestContext } from '@playwright/test';
import { EMPTY_WEEK, WEEKDAYS, type DepartmentHoursBody, type OpeningHours } from '@kreechat/contract';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import { connectBotByApi, openWorkspaceLive, ownerInWorkspace, snap, snapWidths, ticketList } from '../support/flows';
import { expect, test } from '../support/fixtures';

/** An admin saves a department's hours and targets as the Settings screen does (its own spec covers the screen). */
async function setDepartmentHours(request: APIRequestContext, departmentid: string, body: DepartmentHoursBody) {
  const saved = await request.put(`/api/opening-hours/${departmentid}`, { data: body });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** A week open 09:00–17:00 every day but today (in the company's zone): closed now, open again tomorrow. */
function closedToday(timeZone: string): DepartmentHoursBody['week'] {
  const today = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date()).toLowerCase();
  const week = { ...EMPTY_WEEK };
  for (const day of WEEKDAYS) if (day !== today) week[day] = [{ from: '09:00', to: '17:00' }];
  return week;
}

test('a first-response target: the pending card turns orange at 80 % and red at 100 %, and the admin panel counts the answer', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  test.setTimeout(300_000);
  // The browser's clock runs on from now, and the test moves it forward; the server keeps real time.
  await page.clock.install();
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Tara', lastName: 'Target', company: 'Prompt Parcels' });

  // The company's one department answers 24/7 with a 10-minute first-response target.
  const [general] = (await (await page.request.get('/api/auth/get-departments')).json()) as {
    departmentid: string;
    department_name: string;
  }[];
  await setDepartmentHours(page.request, general!.departmentid, {
    always_open: true,
    week: EMPTY_WEEK,
    special_dates: [],
    first_response_min: 10,
    next_response_min: null,
    still_waiting_min: null,
  });
  // The greeting is switched on with the company's own words: it shows in the chat as the desk's, not a person's.
  const greeting = await page.request.put('/api/automatic-messages/greeting', {
    data: { enabled: true, texts: { en: 'Hi {client_name}, we are on it.' } },
  });
  expect(greeting.ok(), await greeting.text()).toBe(true);
  const bot = await connectBotByApi(page.request, fake, 'prompt_parcels_bot');

  // A client writes: the pending card shows the waiting time, neutral, with the target read after it.
  await openWorkspaceLive(page);
  await fake.pushUpdate(
    bot.token,
    textUpdate({
      updateId: fake.nextUpdateId(bot.token),
      chatId: 5151,
      text: 'Where is my parcel?',
      firstName: 'Omar',
    }),
  );
  const card = page.locator('#ticket-filter-panel-pending').getByRole('article', { name: /Omar/ });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const waiting = card.getByTitle('First response target: 10 min');
  await expect(waiting).toContainText(/^Waiting \d+ min/);
  await expect(waiting).toHaveAttribute('data-tone', 'ok');
  await expect(card.getByRole('img', { name: 'Arrived while closed' })).toHaveCount(0);
  await snap(page, 'targets-card-neutral');

  // Eight minutes on: due soon (orange), said in words.
  await page.clock.fastForward('08:00');
  await expect(waiting).toContainText(/^Due soon · (8|9) min/);
  await expect(waiting).toHaveAttribute('data-tone', 'soon');
  // Its own look: orange, outlined — not the amber of warnings.
  await expect(waiting).toHaveCSS('background-color', 'rgb(255, 237, 213)');
  await snap(page, 'targets-card-due-soon');

  // Ten minutes on: overdue (red).
  await page.clock.fastForward('02:00');
  await expect(waiting).toContainText(/^Overdue · (10|11) min/);
  await expect(waiting).toHaveAttribute('data-tone', 'late');
  await expect(waiting).toHaveCSS('color', 'rgb(255, 255, 255)');
  await snapWidths(page, 'targets-card-overdue', { before: () => ticketList(page, 'pending') });

  // The agent accepts and answers: nobody waits any more, so the clock goes.
  await card.getByRole('button', { name: 'Accept' }).click();
  const chat = page.getByRole('region', { name: /Omar/ });
  const automatic = chat.locator('[data-automatic="greeting"]');
  await expect(automatic).toContainText('Hi Omar, we are on it.');
  await expect(automatic).toContainText('Automatic · Greeting');
  await expect(automatic).toHaveAttribute('data-side', 'agent');
  await snap(page, 'targets-chat-automatic');
  await chat.getByRole('textbox', { name: 'Message' }).fill('It is on its way.');
  await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
  await fake.waitForCall(bot.token, 'sendMessage', (c) => c.params.text === 'It is on its way.');
  const mine = (await ticketList(page, 'mine')).getByRole('article', { name: /Omar/ });
  await expect(mine).toContainText('Handled by you');
  await expect(mine.getByTitle(/response target/)).toHaveCount(0, { timeout: 15_000 });
  await expect(mine).not.toContainText('Waiting');
  // Omar writes again: his card in Mine says he waits, and how long (no next-response target: neutral).
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 5151, text: 'Thanks! When?', firstName: 'Omar' }),
  );
  await expect(mine.locator('[data-tone="ok"]')).toContainText(/^Waiting \d+ min/, { timeout: 15_000 });
  await snapWidths(page, 'cards-mine-waiting', { widths: [1440, 390], before: () => ticketList(page, 'mine') });

  // Admin panel → Tickets → Response times: the department with its ticket, answered within the target.
  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('link', { name: 'Tickets' }).click();
  const section = page.getByRole('region', { name: 'Response times' });
  await expect(section.getByLabel('Period')).toHaveValue('7');
  // Each period says its number of days (the text once read "Last {{days}} days" in every language).
  await expect(section.getByLabel('Period').locator('option').first()).toHaveText('Last 7 days');
  await expect(section.getByLabel('Period').locator('option').nth(2)).toHaveText('Last 90 days');
  const row = section.locator(`tr[data-departmentid="${general!.departmentid}"]`);
  await expect(row).toBeVisible({ timeout: 15_000 });
  const cells = row.locator('td');
  await expect(cells.nth(0)).toHaveText(general!.department_name);
  await expect(cells.nth(1)).toHaveText('1');
  await expect(cells.nth(2)).toHaveText('1', { timeout: 15_000 });
  await expect(cells.nth(5)).toContainText('100%');
  await expect(cells.nth(5)).toContainText('target 10 min');
  await snap(page, 'targets-admin-period');
  await section.getByLabel('Period').selectOption('dates');
  await expect(section.getByLabel('From')).not.toHaveValue('');
  await expect(row).toBeVisible();
  await snapWidths(page, 'targets-admin-response-times');

  // The department closes today: the pending list says so, and a client writing now gets a moon on their card.
  const hours = (await (await page.request.get('/api/opening-hours')).json()) as OpeningHours;
  await setDepartmentHours(page.request, general!.departmentid, {
    always_open: false,
    week: closedToday(hours.time_zone),
    special_dates: [],
    first_response_min: 10,
    next_response_min: null,
    still_waiting_min: null,
  });
  await fake.pushUpdate(
    bot.token,
    textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId: 6262, text: 'Anyone there?', firstName: 'Nora' }),
  );
  await page.getByRole('link', { name: 'KreeChat: back to workspace' }).click();
  const pending = await ticketList(page, 'pending');
  await expect(page.getByRole('list', { name: 'Opening hours' })).toContainText(/Closed now · opens \w+ 9:00/);
  const night = pending.getByRole('article', { name: /Nora/ });
  await expect(night.getByRole('img', { name: 'Arrived while closed' })).toBeVisible({ timeout: 15_000 });
  // Closed time does not count: the new card stays neutral however long the night.
  await expect(night.getByTitle('First response target: 10 min')).toHaveAttribute('data-tone', 'ok');
  await snapWidths(page, 'targets-closed-now', { before: () => ticketList(page, 'pending') });
});
