import { expect, test } from '../support/fixtures';
import { logInByApi, newOwner, registerCompanyByApi, snap } from '../support/flows';
import type { Page } from '@playwright/test';

/** From the workspace to the Bubbles manager through the user panel, waiting for its live connection. */
async function openBubbles(page: Page) {
  await page.getByRole('link', { name: 'Profile' }).click();
  // The frame listener is attached as the socket opens: Socket.IO's CONNECT answer ('40…') may come at once.
  const connected = new Promise<void>((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/socket.io/')) return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      });
    });
  });
  const sections = page.getByRole('navigation', { name: 'User panel sections' });
  await sections.getByRole('link', { name: 'Bubbles' }).click();
  await expect(page).toHaveURL(/\/profile\/[^/]+\/bubbles$/);
  await expect(sections.getByRole('link', { name: 'Bubbles' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Bubbles', level: 1 })).toBeVisible();
  await connected;
}

const bubbleList = (page: Page) => page.getByRole('region', { name: 'Your bubbles' }).getByRole('listitem');

test('an agent creates a bubble, sees its 50-character preview, edits it and deletes it', async ({
  page,
  request,
  mailbox,
}) => {
  const owner = newOwner({ firstName: 'Bea', lastName: 'Bubbler' });
  await registerCompanyByApi(request, mailbox, owner);
  await logInByApi(page, { ...owner, name: 'Bea Bubbler' });
  await openBubbles(page);
  await expect(page.getByText('No bubbles yet')).toBeVisible();

  // Nothing is sent while a trimmed field is empty.
  const name = page.getByLabel('Bubble name');
  const toggle = page.getByRole('button', { name: 'Show content' });
  await name.fill('   ');
  await page.getByRole('button', { name: 'Save bubble' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give the bubble a name and some content.');
  await expect(bubbleList(page)).toHaveCount(0);

  await name.fill('Greeting');
  // The message goes once the person types again.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(page.getByRole('button', { name: 'Hide content' })).toHaveAttribute('aria-expanded', 'true');
  const content = page.getByLabel('Bubble content');
  // Shift+Enter adds a line; the clear-text button empties the area.
  await content.fill('Line one');
  await content.press('Shift+Enter');
  await content.pressSequentially('Line two');
  await expect(content).toHaveValue('Line one\nLine two');
  await page.getByRole('button', { name: 'Clear text' }).click();
  await expect(content).toHaveValue('');

  const long = 'Hello and thank you for contacting our support team. How can we help you today?';
  await content.fill(long);
  await snap(page, 'bubbles-form');
  await content.press('Enter');

  // Saved: listed with a preview cut to 50 characters, the fields cleared and the area closed.
  await expect(bubbleList(page)).toHaveCount(1);
  await expect(bubbleList(page).first()).toContainText('Greeting');
  await expect(page.getByText(`${long.slice(0, 50)}…`, { exact: true })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Show content' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Bubble content')).toHaveCount(0);

  await name.fill('Goodbye');
  await page.getByRole('button', { name: 'Show content' }).click();
  await page.getByLabel('Bubble content').fill('Have a nice day!');
  await page.getByRole('button', { name: 'Save bubble' }).click();
  await expect(bubbleList(page)).toHaveCount(2);
  await expect(bubbleList(page).first()).toContainText('Goodbye');

  // Editing opens the area with the bubble's text.
  await page.getByRole('button', { name: 'Edit Greeting' }).click();
  await expect(page.getByRole('heading', { name: 'Edit bubble' })).toBeVisible();
  await expect(name).toHaveValue('Greeting');
  await expect(page.getByLabel('Bubble content')).toHaveValue(long);
  await snap(page, 'bubbles-1440');
  await page.setViewportSize({ width: 800, height: 900 });
  await snap(page, 'bubbles-800');
  await page.setViewportSize({ width: 1440, height: 900 });

  await name.fill('Welcome');
  await page.getByLabel('Bubble content').fill('Welcome! How can we help?');
  await page.getByRole('button', { name: 'Save bubble' }).click();
  await expect(page.getByRole('heading', { name: 'New bubble' })).toBeVisible();
  await expect(page.getByText('Welcome! How can we help?', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Greeting' })).toHaveCount(0);
  await expect(bubbleList(page)).toHaveCount(2);

  await page.getByRole('button', { name: 'Delete Welcome' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the bubble “Welcome”?' });
  await expect(dialog).toBeVisible();
  await snap(page, 'bubbles-delete');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(bubbleList(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Delete Welcome' })).toHaveCount(0);

  // The list is the server's: it survives a reload.
  await page.reload();
  await expect(bubbleList(page)).toHaveCount(1);
  await expect(bubbleList(page).first()).toContainText('Goodbye');
});

test("a bubble made, changed or deleted in one tab shows in the same user's other tab without reload", async ({
  page,
  request,
  mailbox,
  browser,
}) => {
  const owner = newOwner({ firstName: 'Tom', lastName: 'Tabs' });
  await registerCompanyByApi(request, mailbox, owner);
  await logInByApi(page, { ...owner, name: 'Tom Tabs' });
  await openBubbles(page);

  // A page of its own context (not browser.newPage()): axe-core, run on it by snap(), opens a page beside it.
  const other = await (await browser.newContext()).newPage();
  await logInByApi(other, { ...owner, name: 'Tom Tabs' });
  await openBubbles(other);
  await expect(other.getByText('No bubbles yet')).toBeVisible();

  await page.getByLabel('Bubble name').fill('Refund policy');
  await page.getByRole('button', { name: 'Show content' }).click();
  await page.getByLabel('Bubble content').fill('Refunds are processed within 5 working days.');
  await page.getByLabel('Bubble content').press('Enter');

  await expect(bubbleList(other)).toHaveCount(1);
  await expect(other.getByText('Refunds are processed within 5 working days.')).toBeVisible();
  await snap(other, 'bubbles-live');

  await page.getByRole('button', { name: 'Edit Refund policy' }).click();
  await page.getByLabel('Bubble name').fill('Refunds');
  await page.getByRole('button', { name: 'Save bubble' }).click();
  await expect(other.getByRole('button', { name: 'Edit Refunds' })).toBeVisible();
  await expect(bubbleList(other)).toHaveCount(1);

  await page.getByRole('button', { name: 'Delete Refunds' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(other.getByText('No bubbles yet')).toBeVisible();
  await other.context().close();
});
