import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://desk.example.test' });
});
afterAll(async () => t?.close());

describe('HTTP rules every route shares', () => {
  it('answers health', async () => {
    expect((await t.client().get('/health')).body).toEqual({ status: 'ok' });
  });

  it('answers malformed JSON and wrong types with 400 and a message, never 500', async () => {
    const c = t.client();
    const broken = await c.request('POST', '/auth/login', '{"email": "a@b.c", ', {
      'content-type': 'application/json',
    });
    expect(broken.status).toBe(400);
    expect(typeof broken.body.message).toBe('string');
    const wrongType = await c.post('/auth/login', { email: 42, password: ['x'] });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/email/i);
    const notObject = await c.post('/precheck', [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('lets pages connect only to the server itself (CSP connect-src)', async () => {
    const reply = await t.client().get('/health');
    const policy = String(reply.headers['content-security-policy']);
    expect(policy).toMatch(/connect-src 'self'(;|$)/);
    expect(policy).not.toMatch(/\bwss?:/);
  });

  it('refuses the body types a cross-site form can send', async () => {
    const c = t.client();
    const form = await c.request('POST', '/auth/login', 'email=a%40b.c&password=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const text = await c.request('POST', '/auth/login', '{"email":"a@b.c","password":"x"}', {
      'content-type': 'text/plain',
    });
    expect(text.status).toBe(415);
  });

  it('refuses a state-changing request from a foreign origin, accepts our own', async () => {
    const { adminClient } = await seedCompany(t);
    const foreign = await adminClient.post(
      '/admin/create-department',
      { department_name: 'Phish' },
      { origin: 'https://evil.example' },
    );
    expect(foreign).toMatchObject({ status: 403, body: { message: 'Cross-site request refused' } });
    const own = await adminClient.post(
      '/admin/create-department',
      { department_name: 'Real' },
      { origin: 'https://desk.example.test' },
    );
    expect(own.status).toBe(200);
    const sameHost = await adminClient.post(
      '/admin/create-department',
      { department_name: 'Local' },
      { origin: 'http://localhost:80' },
    );
    expect(sameHost.status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const reply = await t.client().get('/no-such-call');
    expect(reply).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = reply.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/register-company-kreechat', '/api/admin/delete-department']),
    );
    expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'email',
    );
  });

  it('refuses to start when a route declares no access level', async () => {
    const Fastify = (await import('fastify')).default;
    const { registerAccessControl } = await import('./access');
    const app = Fastify();
    registerAccessControl(app, async () => undefined);
    await expect(
      app
        .register(async (api) => {
          api.get('/api/forgotten', async () => 'oops');
        })
        .ready(),
    ).rejects.toThrow(/declares no access level/);
  });
});
