import { PROFILE_PIC_MAX_BYTES, PROFILE_PIC_NOT_IMAGE, PROFILE_PIC_TOO_LARGE } from '@kreechat/contract';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  login,
  seedCompany,
  startTestApp,
  STRONG_PASSWORD,
  uniqueEmail,
  type TestApp,
  type TestClient,
} from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const png = (size = 64) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#5cf6fc' } })
    .png()
    .toBuffer();

/** What a browser sends for `<input type=file name=file>` in a FormData. */
async function upload(client: TestClient, file: { name: string; type: string; bytes: Buffer }, field = 'file') {
  const boundary = `----kc${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/change-profile-pic',
    headers: {
      cookie: `kc_session=${client.cookie('kc_session') ?? ''}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as { message: string; profilePic?: string } };
}

const fetchFile = (client: TestClient, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: `kc_session=${client.cookie('kc_session') ?? ''}` } });

describe('profile picture', () => {
  it('stores an image as a thumbnail that the profile and the agent list point to, for the company only', async () => {
    const { adminClient, admin, company } = await seedCompany(t);
    const other = await seedCompany(t, { name: 'Other Co' });
    expect((await adminClient.get('/auth/profile')).body.profilePic).toBeNull();

    const reply = await upload(adminClient, { name: 'me.png', type: 'image/png', bytes: await png(800) });
    expect(reply.status).toBe(200);
    const url = reply.body.profilePic!;
    expect(url).toMatch(new RegExp(`^/files/${company.id}/[0-9a-f-]{36}\\.thumb\\.webp$`));
    expect((await adminClient.get('/auth/profile')).body.profilePic).toBe(url);
    const agents = await adminClient.get('/admin/get-all-agents');
    expect(agents.body.agents.find((a: { userid: string }) => a.userid === admin.id).profile_pic).toBe(url);

    const file = await fetchFile(adminClient, url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const { width } = await sharp(file.rawPayload).metadata();
    expect(width).toBeLessThanOrEqual(320);

    expect((await fetchFile(other.adminClient, url)).statusCode).toBe(404);
    expect((await fetchFile(t.client(), url)).statusCode).toBe(401);

    // A new picture replaces the old one, which is deleted with the upload's original.
    const second = await upload(adminClient, { name: 'new.png', type: 'image/png', bytes: await png(100) });
    expect(second.status).toBe(200);
    expect(second.body.profilePic).not.toBe(url);
    expect((await fetchFile(adminClient, url)).statusCode).toBe(404);
    expect((await fetchFile(adminClient, second.body.profilePic!)).statusCode).toBe(200);
    expect(fs.readdirSync(path.join(t.dataDir, 'files', company.id))).toEqual([
      second.body.profilePic!.split('/').pop(),
    ]);
  });

  it('refuses what is not an image by its bytes, whatever its name says', async () => {
    const { adminClient } = await seedCompany(t);
    const text = await upload(adminClient, {
      name: 'holiday.png',
      type: 'image/png',
      bytes: Buffer.from('just some text pretending to be a picture'),
    });
    expect(text).toEqual({ status: 400, body: { message: PROFILE_PIC_NOT_IMAGE, code: 'profilePicNotImage' } });
    const svg = await upload(adminClient, {
      name: 'me.svg',
      type: 'image/svg+xml',
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    expect(svg).toEqual({ status: 400, body: { message: PROFILE_PIC_NOT_IMAGE, code: 'profilePicNotImage' } });
    const pdf = await upload(adminClient, {
      name: 'me.png',
      type: 'image/png',
      bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n'),
    });
    expect(pdf.status).toBe(400);
    const wrongField = await upload(adminClient, { name: 'me.png', type: 'image/png', bytes: await png() }, 'photo');
    expect(wrongField).toEqual({ status: 400, body: { message: 'No picture was chosen', code: 'noPictureChosen' } });
    const json = await adminClient.post('/auth/change-profile-pic', { file: 'me.png' });
    expect(json.status).toBe(400);
    expect((await adminClient.get('/auth/profile')).body.profilePic).toBeNull();
  });

  it('refuses a picture over the size cap', async () => {
    const { adminClient } = await seedCompany(t);
    const big = Buffer.concat([await png(), Buffer.alloc(PROFILE_PIC_MAX_BYTES)]);
    const reply = await upload(adminClient, { name: 'big.png', type: 'image/png', bytes: big });
    expect(reply).toEqual({ status: 413, body: { message: PROFILE_PIC_TOO_LARGE, code: 'profilePicTooLarge' } });
  });

  it('answers 401 without a session', async () => {
    const reply = await upload(t.client(), { name: 'me.png', type: 'image/png', bytes: await png() });
    expect(reply.status).toBe(401);
  });
});

describe('updating one’s own profile', () => {
  it('ends every session of the user, so each tab and device logs in again', async () => {
    const { addAgent } = await seedCompany(t);
    const agent = await addAgent();
    const otherDevice = t.client();
    await login(otherDevice, agent.email, STRONG_PASSWORD);
    const email = uniqueEmail('renamed');

    const reply = await agent.client.post('/auth/update-profile', {
      first_name: 'Rosa',
      last_name: 'Parks',
      email,
      current_password: STRONG_PASSWORD,
    });
    expect(reply.status).toBe(200);
    expect(reply.cookies.find((c) => c.name === 'kc_session')?.value).toBe('');
    expect((await agent.client.get('/auth/validate')).body).toEqual({ status: 'invalid' });
    expect((await otherDevice.get('/auth/profile')).status).toBe(401);

    expect((await agent.client.post('/auth/login', { email: agent.email, password: STRONG_PASSWORD })).status).toBe(
      401,
    );
    await login(agent.client, email, STRONG_PASSWORD);
    expect((await agent.client.get('/auth/validate')).body).toMatchObject({ status: 'valid', username: 'Rosa Parks' });
  });

  it('keeps the session when the update is refused', async () => {
    const { adminClient, addAgent } = await seedCompany(t);
    const other = await addAgent();
    const taken = await adminClient.post('/auth/update-profile', {
      first_name: 'A',
      last_name: 'B',
      email: other.email,
      current_password: STRONG_PASSWORD,
    });
    expect(taken.status).toBe(409);
    expect((await adminClient.get('/auth/validate')).body.status).toBe('valid');
  });
});
