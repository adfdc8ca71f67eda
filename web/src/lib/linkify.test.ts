import { describe, expect, it } from 'vitest';
import { linkify, safeHref } from './linkify';

describe('linkify', () => {
  it('leaves plain text alone', () => {
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
  });

  it('links http and https addresses between text', () => {
    expect(linkify('see https://example.com/a?b=1 and http://x.test')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ' and ' },
      { kind: 'link', text: 'http://x.test', href: 'http://x.test/' },
    ]);
  });

  it('gives bare www. hosts an https scheme', () => {
    expect(linkify('www.example.org')).toEqual([
      { kind: 'link', text: 'www.example.org', href: 'https://www.example.org/' },
    ]);
  });

  it('keeps sentence punctuation out of the link, but a bracket that belongs to it in', () => {
    expect(linkify('(go to https://example.com/x).')[1]).toEqual({
      kind: 'link',
      text: 'https://example.com/x',
      href: 'https://example.com/x',
    });
    expect(linkify('https://en.wikipedia.org/wiki/Foo_(bar)')[0]).toMatchObject({
      text: 'https://en.wikipedia.org/wiki/Foo_(bar)',
    });
  });

  it('never links other schemes, and markup stays text', () => {
    const parts = linkify('javascript:alert(1) <b>hi</b> data:text/html,x');
    expect(parts.every((p) => p.kind === 'text')).toBe(true);
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('ftp://example.com')).toBeNull();
  });
});
