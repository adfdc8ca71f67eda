// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { ChangePasswordForm } from './ChangePasswordForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server's answers, one per call, and the calls made. */
function server(...answers: Response[]) {
  const fetch = vi.fn(() => Promise.resolve(answers.shift() ?? new Response('{}', { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderForm() {
  render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient()}>
        <ChangePasswordForm onBack={() => {}} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const current = () => screen.getByLabelText('Current password');
const next = () => screen.getByLabelText('New password');
const confirm = () => screen.getByLabelText('Confirm new password');
const fill = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
const invalid = (field: HTMLElement) => field.getAttribute('aria-invalid') === 'true';

describe('ChangePasswordForm', () => {
  it('refuses empty fields before any call, marking each and pointing them at the alert', () => {
    const fetch = server();
    renderForm();
    fill(next(), 'Sup3r-Secret!');
    submit();

    expect(screen.getByRole('alert').textContent).toBe('Please fill in all fields');
    expect([current(), next(), confirm()].map(invalid)).toEqual([true, false, true]);
    expect(current().getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
    expect(fetch).not.toHaveBeenCalled();

    fill(current(), 'old');
    expect(invalid(current())).toBe(false);
  });

  it('refuses a new password equal to the current one', () => {
    const fetch = server();
    renderForm();
    fill(current(), 'Sup3r-Secret!');
    fill(next(), 'Sup3r-Secret!');
    fill(confirm(), 'Sup3r-Secret!');
    submit();

    expect(screen.getByRole('alert').textContent).toBe('The new password must differ from the current one.');
    expect([current(), next(), confirm()].map(invalid)).toEqual([false, true, false]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the current password in the user's words and marks that field", async () => {
    const fetch = server(
      new Response(JSON.stringify({ message: 'The current password is not correct' }), { status: 403 }),
    );
    renderForm();
    fill(current(), 'wrong');
    fill(next(), 'Sup3r-Secret!');
    fill(confirm(), 'Sup3r-Secret!');
    await act(async () => submit());

    expect((await screen.findByRole('alert')).textContent).toBe('The current password is not correct.');
    expect([current(), next(), confirm()].map(invalid)).toEqual([true, false, false]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
