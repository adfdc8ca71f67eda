import {
  acceptAttribute,
  CHAT_FILE_TYPES,
  fileProblems,
  type FileLike,
  type FileRules,
} from '../../web/src/lib/file-rules';
import { MAX_UPLOAD_BYTES } from './constants';
import type { Translate } from './i18n';

/**
 * What a visitor may attach: the agents' composer rules (SPEC §5) — web's CHAT_FILE_TYPES up to the server's upload
 * limit. Not web's COMPOSER_FILE_RULES itself: that module reads the limit from the contract, which would pull zod
 * into the bundle (the limit is the widget's copy, checked against the contract in constants.test.ts);
 * files.test.ts checks that the two rules stay equal.
 */
export const WIDGET_FILE_RULES = {
  accept: CHAT_FILE_TYPES,
  minSize: 0,
  maxSize: MAX_UPLOAD_BYTES,
} as const satisfies FileRules;

/** The file input's `accept`, so the browser's dialog offers the same files. */
export const WIDGET_FILE_ACCEPT = acceptAttribute(WIDGET_FILE_RULES.accept);

/** What is wrong with a picked file, as SPEC §5's messages in the visitor's language; empty when it may be sent. */
export function fileErrors(file: FileLike, t: Translate, language: string): string[] {
  const bytes = (n: number) => new Intl.NumberFormat(language).format(n);
  return fileProblems(file, WIDGET_FILE_RULES).map((problem) => {
    switch (problem.code) {
      case 'file-invalid-type':
        return t('fileTypeMustBe', { types: problem.accept.join(', ') });
      case 'file-too-large':
        return t('fileLarger', { size: bytes(problem.maxSize) });
      case 'file-too-small':
        return t('fileSmaller', { size: bytes(problem.minSize) });
      // One file per pick: a drop of several is not offered.
      case 'too-many-files':
        return '';
      default: {
        const unknown: never = problem;
        return unknown;
      }
    }
  });
}
