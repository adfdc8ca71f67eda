/**
 * Crash mid-ingest, WhatsApp webhook: SIGKILL while many clients' messages arrive; the fake Graph API
 * resends what was not answered 200, as Meta does. What was acknowledged was stored; in the end each message once.
 * Logs the figures for BENCHMARKS.md. PostgreSQL project only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CHATS, PER_CHAT, stored, TOTAL } from './crash-ingest';
import { startFakeGraphApi, type DeliveryReport } from './fakes/whatsapp/fake-graph-api';
import { textMessage } from './fakes/whatsapp/webhooks';
import { eventually, freePort, seedCompany, startTestApp, TEST_SECRETS_KEY } from './harness';
import { spawnServer, type ServerProcess } from './server-process';

describe('crash mid-ingest', () => {
  it('WhatsApp webhook: SIGKILL while messages arrive from many clients; Meta resends, each is stored once', async () => {
    const started = Date.now();
    const graph = await startFakeGraphApi();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const settings = {
      PUBLIC_URL: baseUrl,
      WHATSAPP_GRAPH_ROOT: graph.root,
      WHATSAPP_GRAPH_VERSION: graph.version,
      WHATSAPP_APP_ID: graph.appId,
      WHATSAPP_APP_SECRET: graph.appSecret,
      WHATSAPP_VERIFY_TOKEN: 'kreechat-verify-token-for-crash-test',
      WHATSAPP_CONFIG_ID: '1234567890',
    };
    graph.setAppCallbackUrl(`${baseUrl}/api/webhooks/whatsapp`);
    const t = await startTestApp(settings);
    const url = (t.database as { url?: string }).url!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kc-crash-ingest-'));
    const env = { ...settings, DATABASE_URL: url, SECRETS_KEY: TEST_SECRETS_KEY, DATA_DIR: dataDir };
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    let server: ServerProcess | undefined = await spawnServer(env, { port });
    try {
      // Connected through the in-process app (not listening): Meta's handshake reaches the spawned server.
      const company = await seedCompany(t);
      const business = graph.addBusiness();
      const connect = await company.adminClient.post('/connect-whatsapp-number', {
        wabaId: business.wabaId,
        phoneNumberId: business.phoneNumberId,
        accessToken: business.token,
      });
      expect(connect.status).toBe(200);
      await t.services.whatsapp.stop();
      const where = { pool, companyId: company.company.id, channelKey: `wa:${business.phoneNumberId}` };

      // Each client writes its messages one after another (the next once the previous was taken), all at once;
      // Meta resends a message until it is answered 200 (here every 100 ms; Meta backs off for up to a day).
      const acknowledged = new Set<number>();
      const reports: DeliveryReport[] = [];
      let seq = 0;
      const clients = Array.from({ length: CHATS }, (_, c) => `447700900${String(c).padStart(3, '0')}`);
      const sending = Promise.all(
        clients.map(async (waId) => {
          for (let n = 0; n < PER_CHAT; n += 1) {
            const id = (seq += 1);
            const report = await graph.receive(business.phoneNumberId, textMessage({ from: waId, body: `u${id}` }), {
              name: `Client ${waId}`,
              attempts: 10_000,
              backoffMs: 100,
            });
            reports.push(report);
            if (report.delivered) acknowledged.add(id);
          }
        }),
      );
      await eventually(() => acknowledged.size >= TOTAL * 0.3, 20_000);
      const killedAt = Date.now();
      await server.kill();
      server = undefined;
      const ackedAtKill = [...acknowledged];
      const before = await stored(where);
      expect(ackedAtKill.filter((id) => before.copies.get(id) !== 1)).toEqual([]);
      expect([...before.copies.values()].filter((n) => n > 1)).toEqual([]);

      const restartAt = Date.now();
      server = await spawnServer(env, { port });
      const healthyAt = Date.now();
      await sending;
      await eventually(async () => (await stored(where)).copies.size === TOTAL, 40_000);
      const allStoredAt = Date.now();

      const after = await stored(where);
      expect([...after.copies.values()].filter((n) => n !== 1)).toEqual([]);
      expect(after.copies.size).toBe(TOTAL);
      expect(after.rows).toBe(TOTAL);
      expect(after.unprocessed).toBe(0);
      for (const [chat, got] of after.byChat) expect(got, `client ${chat}`).toEqual([...got].sort((a, b) => a - b));
      const resent = reports.filter((r) => r.attempts.filter((a) => a.status !== 200).length > 0);
      const inFlight = reports.filter((r) => r.attempts.some((a) => a.error !== undefined && a.at >= killedAt));
      console.info(
        `[crash-ingest whatsapp] ${TOTAL} messages from ${CHATS} clients; ${ackedAtKill.length} acknowledged before ` +
          `the kill; ${resent.length} resent (${inFlight.length} of them in flight at the kill or sent while it was ` +
          `down); restart → healthy ${healthyAt - restartAt} ms, restart → every message stored ` +
          `${allStoredAt - restartAt} ms; wall ${Date.now() - started} ms`,
      );
    } finally {
      await server?.kill(); // the database is dropped next: no need to wait for a graceful stop
      await pool.end();
      await t.close();
      await graph.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
