/** e2e helpers that read like what a person does. */
import { expect, type APIRequestContext, type Browser, type Page, type WebSocket } from '@playwright/test';
import type { FakeBotApi } from '../../server/test/fakes/telegram/fake-bot-api';
import type { FakeBusiness, FakeGraphApi } from '../../server/test/fakes/whatsapp/fake-graph-api';
import { callbackUpdate, textUpdate } from '../../server/test/fakes/telegram/updates';
import { expectAccessible } from './a11y';
import type { Mailbox } from './fixtures';

export { expectAccessible };

export const PASSWORD = 'Sup3r-Secret!';

let n = 0;
export const uniqueEmail = (who: string) => `${who}.${Date.now().toString(36)}${++n}@example.test`;

export type Owner = { firstName: string; lastName: string; company: string; email: string; password: string };

export const newOwner = (overrides: Partial<Owner> = {}): Owner => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Hopper Logistics',
  email: uniqueEmail('owner'),
  password: PASSWORD,
  ...overrides,
});

/** Registers a company through the real API (with the mailed code), for tests whose subject is elsewhere. */
export async function registerCompanyByApi(request: APIRequestContext, mailbox: Mailbox, owner: Owner) {
  const data = {
    contact_person: `${owner.firstName} ${owner.lastName}`,
    company_name: owner.company,
    company_phone: '+1 555 0100',
    company_email: owner.email,
    password: owner.password,
    country: 'US',
  };
  expect((await request.post('/api/precheck', { data: { data: { ...data, prod_name: 'KreeChat' } } })).ok()).toBe(true);
  expect((await request.post('/api/send-email-verification', { data: { email: owner.email } })).ok()).toBe(true);
  const code = await mailbox.codeFor(owner.email);
  expect((await request.post('/api/verify-email-code', { data: { email: owner.email, code } })).ok()).toBe(true);
  expect((await request.post('/api/register-company-kreechat', { data: { data } })).ok()).toBe(true);
}

/**
 * Signs `page` in through the API, for tests whose subject is elsewhere (the login form has its own in account.spec
 * and account-security.spec), and opens the workspace of `name`. `live` waits for its live connection too (see
 * openWorkspaceLive), on the same page load.
 */
export async function logInByApi(
  page: Page,
  { email, password, name }: { email: string; password: string; name: string },
  { live = false }: { live?: boolean } = {},
) {
  const answer = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  if (live) await openWorkspaceLive(page);
  else await page.goto('/');
  await asPerson(page).expectWorkspaceOf(name);
}

/**
 * A new company's owner, registered and signed in on `page` through the API, looking at their workspace (and, with
 * `live`, connected to its live events).
 */
export async function ownerInWorkspace(
  page: Page,
  request: APIRequestContext,
  mailbox: Mailbox,
  who: Pick<Owner, 'firstName' | 'lastName' | 'company'>,
  options: { live?: boolean } = {},
): Promise<Owner> {
  const owner = newOwner(who);
  await registerCompanyByApi(request, mailbox, owner);
  await logInByApi(page, { ...owner, name: `${owner.firstName} ${owner.lastName}` }, options);
  return owner;
}

/**
 * An admin registers an agent through the API (with PASSWORD), in `department` (an id) or the company's first one.
 * `request` must carry the admin's session, e.g. `page.request` after logging in.
 */
export async function registerAgentByApi(
  request: APIRequestContext,
  agent: { email: string; firstName: string; lastName: string; department?: string },
) {
  const department =
    agent.department ??
    ((await (await request.get('/api/auth/get-departments')).json()) as { departmentid: string }[])[0]!.departmentid;
  const registered = await request.post('/api/auth/register', {
    data: { ...agent, pass: PASSWORD, confirmPassword: PASSWORD, department },
  });
  expect(registered.ok()).toBe(true);
}

export function asPerson(page: Page) {
  return {
    async logIn(email: string, password: string) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Log in' }).click();
    },
    async logOut() {
      // The narrow layout keeps Log out in the header's account menu.
      const account = page.getByRole('button', { name: 'Account', exact: true });
      if (await account.isVisible()) await account.click();
      await page.getByRole('button', { name: 'Log out' }).first().click();
      await expect(page).toHaveURL(/\/login$/);
      // The session ended on the server (POST /api/auth/logout), not only in this tab.
      expect((await (await page.request.get('/api/auth/validate')).json()).status).toBe('invalid');
    },
    async expectWorkspaceOf(name: string) {
      await expect(page).toHaveURL(/\/$/);
      const welcome = page.getByText(`Welcome, ${name}`);
      // A phone keeps the welcome inside the header's account menu, whose button shows instead.
      await expect(welcome).toBeAttached();
      await expect(
        welcome
          .or(page.getByRole('button', { name: 'Account', exact: true }))
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
    },
  };
}

/**
 * Saves a screenshot under test-results/screens for a person to look at, then holds the same screen to WCAG 2.1 AA
 * with axe-core: every screen worth a picture is a screen a person uses.
 */
export async function snap(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  await expectAccessible(page, name);
}

/** No sideways scrolling of the page itself: what does not fit scrolls inside its own box. */
export const pageFitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/**
 * Opens the workspace and waits until its live connection is up (Socket.IO's CONNECT answer), so what happens
 * next arrives as live events rather than with the first load.
 */
export async function openWorkspaceLive(page: Page) {
  // The frame listener goes on as the socket opens: the CONNECT answer can arrive before `goto` returns.
  let onSocket: (ws: WebSocket) => void = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connected = new Promise<void>((resolve, reject) => {
    timer = setTimeout(() => reject(new Error('the workspace socket did not connect within 15 s')), 15_000);
    onSocket = (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (!String(frame.payload).startsWith('40')) return;
        clearTimeout(timer);
        resolve();
      });
    };
  });
  page.on('websocket', onSocket);
  try {
    await page.goto('/');
    await connected;
  } finally {
    clearTimeout(timer);
    page.off('websocket', onSocket);
  }
}

export type TicketFilter = 'pending' | 'mine' | 'all' | 'closed';

/**
 * Shows one filter of the workspace's ticket list (Pending · Mine · All · Closed tabs) and returns its panel. On the
 * narrow layout the list sits behind the Tickets view tab, which this opens first.
 */
export async function ticketList(page: Page, filter: TicketFilter) {
  const viewTab = page.locator('#workspace-tab-tickets');
  if (await viewTab.isVisible()) await viewTab.click();
  const tab = page.locator(`#ticket-filter-tab-${filter}`);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  return page.locator(`#ticket-filter-panel-${filter}`);
}

/** A Telegram client writes; with several departments the bot asks which one, and the client taps `department`. */
export async function clientWrites(
  fake: FakeBotApi,
  token: string,
  chatId: number,
  firstName: string,
  department: string,
) {
  await fake.pushUpdate(token, textUpdate({ updateId: fake.nextUpdateId(token), chatId, text: 'Hello?', firstName }));
  const question = await fake.waitForCall(
    token,
    'sendMessage',
    (c) => String(c.params.chat_id) === String(chatId) && Boolean(c.params.reply_markup),
    15_000,
  );
  const buttons = (
    question.params.reply_markup as { inline_keyboard: { text: string; callback_data: string }[][] }
  ).inline_keyboard.flat();
  const choice = buttons.find((b) => b.text === department);
  expect(choice).toBeDefined();
  await fake.pushUpdate(
    token,
    callbackUpdate({
      updateId: fake.nextUpdateId(token),
      chatId,
      firstName,
      data: choice!.callback_data,
      messageId: 1,
    }),
  );
}

/** Connects a new fake Telegram bot for the signed-in admin's company and waits until the server polls it. */
export async function connectBotByApi(request: APIRequestContext, fake: FakeBotApi, username: string) {
  const bot = fake.addBot({ username });
  expect((await request.post('/api/setup-telegram', { data: { bot_id: bot.token } })).ok()).toBe(true);
  await expect.poll(() => fake.activePolls(bot.token), { timeout: 15_000 }).toBe(1);
  return bot;
}

/**
 * Connects a new fake WhatsApp number (its own business account and a system user token) for the signed-in
 * admin's company, as the manual form does; the server subscribes our callback at Meta on the way.
 */
export async function connectWhatsAppNumberByApi(
  request: APIRequestContext,
  fake: FakeGraphApi,
  fields: Parameters<FakeGraphApi['addBusiness']>[0] = {},
): Promise<FakeBusiness> {
  const business = fake.addBusiness(fields);
  const connected = await request.post('/api/connect-whatsapp-number', {
    data: { wabaId: business.wabaId, phoneNumberId: business.phoneNumberId, accessToken: business.token },
  });
  expect(connected.ok(), await connected.text()).toBe(true);
  return business;
}

/** An agent's own browser (a second context: its own cookies and live connection), in the workspace. */
export async function agentBrowser(browser: Browser, email: string, name: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInByApi(page, { email, password: PASSWORD, name }, { live: true });
  return page;
}

/**
 * Screenshots (with axe, through `snap`) of one screen at the widths the desk is used at (1440, 800 and 390 px
 * unless `widths` says fewer), checking nothing scrolls sideways; `before` shows, at each width, what the narrow
 * layout hides. Ends back at 1440 px.
 */
export async function snapWidths(
  page: Page,
  name: string,
  { before, widths = [1440, 800, 390] }: { before?: () => Promise<unknown>; widths?: number[] } = {},
) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await before?.();
    expect(await pageFitsWidth(page), `${name} at ${width} px`).toBe(true);
    await snap(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}
