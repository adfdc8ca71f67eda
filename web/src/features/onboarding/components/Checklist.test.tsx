// @vitest-environment jsdom
import type { OnboardingStatus } from '@kreechat/contract';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { Checklist } from './Checklist';

afterEach(cleanup);

const fresh: OnboardingStatus = {
  channels: [
    { platform: 'telegram', connected: false, addresses: [] },
    { platform: 'whatsapp', connected: false, addresses: [] },
    { platform: 'wordpress', connected: false, addresses: [] },
  ],
  steps: { channel: false, agent: false, hours: false, testMessage: false },
  dismissed: false,
};

const withBot: OnboardingStatus = {
  ...fresh,
  channels: [{ platform: 'telegram', connected: true, addresses: ['@fjord_bot'] }, ...fresh.channels.slice(1)],
  steps: { ...fresh.steps, channel: true, hours: true },
};

function renderChecklist(status: OnboardingStatus, onDismiss = vi.fn()) {
  render(
    <MemoryRouter>
      <Checklist status={status} onDismiss={onDismiss} />
    </MemoryRouter>,
  );
  return onDismiss;
}

const step = (title: string) => screen.getByRole('heading', { name: new RegExp(title) }).closest('li')!;

describe('Checklist', () => {
  it('shows a new company every step to do, each channel not connected, and where each step is done', () => {
    renderChecklist(fresh);
    expect(screen.getByRole('progressbar', { name: '0 of 4 steps done' })).toBeTruthy();
    for (const title of ['Connect a channel', 'Invite an agent', 'Set opening hours', 'Send yourself a test message']) {
      expect(within(step(title)).getByText('To do')).toBeTruthy();
    }
    expect(within(step('Connect a channel')).getAllByText('Not connected')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Connect Telegram' }).getAttribute('href')).toBe(
      '/admin-panel/settings?tab=communication&service=telegram',
    );
    expect(screen.getByRole('link', { name: 'Add an agent' }).getAttribute('href')).toBe('/admin-panel/agents');
    expect(screen.getByRole('link', { name: 'Set opening hours' }).getAttribute('href')).toBe(
      '/admin-panel/settings?tab=opening-hours',
    );
    // No channel yet: the test message step says to connect one first.
    expect(within(step('Send yourself a test message')).getByText(/Connect a channel first/)).toBeTruthy();
  });

  it('ticks the steps the server says are done and shows the bot to write to', () => {
    renderChecklist(withBot);
    expect(screen.getByRole('progressbar', { name: '2 of 4 steps done' })).toBeTruthy();
    expect(within(step('Connect a channel')).getByText('Done')).toBeTruthy();
    expect(within(step('Set opening hours')).getByText('Done')).toBeTruthy();
    expect(within(step('Invite an agent')).getByText('To do')).toBeTruthy();
    expect(within(step('Connect a channel')).getByText('@fjord_bot')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Manage Telegram' })).toBeTruthy();
    const write = screen.getByRole('link', { name: /Write to @fjord_bot in Telegram/ });
    expect(write.getAttribute('href')).toBe('https://t.me/fjord_bot');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is dismissed, and brought back once dismissed', () => {
    const onDismiss = renderChecklist(withBot);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss checklist' }));
    expect(onDismiss).toHaveBeenCalledWith(true);
    cleanup();
    const onShow = renderChecklist({ ...withBot, dismissed: true });
    expect(screen.getByText(/The checklist is dismissed/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show it again' }));
    expect(onShow).toHaveBeenCalledWith(false);
  });

  it('says when everything is done', () => {
    renderChecklist({ ...withBot, steps: { channel: true, agent: true, hours: true, testMessage: true } });
    expect(screen.getByRole('status').textContent).toContain('All set');
  });
});
