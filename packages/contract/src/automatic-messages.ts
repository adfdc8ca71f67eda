import { z } from 'zod';
import { LANGUAGES, type Language } from './common';

/**
 * Automatic messages: what the desk says for itself, per company and language, each with a switch.
 * The first four are new; the last four are the texts the bots always sent, now editable.
 */
export const AUTO_MESSAGE_KINDS = [
  'greeting',
  'outOfHours',
  'stillWaiting',
  'reopened',
  'chooseDepartment',
  'closing',
  'ratingQuestion',
  'ratingThanks',
] as const;
export type AutoMessageKind = (typeof AUTO_MESSAGE_KINDS)[number];

/** `{client_name}` and the rest, written in a text as the name in braces. */
export const AUTO_MESSAGE_VARIABLES = ['client_name', 'department', 'next_opening', 'ticket_number'] as const;
export type AutoMessageVariable = (typeof AUTO_MESSAGE_VARIABLES)[number];

/** The variables each text may use: what is known when it goes out. */
export const VARIABLES_OF: Record<AutoMessageKind, readonly AutoMessageVariable[]> = {
  greeting: ['client_name', 'department', 'ticket_number'],
  outOfHours: ['client_name', 'department', 'next_opening', 'ticket_number'],
  stillWaiting: ['client_name', 'department', 'ticket_number'],
  reopened: ['client_name', 'department', 'ticket_number'],
  chooseDepartment: ['client_name'],
  closing: ['client_name', 'department', 'ticket_number'],
  ratingQuestion: ['client_name'],
  ratingThanks: ['client_name'],
};

/** Telegram takes 4,096 characters and a WhatsApp list's body 1,024; the department question is one. */
export const AUTO_MESSAGE_MAX = 1_000;
export const UNKNOWN_VARIABLE = 'This text uses a variable it cannot have';

const VARIABLE = /\{([a-z_]+)\}/g;

/** The variables a text names, in order of appearance (unknown names included). */
export function variablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1]!);
}

/** The text with its variables filled in; a variable without a value reads as empty. */
export function fillVariables(text: string, values: Partial<Record<AutoMessageVariable, string>>): string {
  return text.replace(VARIABLE, (whole, name: string) =>
    (AUTO_MESSAGE_VARIABLES as readonly string[]).includes(name) ? (values[name as AutoMessageVariable] ?? '') : whole,
  );
}

const textOf = (kind: AutoMessageKind) =>
  z
    .string()
    .trim()
    .max(AUTO_MESSAGE_MAX, { message: 'Text is too long' })
    .refine((text) => variablesIn(text).every((v) => (VARIABLES_OF[kind] as readonly string[]).includes(v)), {
      message: UNKNOWN_VARIABLE,
    });

export const autoMessageKindParamsSchema = z.object({ kind: z.enum(AUTO_MESSAGE_KINDS) });

/**
 * PUT /api/automatic-messages/:kind (admins). `texts` holds the company's own wording by language; a language left
 * out or empty uses the default. `delay` is not here: the still-waiting delay is per department (opening hours).
 */
export const autoMessageBodySchema = z.object({
  enabled: z.boolean(),
  texts: z.partialRecord(z.enum(LANGUAGES), z.string()),
});
/** The body checked against the kind's variables (the route knows the kind from its path). */
export const autoMessageBodyFor = (kind: AutoMessageKind) =>
  autoMessageBodySchema.extend({ texts: z.partialRecord(z.enum(LANGUAGES), textOf(kind)) });
export type AutoMessageBody = z.infer<typeof autoMessageBodySchema>;

export const autoMessageSchema = z.object({
  kind: z.enum(AUTO_MESSAGE_KINDS),
  enabled: z.boolean(),
  /** The company's own texts (only the languages it changed). */
  texts: z.partialRecord(z.enum(LANGUAGES), z.string()),
  /** The built-in text of every language, which a language without its own text uses. */
  defaults: z.record(z.enum(LANGUAGES), z.string()),
  variables: z.array(z.enum(AUTO_MESSAGE_VARIABLES)),
});
export type AutoMessage = z.infer<typeof autoMessageSchema>;

/** GET /api/automatic-messages (admins): every kind, in AUTO_MESSAGE_KINDS order. */
export const autoMessagesResponseSchema = z.object({ messages: z.array(autoMessageSchema) });
export type AutoMessagesResponse = z.infer<typeof autoMessagesResponseSchema>;

/** What a kind does before any company changes it: the bots' old texts stay on, the new messages start off. */
export const AUTO_MESSAGE_ENABLED_BY_DEFAULT: Record<AutoMessageKind, boolean> = {
  greeting: false,
  outOfHours: false,
  stillWaiting: false,
  reopened: false,
  chooseDepartment: true,
  closing: true,
  ratingQuestion: true,
  ratingThanks: true,
};

export type AutoMessageTexts = Record<Language, string>;
