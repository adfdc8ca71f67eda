import { MAX_UPLOAD_BYTES } from '@kreechat/contract';
import type { TFunction } from 'i18next';
import { CHAT_FILE_TYPES, type FileProblem, type FileRules } from '@/lib/file-rules';

/** What an agent may send into a ticket: the chat file types up to the server's upload limit (MAX_UPLOAD_BYTES). */
export const COMPOSER_FILE_RULES = {
  accept: CHAT_FILE_TYPES,
  minSize: 0,
  maxSize: MAX_UPLOAD_BYTES,
} as const satisfies FileRules;

/** SPEC §5's drop messages in the UI language, with byte counts formatted for it. */
export function fileProblemText(t: TFunction, problem: FileProblem, lang: string): string {
  const bytes = (n: number) => new Intl.NumberFormat(lang).format(n);
  switch (problem.code) {
    case 'file-invalid-type':
      return t('composer.typeMustBe', { types: problem.accept.join(', ') });
    case 'file-too-large':
      return t('composer.largerThan', { size: bytes(problem.maxSize) });
    case 'file-too-small':
      return t('composer.smallerThan', { size: bytes(problem.minSize) });
    case 'too-many-files':
      return t('composer.tooManyFiles');
    default: {
      const unknown: never = problem;
      return unknown;
    }
  }
}
