import { CHAT_FILE_TYPES, uploadErrorOf } from '@kreechat/contract/file-types';
import { acceptAttribute, fileProblems, type FileLike, type FileRules } from '../../web/src/lib/file-rules';
import { MAX_UPLOAD_BYTES } from './constants';
import type { Translate } from './i18n';

/**
 * What a visitor may attach: the agents' composer rules (SPEC §5) — the contract's CHAT_FILE_TYPES (from its zod-free
 * module; the server judges each file by the same list) up to the server's upload limit. Not web's COMPOSER_FILE_RULES itself: that module reads the limit from the contract, which would pull zod
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

/** "in 22 hours", "in 5 minutes" in the visitor's language: how long a 429's Retry-After asks to wait. */
function waitText(seconds: number, language: string): string {
  const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' });
  return seconds >= 3600
    ? relative.format(Math.ceil(seconds / 3600), 'hour')
    : relative.format(Math.max(1, Math.ceil(seconds / 60)), 'minute');
}

/**
 * Why the server refused a file, in the visitor's language, when it said so in the contract's words (UPLOAD_ERRORS:
 * a type the chat does not carry, storage full, over or out of the day's allowance); undefined for anything else.
 */
export function uploadRefusal(
  refused: { message: string; retryAfter: number | null },
  t: Translate,
  language: string,
): string | undefined {
  const reason = uploadErrorOf(refused.message);
  switch (reason) {
    case 'typeNotAccepted':
      return t('fileTypeMustBe', { types: WIDGET_FILE_RULES.accept.join(', ') });
    case 'companyFull':
      return t('storageFull');
    case 'overDailyAllowance':
      return t('fileOverDay');
    case 'dailyAllowanceUsed':
      return t('dayUsed', { when: waitText(refused.retryAfter ?? 3600, language) });
    case undefined:
      return undefined;
    default: {
      const unknown: never = reason;
      return unknown;
    }
  }
}
