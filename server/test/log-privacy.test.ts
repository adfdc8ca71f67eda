import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWhatsAppWorld, VERIFY_TOKEN, type WhatsAppWorld } from './whatsapp-world';
import { startWordpressWorld } from './wordpress-world';

/** Every line the app logs, at debug level (where Fastify's request lines are), as written. */
function collect() {
  const lines: string[] = [];
  return { lines, logTo: { write: (line: string) => void lines.push(line) }, logLevel: 'debug' };
}

/**
 * Debug logs are shipped to log collectors and read by more people than the data is: they must not carry the
 * WhatsApp verify token (a secret in Meta's handshake URL) nor a client's e-mail address.
 */
describe('what debug logs keep out', () => {
  describe("Meta's verification handshake", () => {
    const log = collect();
    let world: WhatsAppWorld;
    beforeAll(async () => {
      world = await startWhatsAppWorld({}, log);
    });
    afterAll(async () => world?.close());

    it('logs the request without the verify token, right or wrong', async () => {
      const url = `${world.t.baseUrl}/api/webhooks/whatsapp`;
      expect((await world.fake.verifyCallback(url, VERIFY_TOKEN, 'challenge-1')).status).toBe(200);
      expect((await world.fake.verifyCallback(url, 'a-guessed-token-9f2c', 'challenge-2')).status).toBe(403);
      const text = log.lines.join('');
      // The request was logged (so the check below means something), its query too, less the token.
      const requests = log.lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'incoming request');
      expect(requests.map((l) => l.req.url)).toEqual([
        expect.stringMatching(/^\/api\/webhooks\/whatsapp\?.*hub\.challenge=challenge-1/),
        expect.stringMatching(/^\/api\/webhooks\/whatsapp\?.*hub\.challenge=challenge-2/),
      ]);
      expect(requests[0].req.url).toContain('hub.verify_token=[redacted]');
      expect(text).not.toContain(VERIFY_TOKEN);
      expect(text).not.toContain('a-guessed-token-9f2c');
    });
  });

  describe("a WordPress visitor's session", () => {
    const log = collect();
    let world: Awaited<ReturnType<typeof startWordpressWorld>>;
    beforeAll(async () => {
      world = await startWordpressWorld(log);
    });
    afterAll(async () => world?.close());

    it("logs neither a guest's nor a signed-in reader's e-mail address", async () => {
      const guest = await world.visitor({ guest: { name: 'Gina Guest', email: 'gina.guest@example.test' } });
      expect(guest.created.status).toBe(201);
      expect((await guest.send('Where is my parcel?')).status).toBe(200);
      const reader = await world.visitor({ identity: world.identity('rita.reader@example.test', 'Rita Reader') });
      expect(reader.created.status).toBe(201);
      expect((await reader.send('Hello again')).status).toBe(200);
      expect(await reader.messages()).toBeDefined();
      // An agent opens the reader's WordPress history: the API names the client by e-mail in the query string.
      const agent = await world.addAgent();
      const history = await agent.client.get(
        `/get-kreechat-wordpress-messages?companyWordpressToken=${world.tokenId}&clientEmail=rita.reader%40example.test`,
      );
      expect(history.status).toBe(200);

      const text = log.lines.join('');
      expect(log.lines.some((l) => JSON.parse(l).msg === 'request completed')).toBe(true);
      expect(text).not.toMatch(/gina\.guest|rita\.reader/i);
      expect(text).not.toMatch(/gina\.guest%40|rita\.reader%40/i);
      expect(text).toContain('clientEmail=[redacted]');
    });
  });
});
