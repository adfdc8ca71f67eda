import { fillVariables, type AutoMessageVariable } from '@kreechat/contract';
import type { AutoMessageReader } from '../automatic-messages';

/**
 * What a client is told when their ticket is closed: the closing text and the rating question, each as the company
 * switched it, and the rating buttons only with the question (a client is never asked without being asked).
 * `kind` names the text it leads with, as the agents' chat labels it: the closing text, or the question alone.
 */
export type ClosingNotice = { text: string; withRating: boolean; kind: 'closing' | 'ratingQuestion' };

/** Japanese and Chinese sentences end in a full-width stop and run on without a space. */
const FULL_WIDTH_STOP = /[。！？]$/;

/**
 * The closing text and the rating question as the one message the bots always sent: the defaults joined give the
 * old text exactly ("Your ticket has been closed. How would you rate our support?").
 */
export function joinClosing(closing: string, question: string): string {
  return FULL_WIDTH_STOP.test(closing) ? closing + question : `${closing} ${question}`;
}

/** The company's three closing texts for one client, filled in; each null when the company switched it off. */
export type ClosingWords = { text: string | null; ratingQuestion: string | null; ratingThanks: string | null };

export async function closingWords(
  texts: Pick<AutoMessageReader, 'get'>,
  to: { companyId: string; language: string | null },
  values: Partial<Record<AutoMessageVariable, string>>,
): Promise<ClosingWords> {
  const [closing, question, thanks] = await Promise.all(
    (['closing', 'ratingQuestion', 'ratingThanks'] as const).map((kind) => texts.get(to.companyId, kind, to.language)),
  );
  const fill = (wording: { enabled: boolean; text: string }) =>
    wording.enabled ? fillVariables(wording.text, values) : null;
  return { text: fill(closing!), ratingQuestion: fill(question!), ratingThanks: fill(thanks!) };
}

/** Null when the company switched both off: then nothing is said to the client. */
export async function closingNotice(
  texts: Pick<AutoMessageReader, 'get'>,
  to: { companyId: string; language: string | null },
  values: Partial<Record<AutoMessageVariable, string>>,
): Promise<ClosingNotice | null> {
  const { text: closingText, ratingQuestion: questionText } = await closingWords(texts, to, values);
  if (closingText !== null && questionText !== null) {
    return { text: joinClosing(closingText, questionText), withRating: true, kind: 'closing' };
  }
  if (questionText !== null) return { text: questionText, withRating: true, kind: 'ratingQuestion' };
  if (closingText !== null) return { text: closingText, withRating: false, kind: 'closing' };
  return null;
}
