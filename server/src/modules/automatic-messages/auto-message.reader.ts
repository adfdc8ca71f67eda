import { AUTO_MESSAGE_ENABLED_BY_DEFAULT, LANGUAGES, type AutoMessageKind, type Language } from '@kreechat/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { autoMessageRepo, type AutoMessageRow } from './auto-message.repo';
import { DEFAULT_TEXTS } from './default-texts';

export type AutoMessageReader = {
  /** The kind's switch and its text in `language` (the company's own, else the default; English when the
   *  language is not one of the 8), variables NOT filled in. Cached ≤ 10 s per process, forgotten on its PUTs. */
  get(companyId: string, kind: AutoMessageKind, language: string | null): Promise<{ enabled: boolean; text: string }>;
  forget(companyId: string): void;
};

/** How long a company's settings are kept: another process's PUT shows here within this time. */
const TTL_MS = 10_000;
/** At most this many companies are kept: the oldest read is dropped first (a Map keeps insertion order). */
const MAX_COMPANIES = 1_000;

/** The language a text is chosen in: the client's when it is one of ours, else English. */
export const languageOf = (language: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';

/** The client's language if it is one of ours, else null: a bot text's payload names it only then. */
export const ownLanguage = (language: string | null | undefined): Language | null =>
  language && (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : null;

/**
 * Every automatic message and bot text goes through here on its way out, so a company's settings are read once per
 * TTL, not once per message: one query brings all its kinds. A read in flight is shared by concurrent callers.
 */
export function createAutoMessageReader(deps: { db: Db; clock: Clock; ttlMs?: number }): AutoMessageReader {
  const { db, clock } = deps;
  const ttlMs = deps.ttlMs ?? TTL_MS;
  const cache = new Map<string, { readAt: number; rows: Promise<Map<AutoMessageKind, AutoMessageRow>> }>();

  function rowsOf(companyId: string) {
    const now = clock.now().getTime();
    const cached = cache.get(companyId);
    if (cached && now - cached.readAt < ttlMs) return cached.rows;
    const rows = autoMessageRepo.ofCompany(db, companyId).then((list) => new Map(list.map((row) => [row.kind, row])));
    const entry = { readAt: now, rows };
    cache.delete(companyId);
    cache.set(companyId, entry);
    if (cache.size > MAX_COMPANIES) cache.delete(cache.keys().next().value!);
    // A failed read is not kept: the next caller asks the database again.
    rows.catch(() => {
      if (cache.get(companyId) === entry) cache.delete(companyId);
    });
    return rows;
  }

  return {
    async get(companyId, kind, language) {
      const row = (await rowsOf(companyId)).get(kind);
      const lang = languageOf(language);
      return {
        enabled: row?.enabled ?? AUTO_MESSAGE_ENABLED_BY_DEFAULT[kind],
        text: row?.texts[lang] || DEFAULT_TEXTS[lang][kind],
      };
    },
    forget(companyId) {
      cache.delete(companyId);
    },
  };
}
