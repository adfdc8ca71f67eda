/**
 * The bots' fixed labels. What bots say (the department question, the closing text, the thanks and the automatic
 * messages) is the company's to edit: its defaults are modules/automatic-messages/default-texts.ts, and the
 * delivery job brings the wording to the channel.
 */

/** The label of the button that opens the list of departments (WhatsApp, ≤ 20 characters), by language. */
const DEPARTMENTS_BUTTON = {
  en: 'Departments',
  af: 'Afdelings',
  bg: 'Отдели',
  tr: 'Departmanlar',
  es: 'Departamentos',
  ru: 'Отделы',
  nl: 'Afdelingen',
  ja: '部署',
} as const;

/** The departments button's label in the client's language (English when theirs is not one of the 8). */
export function departmentsButton(language: string | null | undefined): string {
  return language && language in DEPARTMENTS_BUTTON
    ? DEPARTMENTS_BUTTON[language as keyof typeof DEPARTMENTS_BUTTON]
    : DEPARTMENTS_BUTTON.en;
}

/** The 1–3 star buttons under the closing text (SPEC §9: rating out of 3). */
export const RATING_LABELS = ['★', '★★', '★★★'] as const;
