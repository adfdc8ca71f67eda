// @vitest-environment jsdom
import { MAX_UPLOAD_BYTES, type Mentionable, type Ticket } from '@kreechat/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { useFileDrop } from '@/features/chat/hooks/use-file-drop';
import { useServiceWindow } from '@/features/chat/hooks/use-service-window';
import { Composer, type ComposerMode } from './Composer';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// What the composer reads of a ticket: a WordPress ticket (no service window) another agent handles.
const ticket = {
  ticketid: '3f1c2d4e-0000-4000-8000-000000000001',
  platform: 'wordpress',
  stage: 'accepted',
  userid: 'someone-else',
} as Ticket;

const HANDLED = 'Only the agent handling this ticket can reply.';

const colleagues: Mentionable[] = [
  { userid: '0b7c1e2a-0000-4000-8000-00000000000a', name: 'Bea Bolt', department_name: 'Support' },
  { userid: '0b7c1e2a-0000-4000-8000-00000000000b', name: 'Ben Stone', department_name: null },
  { userid: '0b7c1e2a-0000-4000-8000-00000000000c', name: 'Carla Diaz', department_name: 'Sales' },
] as Mentionable[];

interface HarnessProps {
  startIn?: ComposerMode;
  /** Why the viewer cannot reply; null for the handler of the open ticket. */
  disabledReason?: string | null;
  onSendText?: (content: string) => void;
  onSent?: () => void;
}

function Harness({ startIn, disabledReason = HANDLED, onSendText = () => undefined, onSent }: HarnessProps) {
  const drop = useFileDrop(false);
  const serviceWindow = useServiceWindow(ticket);
  return (
    <Composer
      ticket={ticket}
      disabledReason={disabledReason}
      onSendText={onSendText}
      onSent={onSent ?? (() => undefined)}
      drop={drop}
      serviceWindow={serviceWindow}
      startIn={startIn}
    />
  );
}

const renderComposer = (props: HarnessProps = {}) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  // The colleagues an @ offers, as GET /api/note-mentions would answer (fresh for a minute: no request is made).
  client.setQueryData(['note-mentions', ticket.ticketid], colleagues);
  const view = render(
    <QueryClientProvider client={client}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
  return {
    container: view.container,
    rerender: (next: HarnessProps) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Harness {...props} {...next} />
        </QueryClientProvider>,
      ),
  };
};

const box = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Types `value` into the box as the result of a keystroke: the caret ends after it. */
const type = (value: string) => fireEvent.change(box(), { target: { value } });
const key = (name: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(box(), { key: name, ...init });

/** Chooses `file` with the attach button's (hidden) file input, as the file dialog would. */
async function pick(container: HTMLElement, file: File) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  return screen.findByRole('group', { name: 'File to send' });
}

/** A fetch that answers only when told to, so what shows while a request is out can be seen. */
function heldFetch() {
  const waiting: ((response: Response) => void)[] = [];
  const fetch = vi.fn(() => new Promise<Response>((resolve) => waiting.push(resolve)));
  vi.stubGlobal('fetch', fetch);
  return {
    fetch,
    /** The request went out (a mutation starts a tick after the click or key). */
    sent: (times = 1) => vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(times)),
    fail: () =>
      act(async () => {
        waiting.shift()?.(new Response(JSON.stringify({ message: 'Boom' }), { status: 500 }));
        await new Promise((resolve) => setTimeout(resolve, 0));
      }),
  };
}

describe('Composer: the mode it opens in', () => {
  it('opens in Reply, closed to a colleague who does not handle the ticket', () => {
    renderComposer();
    expect(radio(/Reply/).checked).toBe(true);
    expect(box().disabled).toBe(true);
  });

  it('opens in Note when asked (a colleague from a note they were mentioned in): the box is open to them', () => {
    renderComposer({ startIn: 'note' });
    expect(radio(/Note/).checked).toBe(true);
    expect(box().disabled).toBe(false);
  });

  it('switches to Note when asked while already open', () => {
    const { rerender } = renderComposer();
    rerender({ startIn: 'note' });
    expect(radio(/Note/).checked).toBe(true);
    expect(box().disabled).toBe(false);
  });
});

describe('Composer: Reply and Note', () => {
  it('turns into a note with Alt+Shift+N and back: the box, its Send and the attach button say which', () => {
    renderComposer({ disabledReason: null });
    expect(box()).toHaveProperty('ariaLabel', 'Message');
    expect(button('Attach file').disabled).toBe(false);
    expect(screen.getByText('Alt+Shift+N switches to a note')).toBeTruthy();

    fireEvent.keyDown(box(), { key: 'N', code: 'KeyN', altKey: true, shiftKey: true });
    expect(radio(/Note/).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Internal note' })).toBe(box());
    expect(button('Attach file').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Add note' })).toBeTruthy();
    expect(screen.getByText('Only colleagues see notes — never the client')).toBeTruthy();

    // Ctrl+Shift+N is the browser's (a private window): the composer leaves it alone.
    fireEvent.keyDown(box(), { key: 'N', code: 'KeyN', ctrlKey: true, shiftKey: true });
    expect(radio(/Note/).checked).toBe(true);

    fireEvent.keyDown(box(), { key: 'N', code: 'KeyN', altKey: true, shiftKey: true });
    expect(radio(/Reply/).checked).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Message' })).toBe(box());
  });

  it('sends a reply with Enter, trimmed; blank text and Shift+Enter send nothing', () => {
    const onSendText = vi.fn();
    const onSent = vi.fn();
    renderComposer({ disabledReason: null, onSendText, onSent });
    expect(button('Send').disabled).toBe(true);

    type('   ');
    key('Enter');
    expect(onSendText).not.toHaveBeenCalled();

    type('  Your parcel is on its way  ');
    key('Enter', { shiftKey: true });
    expect(onSendText).not.toHaveBeenCalled();
    expect(button('Send').disabled).toBe(false);

    key('Enter');
    expect(onSendText).toHaveBeenCalledWith('Your parcel is on its way');
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(box().value).toBe('');
  });

  it('empties the box while a note is being saved, with Add note off; a failed note brings the draft back', async () => {
    const server = heldFetch();
    renderComposer({ startIn: 'note' });
    type('Call her back');
    key('Enter');
    expect(box().value).toBe('');
    await server.sent();
    type('x');
    expect(button('Add note').disabled).toBe(true);
    type('');

    await server.fail();
    expect(box().value).toBe('Call her back');
    expect(screen.getByRole('alert').textContent).toContain('Boom');
    expect(button('Add note').disabled).toBe(false);
    fireEvent.click(button('Dismiss'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Composer: the @ menu in a note', () => {
  const menu = () => screen.queryByRole('listbox', { name: 'Mention a colleague' });
  const options = () => within(menu()!).getAllByRole('option');

  it('opens on @, filters as the name is typed, and Enter inserts the one the arrows are on', () => {
    renderComposer({ startIn: 'note' });
    type('Please call her @');
    expect(options().map((o) => o.textContent)).toEqual(['Bea BoltSupport', 'Ben Stone', 'Carla DiazSales']);
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);

    type('Please call her @Be');
    expect(options().map((o) => o.textContent)).toEqual(['Bea BoltSupport', 'Ben Stone']);
    key('ArrowDown');
    expect(options()[1]!.getAttribute('aria-selected')).toBe('true');
    // The arrows wrap round.
    key('ArrowDown');
    expect(options()[0]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    key('Enter');

    expect(menu()).toBeNull();
    expect(box().value).toBe(`Please call her @[Ben Stone](${colleagues[1]!.userid}) `);
    // Enter picked: nothing was sent.
    expect(radio(/Note/).checked).toBe(true);
  });

  it('says when no colleague matches, and picks with a click or Tab too', () => {
    renderComposer({ startIn: 'note' });
    type('@zz');
    expect(menu()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('No colleague who sees this ticket matches');

    type('@car');
    fireEvent.click(options()[0]!);
    expect(box().value).toBe(`@[Carla Diaz](${colleagues[2]!.userid}) `);

    type('Hi @bea');
    key('Tab');
    expect(box().value).toBe(`Hi @[Bea Bolt](${colleagues[0]!.userid}) `);
  });

  it('closes with Escape until another @ is typed; a reply does not open it', () => {
    renderComposer({ startIn: 'note' });
    type('@b');
    expect(menu()).not.toBeNull();
    key('Escape');
    expect(menu()).toBeNull();
    type('@be');
    expect(menu()).toBeNull();
    type('@be @');
    expect(menu()).not.toBeNull();

    fireEvent.click(radio(/Reply/));
    expect(menu()).toBeNull();
  });
});

describe('Composer: a picked file', () => {
  it('shows its name, size and type with Send focused; Cancel drops it', async () => {
    const { container } = renderComposer({ disabledReason: null });
    const card = await pick(container, new File(['x'.repeat(2048)], 'photo.png', { type: 'image/png' }));
    expect(card.textContent).toContain('photo.png');
    expect(card.textContent).toContain('2 KB');
    expect(card.textContent).toContain('image/png');
    expect(document.activeElement).toBe(within(card).getByRole('button', { name: 'Send file' }));

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'File to send' })).toBeNull();
    expect(document.activeElement).toBe(box());
  });

  it('refuses a type outside the list and a file over the upload limit, with no Send', async () => {
    const { container } = renderComposer({ disabledReason: null });
    const exe = await pick(container, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(within(exe).getByRole('alert').textContent).toContain('File type must be image/*, video/*, audio/*, .pdf');
    expect(within(exe).queryByRole('button', { name: 'Send file' })).toBeNull();
    expect(document.activeElement).toBe(within(exe).getByRole('button', { name: 'Cancel' }));

    const huge = new File(['%PDF'], 'scan.pdf', { type: 'application/pdf' });
    Object.defineProperty(huge, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    const big = await pick(container, huge);
    await vi.waitFor(() => expect(big.textContent).toContain('scan.pdf'));
    expect(within(big).getByRole('alert').textContent).toContain(
      `File is larger than ${MAX_UPLOAD_BYTES.toLocaleString('en')} bytes`,
    );
    expect(within(big).queryByRole('button', { name: 'Send file' })).toBeNull();
  });

  it('cannot go in a note: the card says to switch to Reply', async () => {
    const { container } = renderComposer({ disabledReason: null });
    await pick(container, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    fireEvent.click(radio(/Note/));
    const card = screen.getByRole('group', { name: 'File to send' });
    expect(within(card).getByRole('alert').textContent).toContain('Files cannot go in a note');
    expect(within(card).queryByRole('button', { name: 'Send file' })).toBeNull();
  });

  it('says the file is going out, with Attach off meanwhile; a failure offers Retry', async () => {
    const server = heldFetch();
    const { container } = renderComposer({ disabledReason: null });
    const card = await pick(container, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Send file' }));
    expect(screen.queryByRole('group', { name: 'File to send' })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Sending invoice.pdf…');
    expect(button('Attach file').disabled).toBe(true);

    await server.sent();
    await server.fail();
    expect(screen.getByRole('alert').textContent).toContain('Boom');
    expect(button('Attach file').disabled).toBe(false);
    fireEvent.click(button('Retry'));
    expect(screen.getByRole('status').textContent).toBe('Sending invoice.pdf…');
    await server.sent(2);
  });
});

describe('Composer: closed to replies', () => {
  it('a closed ticket: the reason shows, text, files and Send are off, a note can still be written', async () => {
    const { container } = renderComposer({ disabledReason: 'This ticket is closed' });
    expect(screen.getByText('This ticket is closed')).toBeTruthy();
    expect(box().disabled).toBe(true);
    expect(box().getAttribute('aria-describedby')).toBe(screen.getByText('This ticket is closed').id);
    expect(button('Attach file').disabled).toBe(true);
    expect(button('Send').disabled).toBe(true);
    // A file dropped anyway shows no card to send it with.
    fireEvent.change(container.querySelector('input[type="file"]')!, {
      target: { files: [new File(['%PDF'], 'a.pdf', { type: 'application/pdf' })] },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('group', { name: 'File to send' })).toBeNull();

    fireEvent.click(radio(/Note/));
    expect(screen.queryByText('This ticket is closed')).toBeNull();
    expect(box().disabled).toBe(false);
  });
});
