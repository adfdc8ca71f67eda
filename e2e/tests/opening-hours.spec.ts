import { DEFAULT_SCHEDULE, nextOpening, type Schedule } from '@kreechat/contract';
import { textUpdate } from '../../server/test/fakes/telegram/updates';
import {
  connectBotByApi,
  expectAccessible,
  openWorkspaceLive,
  ownerInWorkspace,
  snap,
  snapWidths,
  ticketList,
} from '../support/flows';
import { expect, test } from '../support/fixtures';

const ZONE = 'Asia/Tokyo';

/** Today in the company's zone, YYYY-MM-DD (what the date picker of a new special date starts with). */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

test('an admin writes the greeting in English and Russian, sets the time zone, a week and a holiday today; a Russian Telegram client gets the greeting while open and the out-of-hours text naming the next opening once closed', async ({
  page,
  request,
  mailbox,
  stack,
}) => {
  // Six full-page pictures with axe, two bot round trips: minutes on a busy 2-core machine.
  test.setTimeout(300_000);
  const fake = stack.telegram;
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Olga', lastName: 'Night', company: 'Night Desk' });
  const bot = await connectBotByApi(page.request, fake, 'night_desk_bot');

  // Settings → Automatic messages.
  await page.goto('/admin-panel/settings');
  await page.getByRole('tab', { name: 'Automatic messages' }).click();
  await expect(page).toHaveURL(/\?tab=automatic-messages$/);
  await expect(page.getByText('outside that window WhatsApp allows only approved templates')).toBeVisible();
  const cards = page.getByRole('tabpanel').getByRole('heading', { level: 3 });
  await expect(cards).toHaveText([
    'Greeting',
    'Out of hours',
    'Still waiting',
    'Ticket reopened',
    'Department question',
    'Closing',
    'Rating question',
    'Rating thanks',
  ]);
  const greeting = page.getByRole('region', { name: 'Greeting', exact: true });
  const greetingSwitch = greeting.getByRole('switch', { name: 'Send the message “Greeting”' });
  await expect(greetingSwitch).toHaveAttribute('aria-checked', 'false');

  // English: a variable the greeting cannot have is refused at the field; the chips insert the allowed ones.
  const english = greeting.getByRole('textbox', { name: 'Text (English)' });
  await expect(english).toHaveValue('');
  expect(await english.getAttribute('placeholder')).toBeTruthy();
  await english.fill('We open {next_opening}');
  await greeting.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(greeting.getByText('This text uses a variable this message cannot have.')).toBeVisible();
  await expect(english).toHaveAttribute('aria-invalid', 'true');
  await english.fill('Hello ');
  await greeting.getByRole('button', { name: /^Insert client name/ }).click();
  await english.press('End');
  await english.pressSequentially('! Your ticket is ');
  await greeting.getByRole('button', { name: /^Insert ticket number/ }).click();
  await expect(english).toHaveValue('Hello {client_name}! Your ticket is {ticket_number}');
  await expect(greeting.getByRole('note')).toHaveText('Hello Anna! Your ticket is 1042');

  // Russian, in the same card: the placeholder is the Russian default, the preview follows the typing.
  await greeting.getByLabel('Language').selectOption('ru');
  const russian = greeting.getByRole('textbox', { name: 'Text (Русский)' });
  await expect(russian).toHaveValue('');
  await russian.fill('Здравствуйте, {client_name}! Номер вашего обращения: {ticket_number}.');
  await expect(greeting.getByRole('note')).toHaveText('Здравствуйте, Anna! Номер вашего обращения: 1042.');
  await expect(greeting.getByText('Unsaved changes')).toBeVisible();
  await greeting.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(greeting.getByRole('status').filter({ hasText: '“Greeting” saved.' })).toBeVisible();
  await expect(greeting.getByText('Unsaved changes')).toHaveCount(0);
  await expect(greeting.getByLabel('Language').locator('option:checked')).toHaveText('Русский · own text');

  // The switches save at once: the greeting and the out-of-hours text go on.
  await greetingSwitch.click();
  await expect(greetingSwitch).toHaveAttribute('aria-checked', 'true');
  const outOfHours = page.getByRole('region', { name: 'Out of hours', exact: true });
  const outOfHoursSwitch = outOfHours.getByRole('switch', { name: 'Send the message “Out of hours”' });
  await outOfHoursSwitch.click();
  await expect(outOfHoursSwitch).toHaveAttribute('aria-checked', 'true');
  await expect
    .poll(async () => {
      const body = (await (await page.request.get('/api/automatic-messages')).json()) as {
        messages: { kind: string; enabled: boolean; texts: Record<string, string> }[];
      };
      return body.messages.filter((m) => m.enabled).map((m) => m.kind);
    })
    .toEqual(['greeting', 'outOfHours', 'chooseDepartment', 'closing', 'ratingQuestion', 'ratingThanks']);
  const saved = (await (await page.request.get('/api/automatic-messages')).json()) as {
    messages: { kind: string; texts: Record<string, string> }[];
  };
  expect(saved.messages.find((m) => m.kind === 'greeting')!.texts).toEqual({
    en: 'Hello {client_name}! Your ticket is {ticket_number}',
    ru: 'Здравствуйте, {client_name}! Номер вашего обращения: {ticket_number}.',
  });
  await snapWidths(page, 'settings-automatic-messages');

  // A Russian client writes while the department is still open 24/7: the greeting goes out, in Russian.
  const chatId = 7301;
  const clientWrites = (text: string) =>
    fake.pushUpdate(
      bot.token,
      textUpdate({ updateId: fake.nextUpdateId(bot.token), chatId, text, firstName: 'Ivan', languageCode: 'ru' }),
    );
  await clientWrites('Здравствуйте, посылка не пришла');
  await fake.waitForCall(
    bot.token,
    'sendMessage',
    (c) => String(c.params.text).startsWith('Здравствуйте, Ivan! Номер вашего обращения: '),
    15_000,
  );

  // Settings → Opening hours: the time zone from the list, by keyboard.
  await page.getByRole('tab', { name: 'Opening hours' }).click();
  await expect(page).toHaveURL(/\?tab=opening-hours$/);
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveValue('UTC');
  await zone.click();
  await expect(zone).toHaveAttribute('aria-expanded', 'true');
  await zone.fill('tokyo');
  const zones = page.getByRole('listbox', { name: 'Time zone' }).getByRole('option');
  await expect(zones).toHaveText([/^Asia\/Tokyo\s*UTC\+09:00$/]);
  await expectAccessible(page, 'settings-opening-hours-time-zone-list');
  await zone.press('Enter');
  await expect(zone).toHaveValue('Asia/Tokyo');
  await expect(zone).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Save time zone' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Time zone set to Asia/Tokyo.' })).toBeVisible();

  // The department's week: Monday 9–5, copied to Tuesday–Friday; the weekend closed.
  await expect(page.getByText('Open 24/7', { exact: true })).toHaveCount(2);
  await page.getByRole('switch', { name: 'Open 24/7' }).click();
  await page.getByRole('button', { name: 'Add hours for Monday' }).click();
  await expect(page.getByLabel('Monday, hours 1, from')).toHaveValue('09:00');
  await expect(page.getByLabel('Monday, hours 1, to')).toHaveValue('17:00');
  // Overlapping hours are refused at their field, before anything is sent.
  await page.getByRole('button', { name: 'Add hours for Monday' }).click();
  await page.getByLabel('Monday, hours 2, from').fill('16:00');
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByText('These hours overlap other hours of the same day.')).toBeVisible();
  await expect(page.getByLabel('Monday, hours 2, from')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('alert')).toContainText('Please correct the marked fields.');
  await page.getByRole('button', { name: 'Remove Monday, hours 2' }).click();
  await page.getByRole('button', { name: 'Copy Monday to Tuesday–Friday' }).click();
  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
    await expect(page.getByLabel(`${day}, hours 1, to`)).toHaveValue('17:00');
  }
  await expect(page.getByLabel('Saturday, hours 1, from')).toHaveCount(0);

  // A holiday today, in the company's zone: the department is closed now whatever the hour. The e2e server runs
  // on the real clock (no fake clock here), so "closed now" has to come from a date, not from the time of day.
  const today = todayIn(ZONE);
  await page.getByRole('button', { name: 'Add a date' }).click();
  await expect(page.getByLabel('Date', { exact: true })).toHaveValue(today);
  await page.getByLabel('Name', { exact: true }).fill('Staff day');
  await expect(page.getByRole('checkbox', { name: 'Closed all day' })).toBeChecked();
  await page.getByLabel('First response (minutes)').fill('30');
  await expect(page.getByText('30 min', { exact: true })).toBeVisible();
  await page.getByLabel('Still-waiting message after (minutes)').fill('90');
  await expect(page.getByText('1 hr 30 min', { exact: true })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save hours' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Opening hours of General saved.' })).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);

  // "Closed now · opens <day> 09:00", by the same maths the server uses.
  const office = [{ from: '09:00', to: '17:00' }];
  const schedule: Schedule = {
    ...DEFAULT_SCHEDULE,
    always_open: false,
    week: { mon: office, tue: office, wed: office, thu: office, fri: office, sat: [], sun: [] },
    special_dates: [{ date: today, name: 'Staff day', yearly: false, intervals: [] }],
  };
  const opening = nextOpening({ timeZone: ZONE, schedule }, new Date())!;
  const weekday = (lang: string) => new Intl.DateTimeFormat(lang, { timeZone: ZONE, weekday: 'long' }).format(opening);
  const status = page.getByText(/^Closed now · opens /);
  await expect(status).toContainText(`Closed now · opens ${weekday('en')} 09:00`);
  const hours = (await (await page.request.get('/api/opening-hours')).json()) as {
    time_zone: string;
    departments: (Schedule & { first_response_min: number | null; still_waiting_min: number | null })[];
  };
  expect(hours.time_zone).toBe(ZONE);
  expect(hours.departments[0]).toMatchObject({ ...schedule, first_response_min: 30, still_waiting_min: 90 });
  await snapWidths(page, 'settings-opening-hours');

  // The client writes again, now that the department is closed: the out-of-hours text, in Russian, names the next
  // opening in the company's zone.
  await clientWrites('Есть кто-нибудь?');
  const notice = await fake.waitForCall(
    bot.token,
    'sendMessage',
    (c) => String(c.params.text).startsWith('Спасибо за сообщение, Ivan.'),
    15_000,
  );
  expect(String(notice.params.chat_id)).toBe(String(chatId));
  expect(String(notice.params.text)).toContain(weekday('ru'));
  expect(String(notice.params.text)).toContain('09:00');

  // The agent's chat shows both as the desk's own messages.
  await openWorkspaceLive(page);
  const card = (await ticketList(page, 'pending')).getByRole('article', { name: /Ivan/ });
  await card.getByRole('button', { name: 'Accept' }).click();
  const log = page.getByRole('region', { name: /Ivan/ }).getByRole('log', { name: 'Messages' });
  await expect(log).toContainText('Здравствуйте, Ivan! Номер вашего обращения:');
  await expect(log).toContainText(String(notice.params.text));
  await expect(log.getByText('Automatic · Greeting', { exact: true })).toBeVisible();
  await expect(log.getByText('Automatic · Out of hours', { exact: true })).toBeVisible();
  await snap(page, 'workspace-automatic-messages');
});
