// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { ClientHandle } from './ClientHandle';

afterEach(cleanup);

describe('ClientHandle', () => {
  it("links a Telegram client's @username to their t.me page, in a new tab", () => {
    render(<ClientHandle identity={{ platform: 'telegram', username: 'ana_petrova' }} />);
    const link = screen.getByRole('link', { name: /@ana_petrova/ });
    expect(link.getAttribute('href')).toBe('https://t.me/ana_petrova');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows nothing without a handle, or on a channel without profile pages', () => {
    const { container } = render(
      <>
        <ClientHandle identity={{ platform: 'telegram', username: null }} />
        <ClientHandle identity={{ platform: 'whatsapp', username: 'ana' }} />
      </>,
    );
    expect(container.innerHTML).toBe('');
  });
});
