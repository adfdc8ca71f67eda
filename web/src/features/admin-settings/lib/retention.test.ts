import { RETENTION_MESSAGES, type RetentionPreview } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  canSave,
  choiceOf,
  formOf,
  previewLine,
  previewMonths,
  retentionMessageKey,
  sizeText,
} from './retention';

const format = { date: (iso: string) => iso.slice(0, 10), size: (bytes: number) => `${bytes} B` };
const preview = (p: Partial<RetentionPreview>): RetentionPreview => ({
  tickets: 0,
  messages: 0,
  files: 0,
  bytes: 0,
  closedBefore: '2025-09-02T09:00:00.000Z',
  ...p,
});

describe('the retention form', () => {
  it('starts off for a company without a setting, offering two years for the switch', () => {
    expect(formOf(null)).toEqual({ on: false, months: '24' });
    expect(formOf(6)).toEqual({ on: true, months: '6' });
  });

  it('reads the months by the contract rule: whole months from 1 to 120', () => {
    expect(choiceOf({ on: false, months: 'anything' })).toEqual({ kind: 'off' });
    expect(choiceOf({ on: true, months: ' 6 ' })).toEqual({ kind: 'months', months: 6 });
    expect(choiceOf({ on: true, months: '120' })).toEqual({ kind: 'months', months: 120 });
    for (const typed of ['', '0', '121', '1.5', '-3', 'six', '1e2', '6 months'])
      expect(choiceOf({ on: true, months: typed })).toEqual({ kind: 'invalid' });
  });

  it('offers Save only for a valid value that differs from the saved one', () => {
    expect(canSave({ kind: 'months', months: 6 }, null)).toBe(true);
    expect(canSave({ kind: 'months', months: 6 }, 6)).toBe(false);
    expect(canSave({ kind: 'off' }, 6)).toBe(true);
    expect(canSave({ kind: 'off' }, null)).toBe(false);
    expect(canSave({ kind: 'invalid' }, 6)).toBe(false);
    expect(bodyOf({ kind: 'off' })).toEqual({ months: null });
    expect(bodyOf({ kind: 'months', months: 12 })).toEqual({ months: 12 });
    expect(bodyOf({ kind: 'invalid' })).toBeUndefined();
  });

  it('asks the dry run only about a valid number of months', () => {
    expect(previewMonths({ kind: 'months', months: 3 })).toBe(3);
    expect(previewMonths({ kind: 'off' })).toBeNull();
    expect(previewMonths({ kind: 'invalid' })).toBeNull();
  });
});

describe('the dry run sentence', () => {
  it('says off, waits for a valid value and its answer, says nothing would go, or what would', () => {
    expect(previewLine({ kind: 'off' }, preview({ tickets: 4 }), format)).toEqual({ key: 'off' });
    expect(previewLine({ kind: 'invalid' }, preview({ tickets: 4 }), format)).toEqual({ key: 'checking' });
    expect(previewLine({ kind: 'months', months: 6 }, undefined, format)).toEqual({ key: 'checking' });
    expect(previewLine({ kind: 'months', months: 6 }, preview({}), format)).toEqual({
      key: 'nothing',
      date: '2025-09-02',
    });
    expect(
      previewLine({ kind: 'months', months: 6 }, preview({ tickets: 12, messages: 340, files: 18, bytes: 5 }), format),
    ).toEqual({ key: 'some', date: '2025-09-02', tickets: 12, messages: 340, files: 18, size: '5 B' });
    expect(previewLine({ kind: 'months', months: 6 }, preview({ tickets: 2, messages: 9 }), format)).toMatchObject({
      key: 'some',
      tickets: 2,
      messages: 9,
    });
  });

  it('writes sizes in MB, and in GB from 1000 MB, in the admin’s language', () => {
    expect(sizeText(5 * 2 ** 20, 'en')).toBe('5 MB');
    expect(sizeText(1536 * 2 ** 20, 'en')).toBe('1.5 GB');
    expect(sizeText(0, 'en')).toBe('0 MB');
    expect(sizeText(2.5 * 2 ** 20, 'nl')).toBe('2,5 MB');
  });

  it('translates the server’s refusal of a value', () => {
    expect(retentionMessageKey(RETENTION_MESSAGES.months)).toBe('retention.errors.months');
    expect(retentionMessageKey('Something else')).toBeNull();
  });
});
