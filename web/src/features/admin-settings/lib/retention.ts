import {
  RETENTION_MAX_MONTHS,
  RETENTION_MESSAGES,
  retentionMonthsSchema,
  type RetentionPreview,
} from '@kreechat/contract';

/** The form of Settings → Data retention: the switch, and the months as typed. */
export type RetentionForm = { on: boolean; months: string };

/** What the form asks for: retention off, a valid number of months, or a value the server would refuse. */
export type RetentionChoice = { kind: 'off' } | { kind: 'months'; months: number } | { kind: 'invalid' };

/** The months an admin is offered when they switch retention on for the first time (two years). */
export const DEFAULT_MONTHS = 24;

/** The form of a saved setting: off shows the default months, ready for the switch. */
export const formOf = (saved: number | null): RetentionForm => ({
  on: saved !== null,
  months: String(saved ?? DEFAULT_MONTHS),
});

/** The form read by the contract's own rule (whole months from 1 to 120), so the screen refuses what the server would. */
export function choiceOf(form: RetentionForm): RetentionChoice {
  if (!form.on) return { kind: 'off' };
  const text = form.months.trim();
  if (!/^\d+$/.test(text)) return { kind: 'invalid' };
  const parsed = retentionMonthsSchema.safeParse(Number(text));
  return parsed.success ? { kind: 'months', months: parsed.data } : { kind: 'invalid' };
}

/** The value PUT /api/retention takes, or undefined while the form is invalid. */
export function bodyOf(choice: RetentionChoice): { months: number | null } | undefined {
  if (choice.kind === 'invalid') return undefined;
  return { months: choice.kind === 'off' ? null : choice.months };
}

/** Save is offered for a valid choice that differs from what is saved. */
export function canSave(choice: RetentionChoice, saved: number | null): boolean {
  const body = bodyOf(choice);
  return body !== undefined && body.months !== saved;
}

/** The months the dry run is asked about: the valid value typed, else none (nothing is asked). */
export const previewMonths = (choice: RetentionChoice): number | null =>
  choice.kind === 'months' ? choice.months : null;

/**
 * The dry run as the screen says it, a translation key under `retention.preview` with its values: off, waiting for
 * the count, nothing to delete, or what would go (tickets, messages, files and their size).
 */
export type PreviewLine =
  | { key: 'off' }
  | { key: 'checking' }
  | { key: 'nothing'; date: string }
  | { key: 'some'; date: string; tickets: number; messages: number; files: number; size: string };

export function previewLine(
  choice: RetentionChoice,
  preview: RetentionPreview | undefined,
  format: { date: (iso: string) => string; size: (bytes: number) => string },
): PreviewLine {
  if (choice.kind === 'off') return { key: 'off' };
  if (choice.kind === 'invalid' || !preview || !preview.closedBefore) return { key: 'checking' };
  const date = format.date(preview.closedBefore);
  if (preview.tickets === 0) return { key: 'nothing', date };
  return {
    key: 'some',
    date,
    tickets: preview.tickets,
    messages: preview.messages,
    files: preview.files,
    size: format.size(preview.bytes),
  };
}

/** A number of bytes in the admin's language, in MB (or GB from 1000 MB), with the locale's own unit. */
export function sizeText(bytes: number, lang: string): string {
  const mb = Math.max(0, bytes) / 2 ** 20;
  const [amount, unit] = mb >= 1000 ? [mb / 1024, 'gigabyte'] : [mb, 'megabyte'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, maximumFractionDigits: 1 }).format(amount);
}

/** The server's refusal of a value, as the key the screen translates it with (else the server's text is shown). */
export const retentionMessageKey = (message: string): 'retention.errors.months' | null =>
  message === RETENTION_MESSAGES.months ? 'retention.errors.months' : null;

export { RETENTION_MAX_MONTHS };
