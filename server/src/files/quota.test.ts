/**
 * Storage quotas and the chat's file types, through the routes people use: a website visitor's widget, an agent's
 * composer and profile picture, the WordPress agent call, the admin's usage summary. Limits are small here
 * (QUOTA_SESSION_DAY=1MB, QUOTA_SITE_DAY=2MB, QUOTA_COMPANY=3MB), each test in a company of its own.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { UPLOAD_ERRORS } from '@kreechat/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketWithChat } from '../../test/chat-world';
import { login, seedCompany, startTestApp, STRONG_PASSWORD, type TestApp } from '../../test/harness';
import { openVisitor, signIdentity, SITE } from '../../test/wordpress-world';
import { fileUsage, messages } from '../db/schema';

const MB = 1024 * 1024;
const HOUR = 60 * 60_000;

/** Binary bytes the chat takes as a ZIP archive (a local file header with empty fields before random bytes). */
const zipLike = (size: number) =>
  Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(26), randomBytes(size - 30)]);

/** A PNG of noise (it does not compress): about 360 kB, with a WebP thumbnail of its own. */
const noisyPng = () =>
  sharp({
    create: {
      width: 400,
      height: 300,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ QUOTA_SESSION_DAY: '1MB', QUOTA_SITE_DAY: '2MB', QUOTA_COMPANY: '3MB' });
});
afterAll(async () => t?.close());

let addresses = 0;

/** A company with a WordPress site, its admin, and guests of the site (each from an address of their own). */
async function companyWithSite(name = 'Acme Support') {
  const home = await seedCompany(t, { name });
  const generated = await home.adminClient.post('/generate-wp-token', { tokenName: 'Shop', siteUrl: `${SITE}/` });
  expect(generated.status).toBe(201);
  const [tokenId, secret] = (generated.body.token as string).split('.') as [string, string];
  const guest = async () => {
    const n = ++addresses;
    const visitor = await openVisitor(
      t,
      tokenId,
      { guest: { name: `Guest ${n}`, email: `guest${n}@example.test` } },
      {
        from: `198.51.100.${n % 250}`,
      },
    );
    expect(visitor.created.status).toBe(201);
    const upload = (bytes: Buffer, name: string, clientMessageId: string = randomUUID()) => {
      const form = new FormData();
      form.set('clientMessageId', clientMessageId);
      form.set('file', new Blob([bytes]), name);
      return visitor.postForm('/widget/files', form);
    };
    return { ...visitor, upload };
  };
  /** A signed-in reader of the site who has written once: their ticket, accepted by the admin. */
  const readerTicket = async (email: string) => {
    const exp = Math.floor(t.clock.now().getTime() / 1000) + 600;
    const reader = await openVisitor(
      t,
      tokenId,
      { identity: signIdentity(secret, { tokenId, email, name: 'Rea', exp }) },
      {
        from: `203.0.113.${++addresses % 250}`,
      },
    );
    const sent = await reader.send('hello');
    expect(sent.status).toBe(200);
    const accepted = await home.adminClient.post('/accept-wordpress-ticket', {
      company_wordpress_token: tokenId,
      client_email: email,
    });
    expect(accepted.status).toBe(200);
  };
  return { ...home, tokenId, guest, readerTicket };
}

const usageOf = (companyId: string) =>
  t.database.db
    .select({
      key: fileUsage.key,
      bytes: fileUsage.bytes,
      channelRef: fileUsage.channelRef,
      senderRef: fileUsage.senderRef,
    })
    .from(fileUsage)
    .where(eq(fileUsage.companyId, companyId));

const usedBytes = async (companyId: string) => (await usageOf(companyId)).reduce((sum, row) => sum + row.bytes, 0);

/** The storage key behind a widget message's file (the visitor sees only an API URL). */
async function keysOf(messageId: string) {
  const [row] = await t.database.db
    .select({ file: messages.filePath, thumbnail: messages.thumbnailPath })
    .from(messages)
    .where(eq(messages.id, messageId));
  return row!;
}

describe('file types on the server', () => {
  it('a visitor’s evil.exe, or an executable named report.pdf, is refused (415) and nothing is stored', async () => {
    const home = await companyWithSite();
    const visitor = await home.guest();
    const exe = Buffer.concat([Buffer.from('MZ'), randomBytes(4_000)]);
    for (const name of ['evil.exe', 'report.pdf']) {
      const refused = await visitor.upload(exe, name);
      expect(refused.status).toBe(415);
      expect(refused.body.message).toBe(UPLOAD_ERRORS.typeNotAccepted);
    }
    // Text and a PDF are the chat's: they go through.
    expect((await visitor.upload(Buffer.from('order 1042\n'), 'notes.txt')).status).toBe(200);
    expect((await visitor.upload(Buffer.from('%PDF-1.4\n%%EOF\n'), 'receipt.pdf')).status).toBe(200);
    expect((await usageOf(home.company.id)).map((r) => r.key).filter((k) => k.endsWith('.exe'))).toEqual([]);
  });

  it('an agent’s send-file and the WordPress agent call refuse the same types; a profile picture must be an image', async () => {
    const home = await companyWithSite();
    const { ticketId } = await ticketWithChat(t, home.company.id, ['A file, please']);
    expect((await home.adminClient.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
    const send = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('ticketid', ticketId);
      form.append('file', new Blob([bytes]), name);
      return home.adminClient.postForm('/send-file', form);
    };
    const refused = await send(Buffer.concat([Buffer.from('MZ'), randomBytes(100)]), 'setup.exe');
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(UPLOAD_ERRORS.typeNotAccepted);
    expect((await send(randomBytes(2_000), 'dump.bin')).status).toBe(415);
    expect((await send(zipLike(2_000), 'logs.zip')).status).toBe(200);

    await home.readerTicket('rea@example.test');
    const viaPlugin = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.set('companyWordpressToken', home.tokenId);
      form.set('clientEmail', 'rea@example.test');
      form.set('file', new Blob([bytes]), name);
      return home.adminClient.postForm('/send-wordpress-file-to-plugin', form);
    };
    const html = await viaPlugin(Buffer.from('<script>alert(1)</script>'), 'page.html');
    expect(html.status).toBe(415);
    expect(html.body.message).toBe(UPLOAD_ERRORS.typeNotAccepted);
    expect((await viaPlugin(Buffer.from('%PDF-1.4\n'), 'atlas.pdf')).status).toBe(200);

    const picture = new FormData();
    picture.append('file', new Blob([Buffer.from('%PDF-1.4\n')]), 'me.png');
    expect((await home.adminClient.postForm('/auth/change-profile-pic', picture)).status).toBe(400);
  });
});

describe('a visitor’s day (QUOTA_SESSION_DAY=1MB)', () => {
  it('counts thumbnails; answers 429 with Retry-After until the day frees, 413 for a file over the whole day; removal frees', async () => {
    const home = await companyWithSite();
    const visitor = await home.guest();
    const png = await noisyPng();
    const image = await visitor.upload(png, 'photo.png');
    expect(image.status).toBe(200);
    const { file, thumbnail } = await keysOf(image.body.message.id);
    const rows = await usageOf(home.company.id);
    const thumbBytes = await t.services.storage.store.size(thumbnail!);
    expect(thumbBytes).toBeGreaterThan(0);
    expect(rows.map((r) => [r.key, r.bytes]).sort()).toEqual(
      [
        [file, png.length],
        [thumbnail, thumbBytes],
      ].sort(),
    );
    expect(rows.every((r) => r.channelRef === home.tokenId && r.senderRef?.startsWith('wordpress:'))).toBe(true);

    t.clock.advance(HOUR);
    expect((await visitor.upload(zipLike(400 * 1024), 'a.zip')).status).toBe(200);
    t.clock.advance(HOUR);
    // 360 kB + thumbnail + 400 kB + 400 kB is over 1 MB: the photo's bytes must leave the day first, 22 h from now.
    const refused = await visitor.upload(zipLike(400 * 1024), 'b.zip');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(UPLOAD_ERRORS.dailyAllowanceUsed);
    expect(Number(refused.headers['retry-after'])).toBe(22 * 3600);
    const tooBig = await visitor.upload(zipLike(MB + 1), 'huge.zip');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe(UPLOAD_ERRORS.overDailyAllowance);
    expect(await usedBytes(home.company.id)).toBe(png.length + thumbBytes! + 400 * 1024);

    // Removing the photo (and its thumbnail) gives their bytes back at once.
    await t.services.storage.remove(home.company.id, file!);
    await t.services.storage.remove(home.company.id, thumbnail!);
    expect(await usedBytes(home.company.id)).toBe(400 * 1024);
    expect((await visitor.upload(zipLike(400 * 1024), 'b.zip')).status).toBe(200);
    const full = await visitor.upload(zipLike(400 * 1024), 'c.zip');
    expect(full.status).toBe(429);
    // A day after the first of the two, its 400 kB leave the window and the next fits.
    expect(Number(full.headers['retry-after'])).toBe(23 * 3600);
    t.clock.advance(23 * HOUR + 1_000);
    expect((await visitor.upload(zipLike(400 * 1024), 'c.zip')).status).toBe(200);
  });

  it('a retried upload (same clientMessageId) keeps one copy and counts it once, thumbnail included', async () => {
    const home = await companyWithSite();
    const visitor = await home.guest();
    const png = await noisyPng();
    const id = randomUUID();
    expect((await visitor.upload(png, 'photo.png', id)).status).toBe(200);
    const once = await usageOf(home.company.id);
    expect(once).toHaveLength(2);
    expect((await visitor.upload(png, 'photo.png', id)).status).toBe(200);
    expect((await usageOf(home.company.id)).map((r) => r.key).sort()).toEqual(once.map((r) => r.key).sort());
    for (const { key } of once) expect(await t.services.storage.store.size(key)).toBeGreaterThan(0);
  });
});

describe('a site’s day (QUOTA_SITE_DAY=2MB)', () => {
  it('is shared by all its visitors: the one over it waits (429) until the earliest upload leaves the day', async () => {
    const home = await companyWithSite();
    const [a, b, c] = [await home.guest(), await home.guest(), await home.guest()];
    expect((await a.upload(zipLike(900 * 1024), 'a.zip')).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await b.upload(zipLike(900 * 1024), 'b.zip')).status).toBe(200);
    t.clock.advance(HOUR);
    const refused = await c.upload(zipLike(900 * 1024), 'c.zip');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(UPLOAD_ERRORS.dailyAllowanceUsed);
    expect(Number(refused.headers['retry-after'])).toBe(22 * 3600);
    // Another site of the same company has a day of its own.
    const other = await home.adminClient.post('/generate-wp-token', {
      tokenName: 'Blog',
      siteUrl: 'https://blog.example.test',
    });
    const blogVisitor = await openVisitor(
      t,
      (other.body.token as string).split('.')[0]!,
      {
        guest: { name: 'Bea', email: 'bea@example.test' },
      },
      { origin: 'https://blog.example.test', from: '192.0.2.77' },
    );
    const form = new FormData();
    form.set('clientMessageId', randomUUID());
    form.set('file', new Blob([zipLike(900 * 1024)]), 'd.zip');
    expect((await blogVisitor.postForm('/widget/files', form)).status).toBe(200);
  });
});

describe('a company’s total (QUOTA_COMPANY=3MB)', () => {
  it('counts agents’ files and pictures with visitors’ files; 413 when a file does not fit; deletion frees', async () => {
    const home = await companyWithSite();
    const { ticketId } = await ticketWithChat(t, home.company.id, ['Files coming']);
    expect((await home.adminClient.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
    const send = (bytes: Buffer, name: string) => {
      const form = new FormData();
      form.append('ticketid', ticketId);
      form.append('file', new Blob([bytes]), name);
      return home.adminClient.postForm('/send-file', form);
    };
    const first = await send(zipLike(1.2 * MB), 'first.zip');
    expect(first.status).toBe(200);
    expect((await send(zipLike(1.2 * MB), 'second.zip')).status).toBe(200);
    const picture = new FormData();
    picture.append('file', new Blob([await noisyPng()]), 'me.png');
    expect((await home.adminClient.postForm('/auth/change-profile-pic', picture)).status).toBe(200);
    const visitor = await home.guest();
    expect((await visitor.upload(zipLike(300 * 1024), 'v.zip')).status).toBe(200);
    const agentRows = (await usageOf(home.company.id)).filter((r) => r.channelRef === null);
    // Two files and the picture's thumbnail (its original is not kept, nor counted).
    expect(agentRows).toHaveLength(3);
    expect(agentRows.every((r) => r.senderRef === null)).toBe(true);

    const full = await send(zipLike(0.5 * MB), 'third.zip');
    expect(full.status).toBe(413);
    expect(full.body.message).toBe(UPLOAD_ERRORS.companyFull);
    const visitorFull = await visitor.upload(zipLike(0.5 * MB), 'w.zip');
    expect(visitorFull.status).toBe(413);
    expect(visitorFull.body.message).toBe(UPLOAD_ERRORS.companyFull);
    // Waiting a day does not help a full company; deleting a file does.
    t.clock.advance(25 * HOUR);
    expect((await visitor.upload(zipLike(0.5 * MB), 'w.zip')).status).toBe(413);
    const key = (first.body.message.path as string).slice('/files/'.length);
    await t.services.storage.remove(home.company.id, key);
    expect((await visitor.upload(zipLike(0.5 * MB), 'w.zip')).status).toBe(200);
  });
});

describe('GET /storage/usage', () => {
  it('shows an admin their company’s figures by channel; an agent gets 403; another company’s admin sees only theirs', async () => {
    const home = await companyWithSite();
    const visitor = await home.guest();
    const png = await noisyPng();
    expect((await visitor.upload(png, 'photo.png')).status).toBe(200);
    const { ticketId } = await ticketWithChat(t, home.company.id, ['Send me a file']);
    expect((await home.adminClient.post('/acceptTicket', { ticketid: ticketId })).status).toBe(200);
    const form = new FormData();
    form.append('ticketid', ticketId);
    form.append('file', new Blob([zipLike(100_000)]), 'manual.zip');
    expect((await home.adminClient.postForm('/send-file', form)).status).toBe(200);
    const used = await usedBytes(home.company.id);

    const usage = await home.adminClient.get('/storage/usage');
    expect(usage.status).toBe(200);
    expect(usage.body).toMatchObject({
      limits: { senderDayBytes: MB, channelDayBytes: 2 * MB, companyBytes: 3 * MB },
      usedBytes: used,
      files: 2,
      lastDayBytes: used,
    });
    const bySource = Object.fromEntries(usage.body.lastDay.map((row: { source: string }) => [row.source, row]));
    expect(bySource.wordpress).toMatchObject({ channelRef: home.tokenId, name: 'Shop', files: 1 });
    expect(bySource.wordpress.bytes).toBe(used - 100_000);
    expect(bySource.agents).toEqual({ source: 'agents', channelRef: null, name: null, bytes: 100_000, files: 1 });

    const agent = await home.addAgent();
    expect((await agent.client.get('/storage/usage')).status).toBe(403);
    const moderator = await home.addAgent({ role: 'moderator' });
    expect((await moderator.client.get('/storage/usage')).status).toBe(403);

    const other = await seedCompany(t, { name: 'Other Co' });
    const theirs = await other.adminClient.get('/storage/usage');
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ usedBytes: 0, files: 0, lastDayBytes: 0, lastDay: [] });

    // A day later the upload has left the day, not the storage.
    t.clock.advance(24 * HOUR + 1_000);
    await login(home.adminClient, home.adminEmail, STRONG_PASSWORD);
    const later = await home.adminClient.get('/storage/usage');
    expect(later.body).toMatchObject({ usedBytes: used, lastDayBytes: 0, lastDay: [] });
  });
});

describe('file_usage', () => {
  it('after all the above, each row names bytes that are stored, of exactly its size (no refusal or removal left one)', async () => {
    const rows = await t.database.db.select({ key: fileUsage.key, bytes: fileUsage.bytes }).from(fileUsage);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(await t.services.storage.store.size(row.key)).toBe(row.bytes);
  });
});
