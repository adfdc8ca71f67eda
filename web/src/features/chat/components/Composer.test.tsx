// @vitest-environment jsdom
import type { Ticket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { useFileDrop } from '@/features/chat/hooks/use-file-drop';
import { useServiceWindow } from '@/features/chat/hooks/use-service-window';
import { Composer, type ComposerMode } from './Composer';

afterEach(cleanup);

// What the composer reads of a ticket: a WordPress ticket (no service window) another agent handles.
const ticket = {
  ticketid: '3f1c2d4e-0000-4000-8000-000000000001',
  platform: 'wordpress',
  stage: 'accepted',
  userid: 'someone-else',
} as Ticket;

function Harness({ startIn }: { startIn?: ComposerMode }) {
  const drop = useFileDrop(false);
  const serviceWindow = useServiceWindow(ticket);
  return (
    <Composer
      ticket={ticket}
      disabledReason="Only the agent handling this ticket can reply."
      onSendText={() => undefined}
      onSent={() => undefined}
      drop={drop}
      serviceWindow={serviceWindow}
      startIn={startIn}
    />
  );
}

const renderComposer = (startIn?: ComposerMode) => {
  const client = new QueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Harness startIn={startIn} />
    </QueryClientProvider>,
  );
  return {
    rerender: (next?: ComposerMode) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Harness startIn={next} />
        </QueryClientProvider>,
      ),
  };
};

const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;

describe('Composer: the mode it opens in', () => {
  it('opens in Reply, closed to a colleague who does not handle the ticket', () => {
    renderComposer();
    expect((screen.getByRole('radio', { name: /Reply/ }) as HTMLInputElement).checked).toBe(true);
    expect(box().disabled).toBe(true);
  });

  it('opens in Note when asked (a colleague from a note they were mentioned in): the box is open to them', () => {
    renderComposer('note');
    expect((screen.getByRole('radio', { name: /Note/ }) as HTMLInputElement).checked).toBe(true);
    expect(box().disabled).toBe(false);
  });

  it('switches to Note when asked while already open', () => {
    const { rerender } = renderComposer();
    rerender('note');
    expect((screen.getByRole('radio', { name: /Note/ }) as HTMLInputElement).checked).toBe(true);
    expect(box().disabled).toBe(false);
  });
});
