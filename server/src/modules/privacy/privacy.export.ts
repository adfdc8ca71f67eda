/**
 * What a client's export holds, built as it streams (zip-stream.ts): `client.json` (the profile, the channel
 * identities, messages still waiting for a department), `tickets.json` (every ticket with its messages, internal
 * notes and rating, paged so a client with 100,000 messages costs one page of memory) and `files/`, each message's
 * file as `files/<message id>-<name>`, read from the store while it is written.
 */
import type { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import type { ClientRow } from '../clients';
import { clientRepo } from '../clients';
import { heldMessageRepo } from '../held-messages';
import type { InboundMessage } from '../inbound-updates';
import { messageRepo, type ExportedMessageRow } from '../messages';
import { ticketRepo } from '../tickets';
import type { ZipWriter } from './zip-stream';

const TICKETS_PAGE = 100;
const MESSAGES_PAGE = 500;
const FILES_PAGE = 200;

/** What the export reads files through: a company's stored file by its key, as a stream (undefined: not stored). */
export type ExportFiles = {
  open(companyId: string, key: string): Promise<{ stream(): Readable } | undefined>;
};

const iso = (d: Date | null) => d?.toISOString() ?? null;
const fullName = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();

/** A file's name inside the ZIP: no folders of its own (nothing can land outside `files/`), no control characters. */
export function zipFilePath(prefix: string, id: string, name: string | null): string {
  const cleaned = [...(name ?? 'file')]
    .map((c) => (c < ' ' || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 150);
  return `files/${prefix}${id}-${cleaned || 'file'}`;
}

function messageJson(m: ExportedMessageRow) {
  return {
    messageid: m.id,
    type: m.type,
    /** The client, an agent, or the desk itself (an automatic message). */
    from: m.automatic ? 'desk' : m.isAgent ? 'agent' : 'client',
    author: m.automatic ? null : m.authorName,
    internal_note: m.type === 'note',
    content: m.content,
    created_on: m.createdAt.toISOString(),
    file: m.fileKey ? { name: m.fileName, size: m.fileSize, path: zipFilePath('', m.id, m.fileName) } : null,
    location: m.region,
    reaction: m.reaction,
    reply_to: m.replyToId,
    delivery_status: m.deliveryStatus,
    erased: m.erased,
  };
}

function heldJson(id: string, platform: string, message: InboundMessage) {
  const c = message.content;
  const file = 'file' in c && !('tooLarge' in c.file) ? c.file : null;
  return {
    id,
    platform,
    sent_on: new Date(message.sentAt).toISOString(),
    type: c.type,
    text: c.type === 'text' ? c.text : 'caption' in c ? c.caption : null,
    location: c.type === 'location' ? `${c.latitude},${c.longitude}` : null,
    file: file ? { name: file.name, size: file.size, path: zipFilePath('held-', id, file.name) } : null,
  };
}

/** Writes everything held about `client` into `zip`, reading page by page (no snapshot: see the service). */
export async function writeClientExport(
  zip: ZipWriter,
  deps: { db: Db; files: ExportFiles; now: Date },
  client: ClientRow,
) {
  const { db, files, now } = deps;
  const companyId = client.companyId;
  const [identities, held] = await Promise.all([
    clientRepo.identitiesOf(db, companyId, client.id),
    heldMessageRepo.heldOf(db, client.id),
  ]);

  const profile = await zip.text('client.json');
  await profile.write(
    JSON.stringify(
      {
        exported_on: now.toISOString(),
        client: {
          clientid: client.id,
          short_id: client.shortId,
          name: client.name,
          email: client.email,
          account_number: client.accountNumber,
          address: client.address,
          note: client.note,
          language: client.language,
          blocked: client.blocked,
          reopened_count: client.reopenedCount,
          created_on: client.createdAt.toISOString(),
        },
        identities: identities.map((i) => ({
          platform: i.platform,
          id: i.externalId,
          verified: i.verified,
          username: i.username,
          since: i.createdAt.toISOString(),
        })),
        waiting_for_department: held.map((h) => heldJson(h.id, h.platform, h.message as InboundMessage)),
      },
      null,
      2,
    ),
  );
  await profile.end();

  const tickets = await zip.text('tickets.json');
  await tickets.write('[');
  let after: string | null = null;
  let firstTicket = true;
  for (;;) {
    const page = await ticketRepo.exportPage(db, companyId, client.id, after, TICKETS_PAGE);
    for (const row of page) {
      const t = row.ticket;
      const head = JSON.stringify({
        ticketid: t.id,
        platform: t.platform,
        stage: t.stage,
        department: row.departmentName,
        handler: fullName(row.handlerFirst, row.handlerLast),
        created_on: t.createdAt.toISOString(),
        accepted_on: iso(t.acceptedAt),
        closed_on: iso(t.closedAt),
        closed_by: fullName(row.closerFirst, row.closerLast),
        reopened_on: iso(t.reopenedAt),
        rating: t.rating,
      });
      // The ticket's fields, then its messages streamed into the same object.
      await tickets.write(`${firstTicket ? '' : ','}\n${head.slice(0, -1)},"messages":[`);
      firstTicket = false;
      let seq = 0;
      let firstMessage = true;
      for (;;) {
        const messages = await messageRepo.exportPage(db, companyId, t.id, seq, MESSAGES_PAGE);
        if (!messages.length) break;
        const text = messages.map((m) => JSON.stringify(messageJson(m))).join(',\n');
        await tickets.write(`${firstMessage ? '\n' : ',\n'}${text}`);
        firstMessage = false;
        seq = messages[messages.length - 1]!.seq;
        if (messages.length < MESSAGES_PAGE) break;
      }
      await tickets.write(']}');
    }
    if (page.length < TICKETS_PAGE) break;
    after = page[page.length - 1]!.ticket.id;
  }
  await tickets.write('\n]\n');
  await tickets.end();

  // The files, each read from the store as it goes into the ZIP; one gone from the store is left out.
  const addFile = async (path: string, key: string) => {
    const opened = await files.open(companyId, key);
    if (opened) await zip.file(path, opened.stream());
  };
  for (const h of held) {
    const c = (h.message as InboundMessage).content;
    if ('file' in c && !('tooLarge' in c.file)) await addFile(zipFilePath('held-', h.id, c.file.name), c.file.key);
  }
  let seq = 0;
  for (;;) {
    const page = await messageRepo.filesOfClient(db, companyId, client.id, seq, FILES_PAGE);
    for (const m of page) if (m.fileKey) await addFile(zipFilePath('', m.id, m.fileName), m.fileKey);
    if (page.length < FILES_PAGE) break;
    seq = page[page.length - 1]!.seq;
  }
}
