import { describe, expect, it } from 'vitest';
import { channelRows, usageTone, usedPercent } from './storage-usage';

const MB = 2 ** 20;
const limits = { senderDayBytes: 50 * MB, channelDayBytes: 2048 * MB, companyBytes: 20480 * MB };

describe('usedPercent', () => {
  it('is a whole percentage, at least 1 for anything used, at most 100', () => {
    expect(usedPercent(0, 100)).toBe(0);
    expect(usedPercent(1, 10_000)).toBe(1);
    expect(usedPercent(512, 1024)).toBe(50);
    expect(usedPercent(3000, 1024)).toBe(100);
    expect(usedPercent(5, 0)).toBe(0);
  });
});

describe('channelRows', () => {
  it('lists channel accounts largest first, with their share of the daily limit; agents have none', () => {
    const rows = channelRows(
      [
        { source: 'agents', channelRef: null, name: null, bytes: 10 * MB, files: 3 },
        { source: 'wordpress', channelRef: 'tok1', name: 'Shop', bytes: 1024 * MB, files: 40 },
        { source: 'telegram', channelRef: 'bot1', name: 'acme_bot', bytes: MB, files: 1 },
      ],
      limits,
    );
    expect(rows.map((r) => [r.source, r.name, r.ofDay])).toEqual([
      ['wordpress', 'Shop', 50],
      ['agents', null, null],
      ['telegram', 'acme_bot', 1],
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(3);
  });
});

describe('usageTone', () => {
  it('warns from 80 % and alarms from 95 %', () => {
    expect(usageTone(79)).toBe('ok');
    expect(usageTone(80)).toBe('warning');
    expect(usageTone(95)).toBe('danger');
  });
});
