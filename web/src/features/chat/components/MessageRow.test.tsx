// @vitest-environment jsdom
import { CLIENT_UNREACHABLE, TICKET_CLOSED, type Message } from '@kreechat/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, i18n } from '@/lib/i18n';
import { aMessage } from '@/test/fixtures';
import { MessageBubble, OutboxBubble } from './MessageRow';

afterEach(cleanup);
beforeAll(async () => {
  await applyLanguage('ru');
});

const failed = (overrides: Partial<Message>): Message =>
  aMessage({
    content: 'Are you there?',
    created_on: '2026-03-01T10:00:00Z',
    created_by: 'Ada',
    isagent: true,
    clientid: null,
    senderid: 'u1',
    delivery_status: 'failed',
    ...overrides,
  });

const renderBubble = (message: Message) =>
  render(
    <MessageBubble
      message={message}
      continued={false}
      viewerId="u1"
      clientName="Nadia"
      onOpenMedia={() => undefined}
      onRetry={() => undefined}
      retrying={false}
    />,
  );

describe('MessageBubble: why a reply was not delivered, in the reader’s language', () => {
  it('translates the server’s code; the remote’s own words are only its tooltip', () => {
    expect(i18n.language).toBe('ru');
    renderBubble(
      failed({ delivery_failure: 'clientBlocked', delivery_error: 'Forbidden: bot was blocked by the user' }),
    );
    const reason = screen.getByText('Не доставлено: клиент заблокировал бота');
    expect(reason.getAttribute('title')).toBe('Forbidden: bot was blocked by the user');
  });

  it('says a disconnected channel with no English in it', () => {
    renderBubble(failed({ delivery_failure: 'channelDisconnected' }));
    expect(screen.getByText(/^Не доставлено: /).textContent).toBe(
      'Не доставлено: канал, через который шёл чат, больше не подключён',
    );
  });

  it('shows a reason stored before codes as it was written', () => {
    renderBubble(failed({ delivery_error: 'The Telegram bot is no longer connected' }));
    expect(screen.getByText('Не доставлено: The Telegram bot is no longer connected')).toBeTruthy();
  });
});

describe('OutboxBubble: why one’s own text was refused before it was queued', () => {
  const renderRefused = (error: string | null) =>
    render(
      <OutboxBubble
        item={{
          key: 'k1',
          ticketid: 't1',
          content: 'Hello',
          created_on: '2026-03-01T10:00:00Z',
          status: 'failed',
          error,
        }}
        continued={false}
        onRetry={() => undefined}
        onDiscard={() => undefined}
      />,
    );

  it('translates the refusals the contract names', () => {
    renderRefused(TICKET_CLOSED);
    expect(screen.getByText('Не доставлено: тикет закрыт')).toBeTruthy();
    cleanup();
    renderRefused(CLIENT_UNREACHABLE);
    expect(screen.getByText('Не доставлено: клиент недоступен в этом канале')).toBeTruthy();
  });

  it('says a network failure as such, and another server message as written', () => {
    renderRefused(null);
    expect(screen.getByText('Не доставлено: сервер недоступен')).toBeTruthy();
    cleanup();
    renderRefused('Something new');
    expect(screen.getByText('Не доставлено: Something new')).toBeTruthy();
  });
});
