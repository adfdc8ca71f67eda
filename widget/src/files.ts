import { acceptAttribute, fileProblems, type FileLike, type FileRules } from '../../web/src/lib/file-rules';
import { MAX_UPLOAD_BYTES } from './constants';
import type { Translate } from './i18n';

/**
 * What a visitor may attach: the agents' composer rules (web's COMPOSER_FILE_RULES, SPEC §5) — images, video,
 * audio, PDF, office documents, plain text, CSV and ZIP up to the server's upload limit. Copied rather than imported
 * because web's module reads the limit from the contract, which would pull zod into the bundle; files.test.ts
 * checks that the two lists stay equal. The checks themselves are web's (lib/file-rules.ts), not a second copy.
 */
export const WIDGET_FILE_RULES = {
  accept: [
    'image/*',
    'video/*',
    'audio/*',
    '.pdf',
    '.doc',
    '.docx',
    '.xls',
    '.xlsx',
    '.ppt',
    '.pptx',
    '.odt',
    '.ods',
    '.odp',
    '.rtf',
    '.txt',
    '.csv',
    '.zip',
  ],
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
