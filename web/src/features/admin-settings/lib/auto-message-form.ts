import {
  autoMessageBodyFor,
  fillVariables,
  instantOfWallClock,
  LANGUAGES,
  type AutoMessage,
  type AutoMessageBody,
  type AutoMessageKind,
  type AutoMessageVariable,
  type Language,
} from '@kreechat/contract';

/** Every language's text as typed; empty means the built-in default. */
export type TextDrafts = Record<Language, string>;

export function draftsOf(message: Pick<AutoMessage, 'texts'>): TextDrafts {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, message.texts[lang] ?? ''])) as TextDrafts;
}

/** Only the languages with a text of their own go out: a language left out uses the default. */
export function bodyOf(enabled: boolean, drafts: TextDrafts): AutoMessageBody {
  const texts: AutoMessageBody['texts'] = {};
  for (const lang of LANGUAGES) {
    const text = drafts[lang].trim();
    if (text) texts[lang] = text;
  }
  return { enabled, texts };
}

/** Whether the typed texts differ from the saved ones (spaces around a text do not count: the server trims). */
export function textsChanged(saved: Pick<AutoMessage, 'texts'>, drafts: TextDrafts): boolean {
  return LANGUAGES.some((lang) => (saved.texts[lang] ?? '').trim() !== drafts[lang].trim());
}

/**
 * The texts checked by the contract the server checks them with: each language's first problem (a variable the
 * kind cannot have, a text too long), in the contract's English words.
 */
export function checkTexts(kind: AutoMessageKind, enabled: boolean, drafts: TextDrafts) {
  const body = bodyOf(enabled, drafts);
  const parsed = autoMessageBodyFor(kind).safeParse(body);
  if (parsed.success) return { ok: true as const, body };
  const errors: Partial<Record<Language, string>> = {};
  for (const issue of parsed.error.issues) {
    const lang = issue.path[1];
    if (issue.path[0] === 'texts' && typeof lang === 'string' && (LANGUAGES as readonly string[]).includes(lang)) {
      errors[lang as Language] ??= issue.message;
    }
  }
  return { ok: false as const, errors };
}

/** A Monday at 09:00 (as wall-clock time): what "next opening" reads like in the preview. */
const SAMPLE_OPENING = Date.UTC(2026, 0, 5, 9, 0);

/**
 * The next opening as the preview shows it: a Monday at 09:00 in the company's zone, worded in the message's
 * language the way the server words it (weekday, 24-hour time, the zone's generic name).
 */
export function sampleOpening(lang: Language, timeZone: string): string {
  return new Intl.DateTimeFormat(lang, {
    timeZone,
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'shortGeneric',
  }).format(instantOfWallClock(SAMPLE_OPENING, timeZone));
}

/** The text a client would get: the typed one, else the default, with sample values in its variables. */
export function previewOf(
  draft: string,
  fallback: string,
  values: Partial<Record<AutoMessageVariable, string>>,
): string {
  return fillVariables(draft.trim() || fallback, values);
}
