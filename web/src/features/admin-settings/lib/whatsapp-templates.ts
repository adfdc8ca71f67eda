import {
  submitWhatsAppTemplateBodySchema,
  templateNameOf,
  type TemplateStatusEvent,
  type WhatsAppTemplate,
} from '@kreechat/contract';
import type { z } from 'zod';
import { LANGUAGE_NAMES } from '@/lib/languages';

export type SubmitTemplateBody = z.infer<typeof submitWhatsAppTemplateBodySchema>;

/** The app's eight languages as Meta's template locale codes; English is US English, Meta's usual default. */
export const TEMPLATE_LANGUAGES = [
  { code: 'en_US', lang: 'en' },
  { code: 'af', lang: 'af' },
  { code: 'bg', lang: 'bg' },
  { code: 'tr', lang: 'tr' },
  { code: 'es', lang: 'es' },
  { code: 'ru', lang: 'ru' },
  { code: 'nl', lang: 'nl' },
  { code: 'ja', lang: 'ja' },
] as const;
export const DEFAULT_TEMPLATE_LANGUAGE = 'en_US';

/** "Nederlands (nl)" for one of the app's languages (each in its own name), the bare code for any other. */
export function templateLanguageLabel(code: string): string {
  const known = TEMPLATE_LANGUAGES.find((entry) => entry.code === code);
  return known ? `${LANGUAGE_NAMES[known.lang]} (${code})` : code;
}

/** Meta's cap on a template body (the contract's too). */
export const TEMPLATE_TEXT_LIMIT = 1024;

export type TemplateProblem = 'empty' | 'noName' | 'titleTooLong' | 'textTooLong' | 'language';

/**
 * SPEC §5: title and message are required once trimmed ('Cannot submit an empty field!'). The title must also
 * leave a name Meta accepts (a–z, 0–9, _), which a title in another script does not.
 */
export function checkTemplate(draft: {
  title: string;
  text: string;
  language: string;
}): { ok: true; body: SubmitTemplateBody; name: string } | { ok: false; problem: TemplateProblem } {
  if (draft.title.trim() === '' || draft.text.trim() === '') return { ok: false, problem: 'empty' };
  const parsed = submitWhatsAppTemplateBodySchema.safeParse({
    template_title: draft.title,
    template_text: draft.text,
    language: draft.language,
  });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return {
      ok: false,
      problem: field === 'template_title' ? 'titleTooLong' : field === 'template_text' ? 'textTooLong' : 'language',
    };
  }
  const name = templateNameOf(parsed.data.template_title);
  if (name === '') return { ok: false, problem: 'noName' };
  return { ok: true, body: parsed.data, name };
}

const sameTemplate = (a: { name: string; language: string }, b: { name: string; language: string }) =>
  a.name === b.name && a.language === b.language;

/**
 * A submitted template at the top of the list as PENDING (SPEC §3), replacing an older one of the same name and
 * language (a resubmission), until the server's list is read again.
 */
export function addSubmittedTemplate(
  list: WhatsAppTemplate[] | undefined,
  template: WhatsAppTemplate,
): WhatsAppTemplate[] {
  return [template, ...(list ?? []).filter((entry) => !sameTemplate(entry, template))];
}

/**
 * A review result from the `templateStatus` event applied to the list. `found` is false when the list does not
 * hold that template (created elsewhere, or not read yet): the caller reads the list again instead.
 */
export function patchTemplateStatus(
  list: WhatsAppTemplate[] | undefined,
  event: TemplateStatusEvent,
): { list: WhatsAppTemplate[] | undefined; found: boolean } {
  if (!list) return { list, found: false };
  let found = false;
  const next = list.map((entry) => {
    if (!sameTemplate(entry, event)) return entry;
    found = true;
    return entry.status === event.status ? entry : { ...entry, status: event.status };
  });
  return { list: found ? next : list, found };
}
