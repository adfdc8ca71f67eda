import {
  DUPLICATE_SPECIAL_DATE,
  INTERVAL_END_BEFORE_START,
  INTERVALS_OVERLAP,
  INVALID_DATE,
  INVALID_TIME_ZONE,
  MAX_INTERVALS_PER_DAY,
  MAX_SPECIAL_DATES,
  MAX_TARGET_MINUTES,
  UNKNOWN_VARIABLE,
} from '@kreechat/contract';

/**
 * The contract's messages (what the server answers too) by the key the screen translates them with, under
 * `openingHours.errors` and `autoMessages.errors`. A message not listed is shown as the server wrote it.
 */
const KNOWN: Record<string, string> = {
  [INTERVAL_END_BEFORE_START]: 'openingHours.errors.endBeforeStart',
  [INTERVALS_OVERLAP]: 'openingHours.errors.overlap',
  [DUPLICATE_SPECIAL_DATE]: 'openingHours.errors.duplicateDate',
  [INVALID_TIME_ZONE]: 'openingHours.errors.unknownZone',
  [INVALID_DATE]: 'openingHours.errors.invalidDate',
  'Use the form HH:MM': 'openingHours.errors.timeFormat',
  'Enter a number of minutes': 'openingHours.errors.minutesNumber',
  'Enter whole minutes': 'openingHours.errors.wholeMinutes',
  'At least 1 minute': 'openingHours.errors.atLeastOne',
  [`At most ${MAX_TARGET_MINUTES} minutes`]: 'openingHours.errors.atMostMinutes',
  [`At most ${MAX_INTERVALS_PER_DAY} intervals a day`]: 'openingHours.errors.tooManyIntervals',
  [`At most ${MAX_SPECIAL_DATES} dates`]: 'openingHours.errors.tooManyDates',
  'Name is too long': 'openingHours.errors.nameTooLong',
  [UNKNOWN_VARIABLE]: 'autoMessages.errors.unknownVariable',
  'Text is too long': 'autoMessages.errors.tooLong',
};

/** The translation key of a contract message, or null. Values the keys may use: max, count. */
export const messageKey = (message: string): string | null => KNOWN[message] ?? null;

export const MESSAGE_VALUES = {
  max: MAX_TARGET_MINUTES,
  intervals: MAX_INTERVALS_PER_DAY,
  dates: MAX_SPECIAL_DATES,
} as const;
