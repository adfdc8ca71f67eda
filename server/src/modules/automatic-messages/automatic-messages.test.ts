import {
  AUTO_MESSAGE_KINDS,
  AUTO_MESSAGE_MAX,
  LANGUAGES,
  UNKNOWN_VARIABLE,
  VARIABLES_OF,
  autoMessagesResponseSchema,
} from '@kreechat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoMessages } from '../../db/schema';
import { seedCompany, startTestApp, type TestApp } from '../../../test/harness';

describe('automatic messages settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('lists every kind in order with its defaults in the 8 languages, the bots’ old texts on and the new ones off', async () => {
    const { adminClient } = await seedCompany(t);
    const reply = await adminClient.get('/automatic-messages');
    expect(reply.status).toBe(200);
    const { messages } = autoMessagesResponseSchema.parse(reply.body);
    expect(messages.map((m) => m.kind)).toEqual([...AUTO_MESSAGE_KINDS]);
    const byKind = Object.fromEntries(messages.map((m) => [m.kind, m]));
    for (const m of messages) {
      expect(Object.keys(m.defaults).sort()).toEqual([...LANGUAGES].sort());
      expect(m.texts).toEqual({});
      expect(m.variables).toEqual(VARIABLES_OF[m.kind]);
      // Every default uses only the variables its kind may have, in every language.
      for (const text of Object.values(m.defaults)) {
        for (const [, name] of text.matchAll(/\{([a-z_]+)\}/g)) expect(VARIABLES_OF[m.kind]).toContain(name);
      }
    }
    expect(messages.filter((m) => m.enabled).map((m) => m.kind)).toEqual([
      'chooseDepartment',
      'closing',
      'ratingQuestion',
      'ratingThanks',
    ]);
    expect(byKind.closing!.defaults.en).toBe('Your ticket has been closed.');
    expect(byKind.ratingQuestion!.defaults.ru).toBe('Как вы оцените нашу поддержку?');
    expect(byKind.outOfHours!.defaults.en).toContain('{next_opening}');
    expect(byKind.greeting!.defaults.ja).not.toBe(byKind.greeting!.defaults.en);
  });

  it('saves a kind’s switch and texts (trimmed, empty ones back to the default) and reads them back', async () => {
    const { adminClient, company } = await seedCompany(t);
    const put = await adminClient.put('/automatic-messages/greeting', {
      enabled: true,
      texts: { en: '  Hi {client_name}, ticket #{ticket_number}.  ', ru: 'Привет, {client_name}!', es: '   ' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      kind: 'greeting',
      enabled: true,
      texts: { en: 'Hi {client_name}, ticket #{ticket_number}.', ru: 'Привет, {client_name}!' },
      variables: ['client_name', 'department', 'ticket_number'],
    });
    expect(put.body.texts).not.toHaveProperty('es');
    expect(put.body.defaults.es).toContain('{ticket_number}');

    const list = await adminClient.get('/automatic-messages');
    const greeting = list.body.messages.find((m: { kind: string }) => m.kind === 'greeting');
    expect(greeting).toEqual(put.body);

    // The reader other modules use was told to forget: it answers the new wording at once.
    const reader = t.services.autoMessages;
    expect(await reader.get(company.id, 'greeting', 'ru')).toEqual({ enabled: true, text: 'Привет, {client_name}!' });
    expect((await reader.get(company.id, 'greeting', 'es')).text).toBe(greeting.defaults.es);
    // A language that is not one of the 8 reads the English text, the company's own when it has one.
    expect((await reader.get(company.id, 'greeting', 'fr')).text).toBe('Hi {client_name}, ticket #{ticket_number}.');
    expect((await reader.get(company.id, 'greeting', null)).text).toBe('Hi {client_name}, ticket #{ticket_number}.');

    // Switching off keeps the texts; an unchanged kind keeps its defaults.
    const off = await adminClient.put('/automatic-messages/greeting', { enabled: false, texts: greeting.texts });
    expect(off.body).toMatchObject({ enabled: false, texts: greeting.texts });
    expect(await reader.get(company.id, 'greeting', 'ru')).toEqual({ enabled: false, text: 'Привет, {client_name}!' });
    expect(await reader.get(company.id, 'ratingThanks', 'nl')).toEqual({
      enabled: true,
      text: 'Bedankt voor je beoordeling!',
    });
  });

  it('refuses a variable the kind cannot have, a text too long, a language or kind it does not know', async () => {
    const { adminClient } = await seedCompany(t);
    const refused = async (kind: string, body: unknown) => {
      const reply = await adminClient.put(`/automatic-messages/${kind}`, body);
      expect(reply.status).toBe(400);
      return reply.body.message as string;
    };
    // The department question is asked before there is a ticket, so it has no number.
    expect(await refused('chooseDepartment', { enabled: true, texts: { en: 'Ticket {ticket_number}' } })).toBe(
      UNKNOWN_VARIABLE,
    );
    expect(await refused('greeting', { enabled: true, texts: { ru: 'Привет, {name}' } })).toBe(UNKNOWN_VARIABLE);
    expect(await refused('greeting', { enabled: true, texts: { en: 'x'.repeat(AUTO_MESSAGE_MAX + 1) } })).toBe(
      'Text is too long',
    );
    await refused('greeting', { enabled: true, texts: { fr: 'Bonjour' } });
    await refused('farewell', { enabled: true, texts: {} });
    await refused('greeting', { texts: {} });
    // Nothing of it was saved.
    const list = await adminClient.get('/automatic-messages');
    expect(list.body.messages.every((m: { texts: object }) => Object.keys(m.texts).length === 0)).toBe(true);
    // The limit itself and the next opening time where it belongs are fine.
    expect(
      (
        await adminClient.put('/automatic-messages/outOfHours', {
          enabled: true,
          texts: { en: `${'x'.repeat(AUTO_MESSAGE_MAX - 16)}{next_opening}` },
        })
      ).status,
    ).toBe(200);
  });

  it('is for admins only, and one company never sees or changes another’s', async () => {
    const acme = await seedCompany(t);
    const other = await seedCompany(t, { name: 'Other Ltd' });
    for (const role of ['agent', 'moderator'] as const) {
      const { client } = await acme.addAgent({ role });
      expect((await client.get('/automatic-messages')).status).toBe(403);
      expect((await client.put('/automatic-messages/closing', { enabled: false, texts: {} })).status).toBe(403);
    }
    expect((await t.client().get('/automatic-messages')).status).toBe(401);

    await acme.adminClient.put('/automatic-messages/closing', { enabled: false, texts: { en: 'Acme says bye.' } });
    const theirs = await other.adminClient.get('/automatic-messages');
    const closing = theirs.body.messages.find((m: { kind: string }) => m.kind === 'closing');
    expect(closing).toMatchObject({ enabled: true, texts: {} });
    expect(JSON.stringify(theirs.body)).not.toContain('Acme says bye.');

    // Their own change touches their row only.
    await other.adminClient.put('/automatic-messages/closing', { enabled: true, texts: { en: 'Other says bye.' } });
    const ours = await acme.adminClient.get('/automatic-messages');
    expect(ours.body.messages.find((m: { kind: string }) => m.kind === 'closing')).toMatchObject({
      enabled: false,
      texts: { en: 'Acme says bye.' },
    });
    expect(await t.services.autoMessages.get(other.company.id, 'closing', 'en')).toEqual({
      enabled: true,
      text: 'Other says bye.',
    });
  });

  it('the reader keeps a company’s settings for 10 s: another process’s change shows once that has passed', async () => {
    const { company } = await seedCompany(t);
    const reader = t.services.autoMessages;
    expect((await reader.get(company.id, 'ratingThanks', 'en')).text).toBe('Thank you for your rating!');
    // Written as another process would: this process's reader is not told.
    await t.database.db
      .insert(autoMessages)
      .values({ companyId: company.id, kind: 'ratingThanks', enabled: false, texts: { en: 'Cheers!' } });
    t.clock.advance(9_000);
    expect(await reader.get(company.id, 'ratingThanks', 'en')).toEqual({
      enabled: true,
      text: 'Thank you for your rating!',
    });
    t.clock.advance(1_001);
    expect(await reader.get(company.id, 'ratingThanks', 'en')).toEqual({ enabled: false, text: 'Cheers!' });
  });
});
