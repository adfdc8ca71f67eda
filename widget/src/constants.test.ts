import * as contract from '@kreechat/contract';
import { describe, expect, it } from 'vitest';
import * as widget from './constants';

describe('constants copied from the contract', () => {
  it('equal the contract values', () => {
    expect(widget.WIDGET_BASE).toBe(contract.WIDGET_BASE);
    expect(widget.WIDGET_SOCKET_PATH).toBe(contract.WIDGET_SOCKET_PATH);
    expect(widget.WIDGET_POLL_MS).toBe(contract.WIDGET_POLL_MS);
    expect(widget.WIDGET_IDENTITY_CHECK_MESSAGE).toBe(contract.WIDGET_IDENTITY_CHECK_MESSAGE);
    expect(widget.LANGUAGES).toEqual(contract.LANGUAGES);
    expect(widget.MAX_UPLOAD_BYTES).toBe(contract.MAX_UPLOAD_BYTES);
    expect(widget.MESSAGE_MAX_LENGTH).toBe(contract.MESSAGE_MAX_LENGTH);
  });
});
