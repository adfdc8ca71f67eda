import { describe, expect, it } from 'vitest';
import { contrast, THEME } from './theme';

describe('the widget colours', () => {
  it('compute contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('meet AA (4.5:1) for every text on its background', () => {
    const pairs: [string, string, string][] = [
      ['dark text on the accent (launcher, header, visitor bubbles, Send)', THEME.onAccent, THEME.accent],
      ['body text on the panel', THEME.ink, THEME.surface],
      ['body text on agent bubbles', THEME.ink, THEME.bubble],
      ['times and system lines on the panel', THEME.muted, THEME.surface],
      ['times on agent bubbles', THEME.muted, THEME.bubble],
      ['errors on the panel', THEME.error, THEME.surface],
      ['errors on the guest form', THEME.error, THEME.bubble],
    ];
    for (const [what, text, background] of pairs) {
      expect(contrast(text, background), what).toBeGreaterThanOrEqual(4.5);
    }
    // The numbers, for the record: dark on the accent 11.88:1, body text 16.07 (panel) and 14.24 (bubble), times
    // 6.86 and 6.08, errors 6.54 and 5.79.
    expect(contrast(THEME.onAccent, THEME.accent)).toBeCloseTo(11.88, 2);
  });

  it('give control edges and focus rings 3:1 against what is around them', () => {
    expect(contrast(THEME.edge, THEME.surface)).toBeGreaterThanOrEqual(3);
    expect(contrast(THEME.edge, THEME.bubble)).toBeGreaterThanOrEqual(3);
    for (const around of [THEME.surface, THEME.accent, THEME.bubble]) {
      expect(contrast(THEME.ring, around)).toBeGreaterThanOrEqual(3);
    }
    // Edges 4.28 (panel) and 3.79 (bubble); the ring 15.55 on white, 11.88 on the accent. Never text in the
    // accent on white: 1.31.
    expect(contrast(THEME.accent, THEME.surface)).toBeLessThan(3);
  });
});
