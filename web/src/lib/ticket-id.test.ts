import { uuidSchema } from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import { isTicketId } from './ticket-id';

describe('isTicketId', () => {
  it('answers as the contract’s uuid schema does', () => {
    const ids = [
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '3f2504e0-4f89-01d3-9a0c-0305e82c3301',
      '3f2504e0-4f89-91d3-9a0c-0305e82c3301',
      '3f2504e0-4f89-41d3-ca0c-0305e82c3301',
      '3f2504e0-4f89-41d3-9a0c-0305e82c330',
      '3f2504e0-4f89-41d3-9a0c-0305e82c3301 ',
      'not-a-ticket',
      '',
    ];
    for (const id of ids) expect(isTicketId(id), id).toBe(uuidSchema.safeParse(id).success);
    expect(isTicketId(ids[0]!)).toBe(true);
    expect(isTicketId('not-a-ticket')).toBe(false);
  });
});
