// @vitest-environment jsdom
import { PRIVACY_MESSAGES, type Client } from '@kreechat/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import { ApiError } from '@/lib/api-client';
import '@/lib/i18n';
import { EraseClientDialog } from './EraseClientDialog';

afterEach(cleanup);

const { erase } = en.adminClients;

const client: Client = {
  clientid: '3f1c2d4e-0000-4000-8000-000000000001',
  short_id: 'ABCDEFGH',
  client_name: 'Olga Petrova',
  account_number: 'ACC-1',
  address: '1 Main St',
  note: null,
  blocked_on: false,
  count_ticket_reopened: 0,
  created_on: '2026-03-01T10:00:00Z',
  verified: true,
  erased_on: null,
};

function open(onErase: (id: string) => Promise<unknown> = () => Promise.resolve()) {
  const onClose = vi.fn();
  render(<EraseClientDialog client={client} onClose={onClose} onErase={onErase} />);
  const field = screen.getByLabelText(`Type the client’s name (Olga Petrova) or ERASE to confirm`);
  const button = screen.getByRole('button', { name: erase.confirm });
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  return { onClose, field, button, type };
}

describe('EraseClientDialog', () => {
  it('names the client and says what goes and what stays', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Erase Olga Petrova?' })).toBeTruthy();
    expect(screen.getByText(erase.removedMessages)).toBeTruthy();
    expect(screen.getByText(erase.keptTickets)).toBeTruthy();
  });

  it('keeps the red button off until the client’s name or ERASE is typed', () => {
    const { button, type } = open();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    for (const wrong of ['Olga', 'Olga Petrov', 'erase', 'ERASE!', '   ']) {
      type(wrong);
      expect((button as HTMLButtonElement).disabled, wrong).toBe(true);
    }
    for (const right of ['Olga Petrova', '  olga petrova ', 'ERASE']) {
      type(right);
      expect((button as HTMLButtonElement).disabled, right).toBe(false);
    }
  });

  it('erases only once confirmed, then closes', async () => {
    const onErase = vi.fn(() => Promise.resolve());
    const { onClose, field, button, type } = open(onErase);
    fireEvent.submit(field.closest('form')!);
    expect(onErase).not.toHaveBeenCalled();
    type('ERASE');
    fireEvent.click(button);
    expect(onErase).toHaveBeenCalledWith(client.clientid);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('tells the admin, in their language, when the client was erased meanwhile', async () => {
    const refused = new ApiError(409, 'Conflict', { message: PRIVACY_MESSAGES.alreadyErased });
    const { onClose, button, type } = open(() => Promise.reject(refused));
    type('Olga Petrova');
    fireEvent.click(button);
    expect(await screen.findByText(erase.alreadyErased)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
