import { fillVariables, type AutoMessageVariable } from '@kreechat/contract';
import type { AutoMessageReader } from '../automatic-messages';

/**
 * What a client is told when their ticket is closed: the closing text and the rating question, each as the company
 * switched it, and the rating buttons only with the question (a client is never asked without being asked).
 */
export type ClosingNotice = { text: string; withRating: boolean };

/** Japanese and Chinese sentences end in a full-width stop and run on without a space. */
const FULL_WIDTH_STOP = /[。！？]$/;

/**
 * The closing text and the rating question as the one message the bots always sent: the defaults joined give the
 * old text exactly ("Your ticket has been closed. How would you rate our support?").
 */
export function joinClosing(closing: string, question: string): string {
  return FULL_WIDTH_STOP.test(closing) ? closing + question : `${closing} ${question}`;
}

/** Null when the company switched both off: then nothing is said to the client. */
export async function closingNotice(
  texts: Pick<AutoMessageReader, 'get'>,
  to: { companyId: string; language: string | null },
  values: Partial<Record<AutoMessageVariable, string>>,
): Promise<ClosingNotice | null> {
  const [closing, question] = await Promise.all([
    texts.get(to.companyId, 'closing', to.language),
    texts.get(to.companyId, 'ratingQuestion', to.language),
  ]);
  const closingText = closing.enabled ? fillVariables(closing.text, values) : null;
  const questionText = question.enabled ? fillVariables(question.text, values) : null;
  if (closingText !== null && questionText !== null) {
    return { text: joinClosing(closingText, questionText), withRating: true };
  }
  if (questionText !== null) return { text: questionText, withRating: true };
  if (closingText !== null) return { text: closingText, withRating: false };
  return null;
}
