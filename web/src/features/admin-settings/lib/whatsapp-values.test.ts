import { describe, expect, it } from 'vitest';
import {
  QUALITY_RATINGS,
  connectedNumberParts,
  graphTime,
  humanize,
  isPendingTemplate,
  knownValue,
  qualityTone,
  templateStatusTone,
  verificationTone,
} from './whatsapp-values';

describe('graphTime', () => {
  it("reads Graph's offset without a colon", () => {
    expect(graphTime('2025-06-01T10:00:00+0000')).toBe('2025-06-01T10:00:00.000Z');
    expect(graphTime('2025-06-01T12:30:00+0230')).toBe('2025-06-01T10:00:00.000Z');
  });

  it('reads ISO strings and Unix seconds as they are', () => {
    expect(graphTime('2025-06-01T10:00:00Z')).toBe('2025-06-01T10:00:00.000Z');
    expect(graphTime('1748772000')).toBe('2025-06-01T10:00:00.000Z');
  });

  it('gives null for nothing or nonsense', () => {
    expect(graphTime(null)).toBeNull();
    expect(graphTime('')).toBeNull();
    expect(graphTime('soon')).toBeNull();
  });
});

describe('Graph values', () => {
  it('knows values whatever their case, and nothing else', () => {
    expect(knownValue('green', QUALITY_RATINGS)).toBe('GREEN');
    expect(knownValue('PURPLE', QUALITY_RATINGS)).toBeNull();
    expect(knownValue(null, QUALITY_RATINGS)).toBeNull();
  });

  it('puts an unknown value in words', () => {
    expect(humanize('PENDING_DELETION')).toBe('Pending deletion');
    expect(humanize('TIER_250')).toBe('Tier 250');
  });

  it('gives each status a tone', () => {
    expect(templateStatusTone('APPROVED')).toBe('success');
    expect(templateStatusTone('pending')).toBe('warning');
    expect(templateStatusTone('REJECTED')).toBe('danger');
    expect(templateStatusTone('ARCHIVED')).toBe('neutral');
    expect(qualityTone('YELLOW')).toBe('warning');
    expect(qualityTone(null)).toBe('neutral');
    expect(verificationTone('VERIFIED')).toBe('success');
    expect(verificationTone('NOT_VERIFIED')).toBe('warning');
    expect(verificationTone('EXPIRED')).toBe('danger');
    expect(isPendingTemplate(' PENDING ')).toBe(true);
    expect(isPendingTemplate('APPROVED')).toBe(false);
  });
});

describe('connectedNumberParts', () => {
  it('gives the number and its verified name, else the id and no name', () => {
    expect(
      connectedNumberParts({ phoneNumberId: '1065', displayPhoneNumber: ' +1 555-010-0199', verifiedName: 'Kree ' }),
    ).toEqual({ phone: '+1 555-010-0199', name: 'Kree' });
    expect(connectedNumberParts({ phoneNumberId: '1065', displayPhoneNumber: null, verifiedName: ' ' })).toEqual({
      phone: '1065',
      name: null,
    });
  });
});
