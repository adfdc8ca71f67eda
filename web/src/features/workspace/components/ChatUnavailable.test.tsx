// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '@/locales/en.json';
import '@/lib/i18n';
import { ChatUnavailable } from './ChatUnavailable';

afterEach(cleanup);

const shown = (state: 'loading' | 'hidden' | 'failed', onRetry = () => {}) =>
  render(
    <MemoryRouter initialEntries={['/tickets/3f1c2d4e-0000-4000-8000-000000000001']}>
      <ChatUnavailable state={state} onRetry={onRetry} />
    </MemoryRouter>,
  );

describe('ChatUnavailable', () => {
  it('says a ticket the viewer may not see cannot be seen, and leads back to the workspace', () => {
    shown('hidden');
    expect(screen.getByRole('heading', { name: en.workspace.ticketHidden })).toBeTruthy();
    expect(screen.getByText(en.workspace.ticketHiddenHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.workspace.backToTickets }).getAttribute('href')).toBe('/');
  });

  it('offers a retry when the ticket could not be loaded', () => {
    const onRetry = vi.fn();
    shown('failed', onRetry);
    expect(screen.queryByRole('heading', { name: en.workspace.ticketHidden })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en.common.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('announces the loading', () => {
    shown('loading');
    expect(screen.getByRole('status').textContent).toBe(en.chat.loading);
  });
});
