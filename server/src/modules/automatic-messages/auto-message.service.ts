import {
  AUTO_MESSAGE_ENABLED_BY_DEFAULT,
  AUTO_MESSAGE_KINDS,
  autoMessageBodyFor,
  VARIABLES_OF,
  type AutoMessage,
  type AutoMessageBody,
  type AutoMessageKind,
  type AutoMessagesResponse,
} from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { ValidationError } from '../../platform/errors';
import { autoMessageRepo, type AutoMessageRow } from './auto-message.repo';
import type { AutoMessageReader } from './auto-message.reader';
import { defaultsOf } from './default-texts';

export type AutoMessageService = ReturnType<typeof createAutoMessageService>;

/** What the settings screen shows of one kind: the company's row (if it changed anything) over the defaults. */
function viewOf(kind: AutoMessageKind, row: AutoMessageRow | undefined): AutoMessage {
  return {
    kind,
    enabled: row?.enabled ?? AUTO_MESSAGE_ENABLED_BY_DEFAULT[kind],
    texts: row?.texts ?? {},
    defaults: defaultsOf(kind),
    variables: [...VARIABLES_OF[kind]],
  };
}

/**
 * A company's automatic messages (Settings → Automatic messages): read and written here, read on their way out
 * through the `AutoMessageReader`, which this service tells to forget the company after every change.
 */
export function createAutoMessageService(deps: { db: Db; clock: Clock; reader: AutoMessageReader }) {
  const { db, clock, reader } = deps;

  return {
    /** Every kind in AUTO_MESSAGE_KINDS order, changed or not. */
    async list(companyId: string): Promise<AutoMessagesResponse> {
      const rows = new Map((await autoMessageRepo.ofCompany(db, companyId)).map((row) => [row.kind, row]));
      return { messages: AUTO_MESSAGE_KINDS.map((kind) => viewOf(kind, rows.get(kind))) };
    },

    /**
     * Sets the kind's switch and the company's texts, checked against the variables the kind may use. A language
     * left out or emptied uses its default again (no key is stored for it). Answers the kind as now saved.
     */
    async update(companyId: string, kind: AutoMessageKind, body: AutoMessageBody): Promise<AutoMessage> {
      const parsed = autoMessageBodyFor(kind).safeParse(body);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid text');
      const texts = Object.fromEntries(Object.entries(parsed.data.texts).filter(([, text]) => text !== ''));
      const saved = await db.transaction((tx) =>
        autoMessageRepo.upsert(tx, companyId, { kind, enabled: parsed.data.enabled, texts }, clock.now()),
      );
      reader.forget(companyId);
      return viewOf(kind, saved);
    },
  };
}
