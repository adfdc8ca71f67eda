import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { ownerInWorkspace, snapWidths } from '../support/flows';
import { expect, test } from '../support/fixtures';

const SITE = 'https://books.example.test';

/** A guest of the site sends one file through the widget's API, as the widget does. */
async function guestSendsFile(request: APIRequestContext, tokenId: string, file: { name: string; buffer: Buffer }) {
  const created = await request.post('/api/widget/sessions', {
    headers: { origin: SITE },
    data: { tokenId, guest: { name: 'Gail Guest', email: 'gail@example.test' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { session } = (await created.json()) as { session: string };
  return request.post('/api/widget/files', {
    headers: { origin: SITE, authorization: `Bearer ${session}` },
    multipart: {
      clientMessageId: randomUUID(),
      file: { name: file.name, mimeType: 'application/octet-stream', buffer: file.buffer },
    },
  });
}

test('an admin reads the company’s storage use in Settings: used of total, the last day by channel, the limits', async ({
  page,
  request,
  mailbox,
}) => {
  test.slow();
  await ownerInWorkspace(page, request, mailbox, { firstName: 'Stella', lastName: 'Store', company: 'Quota Books' });
  const made = await page.request.post('/api/generate-wp-token', { data: { tokenName: 'Bookshop', siteUrl: SITE } });
  expect(made.status(), await made.text()).toBe(201);
  const { token_id: tokenId } = (await made.json()) as { token_id: string };

  // The server judges a file by its bytes and name: an executable is refused, a text file is kept and counted.
  const exe = await guestSendsFile(request, tokenId, { name: 'setup.exe', buffer: Buffer.from('MZ-not-really') });
  expect(exe.status()).toBe(415);
  const text = Buffer.from('Order 1042: two atlases, one globe.\n'.repeat(3000));
  expect((await guestSendsFile(request, tokenId, { name: 'order.txt', buffer: text })).status()).toBe(200);

  await page.getByRole('link', { name: 'Admin panel' }).click();
  await page.getByRole('navigation', { name: 'Admin panel sections' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: 'Storage' }).click();
  await expect(page).toHaveURL(/tab=storage/);
  const panel = page.getByRole('tabpanel', { name: 'Storage' });
  await expect(panel.getByRole('heading', { name: 'Storage', level: 2 })).toBeVisible();
  await expect(panel.getByTestId('storage-used')).toHaveText('0.1 MB of 20 GB');
  await expect(panel.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '1');
  await expect(panel.getByText('Files kept: 1')).toBeVisible();

  const table = panel.getByRole('table', { name: 'Last 24 hours' });
  const row = table.getByRole('row', { name: /Website/ });
  await expect(row.getByRole('rowheader')).toHaveText('WebsiteBookshop');
  await expect(row.getByRole('cell')).toHaveText(['1', '0.1 MB', '1%']);

  const limits = panel.getByRole('region', { name: 'Limits' });
  await expect(limits.getByRole('definition')).toHaveText(['50 MB', '2 GB', '20 GB']);

  await snapWidths(page, 'settings-storage', { widths: [1440, 390] });
});
